import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id?: string; name?: string | null; email?: string | null; image?: string | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The Deckforge account id. */
    uid?: string;
    /** The Session row this browser signed in as (lib/auth/start-session.ts); none signs nobody in. */
    sid?: string;
  }
}
