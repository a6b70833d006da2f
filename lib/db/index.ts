import "server-only";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { getConfig } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "./migrate";

/** The client with secret columns omitted unless a query selects them explicitly. */
function createPrismaClient(databaseUrl: string) {
  return new PrismaClient({
    adapter: new PrismaLibSql({ url: databaseUrl }),
    omit: { user: { passwordHash: true }, apiKey: { hash: true } },
  });
}

export type Db = ReturnType<typeof createPrismaClient>;

const globalForDb = globalThis as unknown as { deckforgeDb?: Promise<Db> };

/**
 * The one Prisma client of this process, created after the committed migrations are applied.
 * Kept on globalThis so dev-mode reloads and route bundles share it.
 */
export function getDb(): Promise<Db> {
  globalForDb.deckforgeDb ??= connect().catch((error) => {
    globalForDb.deckforgeDb = undefined;
    throw error;
  });
  return globalForDb.deckforgeDb;
}

async function connect(): Promise<Db> {
  const { databaseUrl } = getConfig();
  await migrate(databaseUrl);
  const client = createPrismaClient(databaseUrl);
  await client.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
  return client;
}
