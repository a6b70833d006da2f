import "server-only";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { getDb } from "@/lib/db";
import { getAuthOptions } from "./auth-options";

export type TSessionUser = { id: string; email: string; name: string | null };

/**
 * The signed-in account of this request (server components and route handlers), or null. The
 * account is read from the database, so a deleted account's token signs nobody in.
 */
export async function getSessionUser(): Promise<TSessionUser | null> {
  const session = await getServerSession(getAuthOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const db = await getDb();
  return db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/**
 * The signed-in account of an API request, read from its own Cookie header (route handlers called
 * outside Next's request scope too). Null without a valid session cookie; the secure cookie name
 * (https) is tried before the plain one, whichever the sign-in set.
 */
export async function getRequestSessionUser(req: Request): Promise<TSessionUser | null> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const cookieName = SESSION_COOKIES.find((name) =>
    [...cookies.keys()].some((key) => key === name || key.startsWith(`${name}.`)),
  );
  if (!cookieName) return null;
  const token = await getToken({
    req: { cookies, headers: req.headers } as unknown as Parameters<typeof getToken>[0]["req"],
    cookieName,
    secureCookie: cookieName.startsWith("__Secure-"),
    secret: getAuthOptions().secret,
  });
  if (typeof token?.uid !== "string") return null;
  const db = await getDb();
  return db.user.findUnique({ where: { id: token.uid }, select: { id: true, email: true, name: true } });
}

/** The signed-in account, or a redirect to sign-in that comes back to `returnTo` afterwards. */
export async function requireSessionUser(returnTo: string): Promise<TSessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
