import "server-only";
import crypto from "node:crypto";
import { verifyApiKey } from "@/lib/auth/api-keys";
import { type Db, getDb } from "@/lib/db";
import { ApiError } from "./errors";
import { checkRateLimit, rateLimitHeaders } from "./rate-limit";
import { errorResponse } from "./respond";

export type TApiContext<P> = {
  req: Request;
  db: Db;
  user: { id: string };
  apiKeyId: string;
  params: P;
  requestId: string;
};

type RouteContext<P> = { params: Promise<P> };

/** Wraps a public route: a request id and one problem body for every error. */
export function withErrors<P = Record<string, never>>(
  handler: (ctx: { req: Request; params: P; requestId: string }) => Promise<Response>,
) {
  return async (req: Request, route: RouteContext<P>): Promise<Response> => {
    const requestId = crypto.randomUUID();
    try {
      const response = await handler({ req, params: await route.params, requestId });
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/**
 * Wraps an API route: authenticates the Bearer key (401 with WWW-Authenticate otherwise), applies
 * the key's rate limit (429 with Retry-After; RateLimit-* headers on every answer after
 * authentication, errors included), records the key's last use, and turns every thrown ApiError
 * or ZodError into one problem body.
 */
export function withApiKey<P = Record<string, never>>(handler: (ctx: TApiContext<P>) => Promise<Response>) {
  return withErrors<P>(async ({ req, params, requestId }) => {
    const header = req.headers.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new ApiError("unauthorized", "Send your API key as 'Authorization: Bearer <key>'.");
    const db = await getDb();
    const key = await verifyApiKey(db, match[1]);
    if (!key) throw new ApiError("unauthorized", "The API key is invalid or has been revoked.");
    const limit = await checkRateLimit(key.id);
    if (limit && !limit.allowed) {
      const headers = rateLimitHeaders(limit);
      throw new ApiError(
        "rate_limited",
        `This API key made ${limit.limit} requests in the last minute, its limit; retry in ${headers["Retry-After"]} s.`,
        { headers },
      );
    }
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() }, select: { id: true } });
    let response: Response;
    try {
      response = await handler({ req, db, user: { id: key.userId }, apiKeyId: key.id, params, requestId });
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    if (limit)
      for (const [name, value] of Object.entries(rateLimitHeaders(limit))) response.headers.set(name, value);
    return response;
  });
}
