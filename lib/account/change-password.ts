import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TChangePasswordRequest } from "@/lib/api/schemas/account";
import { verifyPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db";
import { setPassword } from "./set-password";

/**
 * Changes the signed-in account's password and signs out every other browser of the account at
 * once; the session that changed it (`sessionId`) stays signed in. A wrong or missing current password is a 422 on
 * `current_password` — not a 401, which would read as "your session ended" — and a weak new one a
 * 422 on `new_password`. An account without a password (made through OAuth) sets its first one.
 */
export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  input: TChangePasswordRequest,
): Promise<void> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, passwordHash: true },
  });
  if (user.passwordHash) {
    const current = input.current_password ?? "";
    if (!current || !(await verifyPassword(current, user.passwordHash)))
      throw new ApiError("invalid_field", "The current password is not right.", {
        errors: [{ path: "current_password", message: "This is not your current password." }],
      });
    if (current === input.new_password)
      throw new ApiError("invalid_field", "The new password is the same as the current one.", {
        errors: [{ path: "new_password", message: "Choose a password different from the current one." }],
      });
  }
  await setPassword(db, user, input.new_password, "new_password", sessionId);
}
