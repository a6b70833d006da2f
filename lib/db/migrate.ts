import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { databaseKind } from "./database-kind";

/** How long a migration waits for another process's lock on the SQLite file before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Applies the committed prisma/migrations/<name>/migration.sql files in order, each inside one
 * write transaction, keeping Prisma's `_prisma_migrations` bookkeeping (same checksum) so the stock
 * CLI agrees the database is up to date. Needs no native schema engine. A PostgreSQL URL applies
 * prisma/postgres/migrations instead (lib/db/migrate-postgres.ts).
 */
export async function migrate(databaseUrl: string, migrationsDir?: string): Promise<string[]> {
  if (databaseKind(databaseUrl) === "postgres") {
    const { migratePostgres } = await import("./migrate-postgres");
    return migratePostgres(databaseUrl, migrationsDir ?? defaultMigrationsDir("postgres"));
  }
  return migrateSqlite(databaseUrl, migrationsDir ?? defaultMigrationsDir("sqlite"));
}

async function migrateSqlite(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const client = createClient({ url: databaseUrl, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL,
      "checksum" TEXT NOT NULL,
      "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL,
      "logs" TEXT,
      "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
      "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
    )`);
    const applied: string[] = [];
    for (const name of listMigrations(migrationsDir)) {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      // BEGIN IMMEDIATE: a second process starting at the same moment waits, then sees it done.
      const tx = await client.transaction("write");
      try {
        const done = await tx.execute({
          sql: `SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = ? AND "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
          args: [name],
        });
        if (done.rows.length > 0) {
          await tx.rollback();
          continue;
        }
        for (const statement of splitStatements(sql)) await tx.execute(statement);
        await tx.execute({
          sql: `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count") VALUES (?, ?, current_timestamp, ?, current_timestamp, 1)`,
          args: [crypto.randomUUID(), crypto.createHash("sha256").update(sql).digest("hex"), name],
        });
        await tx.commit();
        applied.push(name);
      } catch (error) {
        if (!tx.closed) await tx.rollback();
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      } finally {
        tx.close();
      }
    }
    return applied;
  } finally {
    client.close();
  }
}

function defaultMigrationsDir(kind: "sqlite" | "postgres"): string {
  return kind === "postgres"
    ? path.join(process.cwd(), "prisma", "postgres", "migrations")
    : path.join(process.cwd(), "prisma", "migrations");
}

/** Migration folders sorted by name (Prisma names them with a timestamp prefix). */
export function listMigrations(migrationsDir: string): string[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(migrationsDir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * Splits a migration script into statements. libsql runs one statement per call; Prisma's
 * generated SQL has no semicolons inside literals, and comments are dropped first.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n")
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
