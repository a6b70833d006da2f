import "server-only";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { getConfig } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "./migrate";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { deckforgeDb?: Promise<PrismaClient> };

/**
 * The one Prisma client of this process, created after the committed migrations are applied.
 * Kept on globalThis so dev-mode reloads and route bundles share it.
 */
export function getDb(): Promise<PrismaClient> {
  globalForDb.deckforgeDb ??= connect().catch((error) => {
    globalForDb.deckforgeDb = undefined;
    throw error;
  });
  return globalForDb.deckforgeDb;
}

async function connect(): Promise<PrismaClient> {
  const { databaseUrl } = getConfig();
  await migrate(databaseUrl);
  const client = new PrismaClient({
    adapter: new PrismaLibSql({ url: databaseUrl }),
    omit: { user: { passwordHash: true }, apiKey: { hash: true } },
  });
  await client.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
  return client;
}
