import "server-only";
import crypto from "node:crypto";
import { verifyApiKey } from "@/lib/auth/api-keys";
import { getRequestSessionUser } from "@/lib/auth/get-session-user";
import { type Db, getDb } from "@/lib/db";
import { isOwnOrigin } from "@/lib/security/request-origin";
import { ApiError } from "./errors";
import { checkRateLimit, rateLimitHeaders, sessionRateLimitPerMinute } from "./rate-limit";
import { errorResponse } from "./respond";

export type TApiContext<P> = {
  req: Request;
  db: Db;
  user: { id: string };
  /** The key the request was authenticated with; null for a signed-in browser session. */
  apiKeyId: string | null;
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The account of a browser session, refusing cross-site changes: a session-authenticated request
 * that changes something must carry an Origin header naming this server — PUBLIC_URL, or the host
 * the request reached (isOwnOrigin; browsers always send Origin on POST/PUT/PATCH/DELETE) — so a
 * form or script on another site cannot act for the user.
 */
async function sessionAccount(req: Request): Promise<{ id: string; sessionId: string } | null> {
  const user = await getRequestSessionUser(req);
  if (!user) return null;
  if (!SAFE_METHODS.has(req.method)) {
    const origin = req.headers.get("origin");
    if (!origin || !isOwnOrigin(origin, req.headers, new URL(req.url).protocol))
      throw new ApiError(
        "forbidden",
        "This request came from another site; session-authenticated changes must come from this server's pages.",
      );
  }
  return { id: user.id, sessionId: user.sessionId };
}

/**
 * Wraps an API route: authenticates the Bearer key — or, without an Authorization header, the
 * signed-in browser session (the web app calls the same API) — applies the rate limit per key or
 * per session account (429 with Retry-After; RateLimit-* headers on every answer after
 * authentication, errors included), records the key's last use, and turns every thrown ApiError
 * or ZodError into one problem body.
 */
export function withApiKey<P = Record<string, never>>(handler: (ctx: TApiContext<P>) => Promise<Response>) {
  return withErrors<P>(async ({ req, params, requestId }) => {
    const header = req.headers.get("authorization");
    const db = await getDb();
    let account: { userId: string; apiKeyId: string | null };
    if (header === null) {
      const user = await sessionAccount(req);
      if (!user)
        throw new ApiError("unauthorized", "Send your API key as 'Authorization: Bearer <key>', or sign in.");
      account = { userId: user.id, apiKeyId: null };
    } else {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) throw new ApiError("unauthorized", "Send your API key as 'Authorization: Bearer <key>'.");
      const key = await verifyApiKey(db, match[1]);
      if (!key) throw new ApiError("unauthorized", "The API key is invalid or has been revoked.");
      account = { userId: key.userId, apiKeyId: key.id };
    }
    const limit = account.apiKeyId
      ? await checkRateLimit(account.apiKeyId)
      : await checkRateLimit(`session:${account.userId}`, { limit: sessionRateLimitPerMinute() });
    if (limit && !limit.allowed) {
      const headers = rateLimitHeaders(limit);
      throw new ApiError(
        "rate_limited",
        `This ${account.apiKeyId ? "API key" : "account"} made ${limit.limit} requests in the last minute, its limit; retry in ${headers["Retry-After"]} s.`,
        { headers },
      );
    }
    if (account.apiKeyId)
      await db.apiKey.update({
        where: { id: account.apiKeyId },
        data: { lastUsedAt: new Date() },
        select: { id: true },
      });
    let response: Response;
    try {
      response = await handler({
        req,
        db,
        user: { id: account.userId },
        apiKeyId: account.apiKeyId,
        params,
        requestId,
      });
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    if (limit)
      for (const [name, value] of Object.entries(rateLimitHeaders(limit))) response.headers.set(name, value);
    return response;
  });
}

/**
 * Wraps a web-app route that only a signed-in browser session may call (account management:
 * API keys, password, sessions): a Bearer key is not accepted, cross-site changes are refused.
 * `sessionId` is the calling browser's session.
 */
export function withSession<P = Record<string, never>>(
  handler: (ctx: Omit<TApiContext<P>, "apiKeyId"> & { sessionId: string }) => Promise<Response>,
) {
  return withErrors<P>(async ({ req, params, requestId }) => {
    const account = await sessionAccount(req);
    if (!account) throw new ApiError("unauthorized", "Sign in to manage your account.");
    const { sessionId, ...user } = account;
    return handler({ req, db: await getDb(), user, sessionId, params, requestId });
  });
}
