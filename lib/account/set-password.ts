import "server-only";
import { ApiError } from "@/lib/api/errors";
import { hashPassword, passwordWeakness } from "@/lib/auth/password";
import type { Db } from "@/lib/db";

/**
 * Replaces an account's password after the same strength check as sign-up (422 naming the rule
 * at `path`). Used by the account page (after checking the current password) and the CLI.
 */
export async function setPassword(
  db: Db,
  user: { id: string; email: string },
  password: string,
  path = "password",
): Promise<void> {
  const weakness = passwordWeakness(password, user.email);
  if (weakness)
    throw new ApiError("invalid_field", `The password is too weak: ${weakness}`, {
      errors: [{ path, message: weakness }],
    });
  const passwordHash = await hashPassword(password);
  await db.user.update({ where: { id: user.id }, data: { passwordHash }, select: { id: true } });
}
