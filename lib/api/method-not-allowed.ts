import "server-only";
import crypto from "node:crypto";
import { problem } from "./errors";
import { problemResponse } from "./respond";

/** Marks a handler that only refuses its method, so the route-table tests do not count it as served. */
export const NOT_SERVED = Symbol.for("deckforge.notServed");

/**
 * Handlers answering a `method_not_allowed` problem with `Allow`, for the methods an upload route
 * does not serve. Every other API route gets that answer from proxy.ts; the upload routes are left
 * out of the proxy, which would buffer (and past 10 MB cut) their multipart bodies in memory.
 */
export function methodsNotAllowed(allowed: string[]) {
  const handler = Object.assign(
    (req: Request) => {
      const requestId = crypto.randomUUID();
      const detail = `${req.method} is not served at ${new URL(req.url).pathname}; use ${allowed.join(", ")}.`;
      return problemResponse(
        { ...problem("method_not_allowed", detail), request_id: requestId },
        { allow: allowed.join(", "), "x-request-id": requestId },
      );
    },
    { [NOT_SERVED]: true },
  );
  return { GET: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
