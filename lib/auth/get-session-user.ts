import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { getAuthOptions } from "./auth-options";
import { readSession } from "./read-session";

/** The signed-in account and the session (the browser's sign-in) it is signed in with. */
export type TSessionUser = { id: string; email: string; name: string | null; sessionId: string };

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/**
 * The account of a set of request cookies: the session cookie is decoded (the secure name, on
 * https, is tried before the plain one, whichever the sign-in set) and its session looked up — a
 * token whose session was signed out, revoked, ended by a password change or has expired, and one
 * issued before sessions were recorded, sign nobody in; so does a deleted account's.
 */
async function accountOfCookies(cookieMap: Map<string, string>): Promise<TSessionUser | null> {
  const cookieName = SESSION_COOKIES.find((name) =>
    [...cookieMap.keys()].some((key) => key === name || key.startsWith(`${name}.`)),
  );
  if (!cookieName) return null;
  const token = await getToken({
    // No Authorization header: getToken would read a Bearer API key as a session token.
    req: { cookies: cookieMap, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    cookieName,
    secureCookie: cookieName.startsWith("__Secure-"),
    secret: getAuthOptions().secret,
  });
  const session = await readSession(await getDb(), token);
  return session ? { ...session.user, sessionId: session.sessionId } : null;
}

/**
 * The signed-in account of this request (server components and route handlers in Next's request
 * scope), or null. Read once per render however many components ask.
 */
export const getSessionUser = cache(async (): Promise<TSessionUser | null> => {
  const store = await cookies();
  return accountOfCookies(new Map(store.getAll().map((cookie) => [cookie.name, cookie.value])));
});

/**
 * The signed-in account of an API request, read from its own Cookie header (route handlers called
 * outside Next's request scope too). Null without a live session.
 */
export async function getRequestSessionUser(req: Request): Promise<TSessionUser | null> {
  const cookieMap = new Map<string, string>();
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookieMap.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return accountOfCookies(cookieMap);
}

/** The signed-in account, or a redirect to sign-in that comes back to `returnTo` afterwards. */
export async function requireSessionUser(returnTo: string): Promise<TSessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
