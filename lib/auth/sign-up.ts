import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { hashPassword, passwordWeakness } from "./password";
import { newAccountData, normaliseEmail } from "./users";

/**
 * Signs up an account with a password; a weak password is a 422 naming the rule. A taken email
 * is not an error and makes nothing: the caller answers both alike (the password is hashed either
 * way, so neither the answer nor its time tells whether the email has an account) and the web app
 * signs in next — which works only with that account's own password. A new account starts with the
 * CREDITS_GRANT, recorded in the same write (newAccountData).
 */
export async function signUp(
  db: Db,
  input: { email: string; password: string; name?: string },
  /** Runs once the password passed, before anything is written: the per-address sign-up limit. */
  admit: () => Promise<void> = async () => {},
): Promise<{ email: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  const weakness = passwordWeakness(input.password, email);
  if (weakness)
    throw new ApiError("invalid_field", `The password is too weak: ${weakness}`, {
      errors: [{ path: "password", message: weakness }],
    });
  await admit();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.user.create({
      data: newAccountData({ email, name: input.name?.trim() || null, passwordHash }),
      select: { id: true },
    });
    return { email, created: true };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      return { email, created: false };
    throw error;
  }
}
