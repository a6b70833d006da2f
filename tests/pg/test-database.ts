// Helpers for test harnesses that run the app on PostgreSQL (DATABASE_URL=postgres://…): a fresh,
// empty database for each server that expects one of its own (as a fresh SQLite DATA_DIR gives),
// and reading rows directly, as the SQLite tests read the database file.
import crypto from "node:crypto";
import pg from "pg";
import { databaseKind, postgresSchema } from "@/lib/db/database-kind";

/**
 * When `base` names PostgreSQL, the same database under a new, empty schema (`?schema=t_…`; the
 * runtime migrator creates and migrates it on the server's start); else undefined (SQLite: the
 * server's fresh DATA_DIR already is a fresh database).
 */
export function freshDatabaseUrl(base = process.env.DATABASE_URL): string | undefined {
  if (!base || databaseKind(base) !== "postgres") return undefined;
  const url = new URL(base);
  url.searchParams.set("schema", `t_${crypto.randomBytes(6).toString("hex")}`);
  return url.toString();
}

/**
 * The database of a test server's data directory when `base` names PostgreSQL: a schema named
 * after the directory, so every process (the global setup, test workers, the CLI) finds the same
 * one, and a restart on the directory reuses it. Undefined on SQLite (the directory holds the file).
 */
export function databaseUrlForDir(dataDir: string, base = process.env.DATABASE_URL): string | undefined {
  if (!base || databaseKind(base) !== "postgres") return undefined;
  const url = new URL(base);
  url.searchParams.set(
    "schema",
    `t_${crypto.createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}`,
  );
  return url.toString();
}

/** Runs one query on a PostgreSQL URL (honouring `?schema=`) and returns its rows. */
export async function queryPostgres<T extends Record<string, unknown>>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schema = postgresSchema(databaseUrl);
    if (schema) await client.query(`SET search_path TO "${schema}"`);
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
