// /api/auth/* — next-auth: sign-in (email + password, configured OAuth), sign-out, session, CSRF token.
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/auth-options";

type TContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: TContext) {
  return NextAuth(getAuthOptions())(req, context);
}

export { handler as GET, handler as POST };
