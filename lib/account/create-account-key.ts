import "server-only";
import { ApiError } from "@/lib/api/errors";
import { MAX_ACTIVE_API_KEYS, type TCreatedApiKey } from "@/lib/api/schemas/account";
import { createApiKey } from "@/lib/auth/api-keys";
import type { Db } from "@/lib/db";

/**
 * Creates an API key from the account page — the same kind of key as `deckforge keys create`
 * (lib/auth/api-keys.ts) — and answers its secret, the only time it is shown. An account holds at
 * most MAX_ACTIVE_API_KEYS unrevoked keys.
 */
export async function createAccountKey(db: Db, userId: string, name: string): Promise<TCreatedApiKey> {
  const active = await db.apiKey.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_ACTIVE_API_KEYS)
    throw new ApiError(
      "invalid_field",
      `This account already has ${active} active API keys, the limit; revoke one you no longer use first.`,
      { errors: [{ path: "name", message: `At most ${MAX_ACTIVE_API_KEYS} active keys.` }] },
    );
  const key = await createApiKey(db, userId, name);
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    secret: key.secret,
  };
}
