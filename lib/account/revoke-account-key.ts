import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/**
 * Revokes one of the account's keys; from then on it answers 401. Revoking a revoked key changes
 * nothing (the first revocation time stays). Another account's key is a 404, like an unknown id.
 */
export async function revokeAccountKey(db: Db, userId: string, keyId: string): Promise<void> {
  const key = await db.apiKey.findFirst({ where: { id: keyId, userId }, select: { id: true } });
  if (!key) throw new ApiError("not_found", `No API key ${keyId} on this account.`);
  await db.apiKey.updateMany({
    where: { id: keyId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}
