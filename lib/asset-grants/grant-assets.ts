import "server-only";
import type { Db } from "@/lib/db";

/** The account a picture is stored for: it is granted the picture as it is stored. */
export type TAssetOwner = { db: Db; userId: string };

/**
 * Records that the account may use these stored pictures (`assets/<sha256>.<ext>`): served to it by
 * GET /api/v1/ppt/assets/{name} and accepted in its decks' `image.asset`. Idempotent: a picture the
 * account already has keeps its row, and two requests granting the same picture at once both succeed.
 */
export async function grantAssets(db: Db, userId: string, keys: Iterable<string>): Promise<void> {
  for (const key of new Set(keys)) {
    try {
      await db.assetGrant.upsert({
        where: { userId_key: { userId, key } },
        create: { userId, key },
        update: {},
        select: { id: true },
      });
    } catch (error) {
      // Another request granted it between the upsert's read and its insert: the row is there.
      if ((error as { code?: unknown })?.code !== "P2002") throw error;
    }
  }
}
