import "server-only";
import type { Db } from "@/lib/db";

/** Whether the account can sign in with a password (accounts made through OAuth or the CLI may not). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return Boolean(user?.passwordHash);
}
