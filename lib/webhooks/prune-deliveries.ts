import "server-only";
import type { Db } from "@/lib/db";
import type { TWebhookConfig } from "./webhook-config";

/**
 * Deletes finished deliveries (succeeded or failed) last touched more than retentionDays ago, with
 * their attempt log; pending ones are kept whatever their age. Returns how many were deleted.
 */
export async function pruneDeliveries(
  db: Db,
  config: TWebhookConfig,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - config.retentionDays * 86_400_000);
  const deleted = await db.webhookDelivery.deleteMany({
    where: { status: { in: ["succeeded", "failed"] }, updatedAt: { lt: before } },
  });
  return deleted.count;
}
