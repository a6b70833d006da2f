// POST /api/account/signup — create an account with email + password (201); the web app then signs in
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZAccountView, ZSignUpRequest } from "@/lib/api/schemas/account";
import { withErrors } from "@/lib/api/with-api-key";
import { createAccount } from "@/lib/auth/create-account";
import { getDb } from "@/lib/db";

export const POST = withErrors(async ({ req }) => {
  const input = await parseBody(req, ZSignUpRequest);
  const account = await createAccount(await getDb(), {
    email: input.email,
    password: input.password,
    name: input.name ?? undefined,
  });
  return json(ZAccountView.parse(account), { status: 201 });
});
