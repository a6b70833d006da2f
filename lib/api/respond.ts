import "server-only";
import { problem, type TProblem } from "./errors";
import { toApiError } from "./to-api-error";

/** A JSON response. */
export function json(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

/** Serialises a problem with the problem+json media type. */
export function problemResponse(body: TProblem, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}

/**
 * Turns anything thrown by a handler into one problem body. Unknown errors become a 500 that
 * shows only the request id; the cause is logged with it.
 */
export function errorResponse(thrown: unknown, requestId: string): Response {
  const error = toApiError(thrown);
  if (error) {
    const headers: Record<string, string> = { ...error.details?.headers, "x-request-id": requestId };
    if (error.code === "unauthorized") headers["www-authenticate"] = 'Bearer realm="deckforge"';
    // Extensions first: they can add members but never replace the standard ones.
    return problemResponse(
      {
        ...error.details?.extensions,
        ...problem(error.code, error.message, error.details?.errors),
        request_id: requestId,
      },
      headers,
    );
  }
  console.error(`[deckforge] request ${requestId} failed:`, thrown);
  return problemResponse(
    {
      ...problem(
        "internal_error",
        `An internal error occurred. Quote request id ${requestId} when reporting it.`,
      ),
      request_id: requestId,
    },
    { "x-request-id": requestId },
  );
}
