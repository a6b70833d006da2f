import "server-only";
import { ApiError, invalidFields, problem, type TProblem } from "./errors";
import { ZodError } from "zod";

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
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ZodError) error = invalidFields(error);
  if (error instanceof ApiError) {
    const headers: Record<string, string> = { ...error.details?.headers, "x-request-id": requestId };
    if (error.code === "unauthorized") headers["www-authenticate"] = 'Bearer realm="deckforge"';
    return problemResponse({ ...problem(error.code, error.message, error.details?.errors), request_id: requestId }, headers);
  }
  console.error(`[deckforge] request ${requestId} failed:`, error);
  return problemResponse(
    { ...problem("internal_error", `An internal error occurred. Quote request id ${requestId} when reporting it.`), request_id: requestId },
    { "x-request-id": requestId },
  );
}
