import "server-only";
import type { TApiKeyView } from "@/lib/api/schemas/account";
import type { Db } from "@/lib/db";

/** The account's API keys, newest first, revoked ones included; never the secret or its hash. */
export async function listAccountKeys(db: Db, userId: string): Promise<TApiKeyView[]> {
  const rows = await db.apiKey.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}
