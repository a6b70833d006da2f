import "server-only";
import { ApiError } from "@/lib/api/errors";
import { hashPassword, passwordWeakness } from "@/lib/auth/password";
import type { Db } from "@/lib/db";

/**
 * Replaces an account's password after the same strength check as sign-up (422 naming the rule
 * at `path`), and in the same write ends the account's signed-in sessions — all but `keepSessionId`
 * (the browser that changed it, from the account page; the CLI keeps none). Used by the account
 * page (after checking the current password) and the CLI.
 */
export async function setPassword(
  db: Db,
  user: { id: string; email: string },
  password: string,
  path = "password",
  keepSessionId?: string,
): Promise<void> {
  const weakness = passwordWeakness(password, user.email);
  if (weakness)
    throw new ApiError("invalid_field", `The password is too weak: ${weakness}`, {
      errors: [{ path, message: weakness }],
    });
  const passwordHash = await hashPassword(password);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash }, select: { id: true } }),
    db.session.deleteMany({
      where: { userId: user.id, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    }),
  ]);
}
