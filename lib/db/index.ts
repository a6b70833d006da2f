import "server-only";
import type { Client, Config, TransactionMode } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { getConfig } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseKind, postgresSchema } from "./database-kind";
import { isDatabaseUnavailable } from "./database-unavailable";
import { migrate } from "./migrate";

/**
 * The libsql adapter with every transaction begun as BEGIN IMMEDIATE. Prisma's deferred
 * transactions read first and take the write lock later; when another process (the CLI beside the
 * server) wrote in between, SQLite refuses the upgrade at once with SQLITE_BUSY, whatever the busy
 * timeout. Taking the lock up front makes the transaction wait its turn instead.
 *
 * A statement that fails with SQLITE_BUSY (the lock held past DATABASE_BUSY_TIMEOUT_MS) leaves its
 * pooled connection unusable — libsql keeps the statement "in progress", so the next transaction on
 * that connection cannot commit. On such an error the client swaps in a fresh libsql client (a new
 * pool) for every later operation; the old one keeps serving the transactions it holds and is
 * closed a minute later.
 */
class PrismaLibSqlImmediate extends PrismaLibSql {
  override createClient(config: Config): Client {
    const open = () => super.createClient(config);
    let current = open();
    // Swaps the client once per failing client: errors of operations that ran on one already
    // swapped out leave the current one alone.
    const failedOn =
      (used: Client) =>
      (error: unknown): never => {
        if (used === current && isDatabaseUnavailable(error)) {
          current = open();
          setTimeout(() => used.close(), 60_000).unref();
        }
        throw error;
      };
    const guarded = new Set(["execute", "batch", "executeMultiple"]);
    return new Proxy({} as Client, {
      get(_target, prop) {
        const used = current;
        if (prop === "transaction")
          return (mode?: TransactionMode) =>
            used.transaction(mode === "deferred" || !mode ? "write" : mode).catch(failedOn(used));
        const value = Reflect.get(used, prop);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && guarded.has(prop))
          return (...args: unknown[]) =>
            (value as (...a: unknown[]) => Promise<unknown>).apply(used, args).catch(failedOn(used));
        return value.bind(used);
      },
    });
  }
}

/** Secret columns, left out of every result unless a query selects them explicitly. */
const OMIT = { user: { passwordHash: true }, apiKey: { hash: true } } as const;

/** The SQLite client with secret columns omitted unless a query selects them explicitly. */
function createPrismaClient(databaseUrl: string) {
  return new PrismaClient({
    // The busy timeout applies to every pooled connection (a PRAGMA would reach only one of them).
    adapter: new PrismaLibSqlImmediate({ url: databaseUrl, timeout: getConfig().DATABASE_BUSY_TIMEOUT_MS }),
    omit: OMIT,
  });
}

/**
 * The database client type the app is written against: the SQLite client's. The PostgreSQL client
 * is generated from the same models (prisma/postgres/schema.prisma is generated from
 * prisma/schema.prisma and tested not to drift), so its model API is identical.
 */
export type Db = ReturnType<typeof createPrismaClient>;

/**
 * The PostgreSQL client (lib/generated/prisma-pg, `@prisma/adapter-pg` on a pg pool). Loaded only
 * when DATABASE_URL names PostgreSQL, so the embedded SQLite setup never loads pg.
 */
async function createPostgresClient(databaseUrl: string): Promise<Db> {
  const [{ PrismaPg }, { PrismaClient: PrismaPgClient }] = await Promise.all([
    import("@prisma/adapter-pg"),
    import("@/lib/generated/prisma-pg/client"),
  ]);
  const schema = postgresSchema(databaseUrl);
  const { DATABASE_POOL_MAX: max, DATABASE_BUSY_TIMEOUT_MS: lockTimeout } = getConfig();
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max, lock_timeout: lockTimeout },
    schema ? { schema } : undefined,
  );
  const client = new PrismaPgClient({ adapter, omit: OMIT });
  // Cast: the two generated clients differ only in provider-specific internals (e.g. raw query
  // types, `mode: "insensitive"` filters on PostgreSQL), never in the models, fields or omit.
  return client as unknown as Db;
}

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
  return databaseKind(databaseUrl) === "postgres"
    ? createPostgresClient(databaseUrl)
    : createPrismaClient(databaseUrl);
}
