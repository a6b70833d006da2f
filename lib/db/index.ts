import "server-only";
import type { Client, Config, TransactionMode } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { getConfig } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate, SQLITE_BUSY_TIMEOUT_MS } from "./migrate";

/**
 * The libsql adapter with every transaction begun as BEGIN IMMEDIATE. Prisma's deferred
 * transactions read first and take the write lock later; when another process (the CLI beside the
 * server) wrote in between, SQLite refuses the upgrade at once with SQLITE_BUSY, whatever the busy
 * timeout. Taking the lock up front makes the transaction wait its turn instead.
 */
class PrismaLibSqlImmediate extends PrismaLibSql {
  override createClient(config: Config): Client {
    const client = super.createClient(config);
    const begin = client.transaction.bind(client);
    client.transaction = (mode?: TransactionMode) => begin(mode === "deferred" || !mode ? "write" : mode);
    return client;
  }
}

/** The client with secret columns omitted unless a query selects them explicitly. */
function createPrismaClient(databaseUrl: string) {
  return new PrismaClient({
    // The busy timeout applies to every pooled connection (a PRAGMA would reach only one of them).
    adapter: new PrismaLibSqlImmediate({ url: databaseUrl, timeout: SQLITE_BUSY_TIMEOUT_MS }),
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
  return createPrismaClient(databaseUrl);
}
