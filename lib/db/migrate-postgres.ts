import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Client } from "pg";
import { postgresSchema } from "./database-kind";
import { listMigrations } from "./migrate";

/**
 * The advisory lock key `prisma migrate` itself takes, so this migrator, the stock CLI and every
 * other Deckforge instance starting at the same moment exclude one another.
 */
export const MIGRATION_LOCK_KEY = 72707369;

/**
 * Applies the committed prisma/postgres/migrations/<name>/migration.sql files in order, each in
 * one transaction, keeping Prisma's `_prisma_migrations` bookkeeping (same table definition and
 * checksum as `prisma migrate deploy`). A session advisory lock is held throughout: of N instances
 * starting together one migrates, the others wait and then find every migration done. (The lock
 * is per database, so instances on different schemas of one database migrate one after another.)
 */
export async function migratePostgres(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client: Client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      // `?schema=x` in the URL: the tables and the bookkeeping live in that schema, as with Prisma.
      const schema = postgresSchema(databaseUrl);
      if (schema) {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        await client.query(`SET search_path TO "${schema}"`);
      }
      return await applyAll(client, migrationsDir);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

async function applyAll(client: Client, migrationsDir: string): Promise<string[]> {
  // Prisma's own definition (schema-engine postgres flavour), so the CLI reads it as its own.
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const applied: string[] = [];
  for (const name of listMigrations(migrationsDir)) {
    const done = await client.query(
      `SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = $1 AND "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
      [name],
    );
    if (done.rowCount) continue;
    const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
    await client.query("BEGIN");
    try {
      // One simple-protocol query runs the whole multi-statement script inside the transaction.
      await client.query(sql);
      await client.query(
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count") VALUES ($1, $2, now(), $3, now(), 1)`,
        [crypto.randomUUID(), crypto.createHash("sha256").update(sql).digest("hex"), name],
      );
      await client.query("COMMIT");
      applied.push(name);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
