// POST /api/account/signup — sign up with email + password (202 whether or not the email was new:
// the answer does not tell who has an account); the web app then signs in with the same credentials
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZSignUpAnswer, ZSignUpRequest } from "@/lib/api/schemas/account";
import { withErrors } from "@/lib/api/with-api-key";
import { countSignUp } from "@/lib/auth/auth-limits";
import { signUp } from "@/lib/auth/sign-up";
import { getDb } from "@/lib/db";

export const POST = withErrors(async ({ req }) => {
  const input = await parseBody(req, ZSignUpRequest);
  const { email } = await signUp(
    await getDb(),
    { email: input.email, password: input.password, name: input.name ?? undefined },
    () => countSignUp(req.headers),
  );
  const detail = "Sign in with this email and password.";
  return json(ZSignUpAnswer.parse({ email, detail }), { status: 202 });
});
