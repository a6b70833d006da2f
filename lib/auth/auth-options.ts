import "server-only";
import crypto from "node:crypto";
import { headers } from "next/headers";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { getConfig, getSecret } from "@/lib/config";
import { getDb } from "@/lib/db";
import { getSecuritySettings } from "@/lib/security/security-settings";
import { endSession } from "./end-session";
import { dummyPasswordHash, verifyPassword } from "./password";
import { readSession } from "./read-session";
import { SESSION_MAX_AGE_SECONDS } from "./session-settings";
import { startSession } from "./start-session";
import { findOrCreateUser, normaliseEmail } from "./users";

/**
 * Thrown by the jwt callback when a token's session has ended: next-auth then answers
 * /api/auth/session with no session and clears the cookie, so next-auth's client (`useSession`)
 * does not present a revoked session as signed in.
 */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended (signed out, revoked or expired).");
    this.name = "SessionEndedError";
  }
}

/** The signing-in browser's User-Agent (the sign-in runs inside next-auth's route handler). */
async function signInUserAgent(): Promise<string | null> {
  try {
    return (await headers()).get("user-agent");
  } catch {
    return null;
  }
}

/**
 * The origin next-auth builds its callback URLs from: NEXTAUTH_URL, else PUBLIC_URL, else the
 * request's host (a self-hosted server answers on whatever host and port it was started on).
 */
function configureOrigin(): void {
  const { PUBLIC_URL } = getConfig();
  if (!process.env.NEXTAUTH_URL && PUBLIC_URL) process.env.NEXTAUTH_URL = PUBLIC_URL;
  if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
}

/**
 * The key session tokens are encrypted with: NEXTAUTH_SECRET, else derived from the server secret
 * kept in the data directory — so sessions survive restarts and every instance sharing the
 * secret accepts them.
 */
function sessionSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  return crypto.createHmac("sha256", getSecret()).update("next-auth session").digest("hex");
}

/** OAuth providers switched on by their env pairs. */
function oauthProviders(): NextAuthOptions["providers"] {
  const providers: NextAuthOptions["providers"] = [];
  if (process.env.GITHUB_ID && process.env.GITHUB_SECRET)
    providers.push(
      GitHubProvider({ clientId: process.env.GITHUB_ID, clientSecret: process.env.GITHUB_SECRET }),
    );
  if (process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET)
    providers.push(
      GoogleProvider({
        clientId: process.env.GOOGLE_CLIENT_ID,
        clientSecret: process.env.GOOGLE_CLIENT_SECRET,
      }),
    );
  return providers;
}

/** Which OAuth providers are configured, for the sign-in page's buttons. */
export function configuredOAuthProviders(): { id: "github" | "google"; name: string }[] {
  return oauthProviders().map((provider) => ({
    id: provider.id as "github" | "google",
    name: provider.name,
  }));
}

let cached: NextAuthOptions | undefined;

/**
 * next-auth's configuration: email + password (bcrypt) and the configured OAuth providers, JWT
 * sessions in an HttpOnly, SameSite=Lax cookie (Secure on https), holding the account id and the
 * id of a Session row made at sign-in — the row is what keeps the cookie working: sign-out deletes
 * it, and every read of the session checks it (lib/auth/read-session.ts). An OAuth sign-in with a
 * verified email joins the account of that email or creates it.
 */
export function getAuthOptions(): NextAuthOptions {
  if (cached) return cached;
  configureOrigin();
  cached = {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials) {
          const email = normaliseEmail(String(credentials?.email ?? ""));
          const password = String(credentials?.password ?? "");
          if (!email || !password) return null;
          const db = await getDb();
          const user = await db.user.findUnique({
            where: { email },
            select: { id: true, email: true, name: true, passwordHash: true },
          });
          // Compare against a dummy hash for unknown emails too: the answer takes as long either way.
          const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
          if (!user?.passwordHash || !ok) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.type !== "oauth") return true;
        const verified = (profile as { email_verified?: boolean } | undefined)?.email_verified;
        if (!user.email || verified === false) return "/sign-in?error=OAuthEmail";
        // SIGN_UP=closed: a provider's sign-in joins an existing account but makes no new one.
        if (getSecuritySettings().SIGN_UP === "closed") {
          const db = await getDb();
          const email = normaliseEmail(user.email);
          if (!(await db.user.findUnique({ where: { email }, select: { id: true } })))
            return "/sign-in?error=SignUpClosed";
        }
        return true;
      },
      async jwt({ token, user, account }) {
        const db = await getDb();
        if (user) {
          // A sign-in: the account, then a new session of it.
          token.uid =
            account?.type === "oauth" && user.email
              ? (await findOrCreateUser(db, user.email, user.name ?? undefined)).id
              : user.id;
          token.sid = await startSession(db, token.uid, await signInUserAgent());
          return token;
        }
        // A read of the session (GET /api/auth/session): only a live session keeps the token.
        if (!(await readSession(db, token))) throw new SessionEndedError();
        return token;
      },
      async session({ session, token }) {
        if (session.user && typeof token.uid === "string") session.user.id = token.uid;
        return session;
      },
    },
    events: {
      // POST /api/auth/signout: the session ends for every copy of its cookie, not only this browser's.
      async signOut({ token }) {
        await endSession(await getDb(), token);
      },
    },
    logger: {
      // An ended session read through /api/auth/session is an ordinary answer, not a server error.
      error(code, metadata) {
        if (metadata instanceof SessionEndedError) return;
        const message =
          metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message;
        console.error(`[next-auth][error][${code}]`, message ?? "", metadata);
      },
    },
  };
  return cached;
}
