import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { hashPassword, passwordWeakness } from "./password";
import { normaliseEmail } from "./users";

/**
 * Signs up an account with a password: a taken email is a 409, a weak password a 422 naming the
 * rule. The account starts with the CREDITS_GRANT, recorded in the same write (as findOrCreateUser).
 */
export async function createAccount(db: Db, input: { email: string; password: string; name?: string }) {
  const email = normaliseEmail(input.email);
  const weakness = passwordWeakness(input.password, email);
  if (weakness)
    throw new ApiError("invalid_field", `The password is too weak: ${weakness}`, {
      errors: [{ path: "password", message: weakness }],
    });
  const taken = () =>
    new ApiError("conflict", `An account with the email ${email} already exists; sign in instead.`, {
      errors: [{ path: "email", message: "This email already has an account." }],
    });
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
  const passwordHash = await hashPassword(input.password);
  const { grant } = getCreditSettings();
  try {
    return await db.user.create({
      data: {
        email,
        name: input.name?.trim() || null,
        passwordHash,
        creditBalance: grant,
        ...(grant > 0 ? { ledger: { create: { delta: grant, reason: "grant" } } } : {}),
      },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw taken();
    throw error;
  }
}
