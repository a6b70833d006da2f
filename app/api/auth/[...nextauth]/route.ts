// /api/auth/* — next-auth: sign-in (email + password, configured OAuth), sign-out, session, CSRF token.
// A password sign-in (POST callback/credentials) is counted first against the per-address and
// per-email limits (lib/auth/auth-limits.ts): past them, a 429 problem with Retry-After whose `url`
// sends next-auth's client to the sign-in page with error=TooManyAttempts.
import NextAuth from "next-auth";
import { ApiError } from "@/lib/api/errors";
import { publicOrigin } from "@/lib/api/public-origin";
import { errorResponse } from "@/lib/api/respond";
import { countSignInAttempt } from "@/lib/auth/auth-limits";
import { getAuthOptions } from "@/lib/auth/auth-options";

type TContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: TContext) {
  const { nextauth } = await context.params;
  if (req.method === "POST" && nextauth.join("/") === "callback/credentials") {
    const refused = await signInRefusal(req);
    if (refused) return refused;
  }
  return NextAuth(getAuthOptions())(req, context);
}

/** The 429 answer when this password sign-in is past a limit; null when it may go on. */
async function signInRefusal(req: Request): Promise<Response | null> {
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  const email = String(form?.get("email") ?? "");
  try {
    await countSignInAttempt(req.headers, email);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const url = `${publicOrigin(req)}/sign-in?error=TooManyAttempts`;
    const refusal = new ApiError(error.code, error.message, { ...error.details, extensions: { url } });
    return errorResponse(refusal, crypto.randomUUID());
  }
}

export { handler as GET, handler as POST };
