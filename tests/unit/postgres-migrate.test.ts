// The PostgreSQL migrations, applied by the runtime migrator to a throwaway cluster, must build
// exactly the tables prisma/postgres/schema.prisma declares: columns, types, nullability, defaults,
// keys, indexes, unique constraints and foreign keys (what migrate.test.ts checks for SQLite).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listMigrations, migrate } from "@/lib/db/migrate";
import { readSchemaModels, type TSchemaField } from "@/tests/pg/schema-models";
import { skipWithoutPostgres, startPostgres, type TPostgresCluster } from "@/tests/pg/start-postgres";
import { freshDatabaseUrl, queryPostgres } from "@/tests/pg/test-database";

const MIGRATIONS = path.resolve("prisma/postgres/migrations");
const unavailable = skipWithoutPostgres("postgres-migrate");

/** The column type Prisma's default PostgreSQL mapping gives a scalar (what the migrations must use). */
const PG_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

/** The column default the schema implies (client-side defaults such as uuid() and @updatedAt have none). */
function expectedDefault(field: TSchemaField): string | null {
  const value = /@default\(([^()]*(?:\(\))?)\)/.exec(field.attributes)?.[1];
  if (value === undefined || value === "uuid()" || value === "cuid()") return null;
  if (value === "now()") return "CURRENT_TIMESTAMP";
  if (value.startsWith('"')) return `'${JSON.parse(value)}'::text`;
  return value;
}

const ON_DELETE: Record<string, string> = {
  c: "Cascade",
  r: "Restrict",
  a: "NoAction",
  n: "SetNull",
  d: "SetDefault",
};

let cluster: TPostgresCluster;

describe.skipIf(unavailable)("PostgreSQL runtime migrator", () => {
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  it("applies every committed migration once, with Prisma's bookkeeping, and is idempotent", async () => {
    const url = cluster.createDatabase("once");
    expect(await migrate(url)).toEqual(listMigrations(MIGRATIONS));
    expect(await migrate(url)).toEqual([]);
    const rows = await withClient(
      url,
      async (client) =>
        (
          await client.query(
            'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
          )
        ).rows,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(listMigrations(MIGRATIONS));
    for (const row of rows) {
      const sql = fs.readFileSync(path.join(MIGRATIONS, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(crypto.createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("six instances starting together on a fresh database migrate it exactly once (advisory lock)", async () => {
    const url = cluster.createDatabase("together");
    const results = await Promise.all(Array.from({ length: 6 }, () => migrate(url)));
    expect(results.filter((applied) => applied.length > 0)).toEqual([listMigrations(MIGRATIONS)]);
    const count = await withClient(url, async (client) =>
      Number((await client.query('SELECT count(*) AS n FROM "_prisma_migrations"')).rows[0].n),
    );
    expect(count).toBe(listMigrations(MIGRATIONS).length);
  });

  it("a failing migration rolls back whole and leaves no bookkeeping row", async () => {
    const url = cluster.createDatabase("broken");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-pg-migrations-"));
    try {
      fs.mkdirSync(path.join(dir, "20260101000000_ok"));
      fs.writeFileSync(
        path.join(dir, "20260101000000_ok", "migration.sql"),
        'CREATE TABLE "a" ("x" TEXT);\n',
      );
      fs.mkdirSync(path.join(dir, "20260102000000_bad"));
      fs.writeFileSync(
        path.join(dir, "20260102000000_bad", "migration.sql"),
        'CREATE TABLE "b" ("x" TEXT);\nSELECT no_such_function();\n',
      );
      await expect(migrate(url, dir)).rejects.toThrow(/Migration 20260102000000_bad failed/);
      const state = await withClient(url, async (client) => ({
        names: (await client.query('SELECT migration_name FROM "_prisma_migrations"')).rows.map(
          (r) => r.migration_name,
        ),
        b: (await client.query(`SELECT to_regclass('"b"') AS t`)).rows[0].t,
      }));
      expect(state).toEqual({ names: ["20260101000000_ok"], b: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the migrated tables match prisma/postgres/schema.prisma column for column, index for index (no drift)", async () => {
    const url = cluster.createDatabase("drift");
    await migrate(url);
    const models = readSchemaModels("prisma/postgres/schema.prisma");
    await withClient(url, async (client) => {
      const tables = (
        await client.query(
          `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
        )
      ).rows.map((r) => r.tablename);
      expect(tables).toEqual([...models.keys()].sort());
      for (const [name, model] of models) {
        const columns = (
          await client.query(
            `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
                    pg_get_expr(d.adbin, d.adrelid) AS "default"
             FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
             WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
            [`"${name}"`],
          )
        ).rows;
        const byName = (list: { name: string }[]) => [...list].sort((x, y) => x.name.localeCompare(y.name));
        expect(byName(columns), `columns of ${name}`).toEqual(
          byName(
            model.fields.map((field) => ({
              name: field.name,
              type: PG_TYPES[field.type],
              nullable: field.optional,
              default: expectedDefault(field),
            })),
          ),
        );
        const indexes = (
          await client.query(
            `SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
                    array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
                          JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
             WHERE x.indrelid = $1::regclass ORDER BY i.relname`,
            [`"${name}"`],
          )
        ).rows;
        const expected = [
          { name: `${name}_pkey`, unique: true, primary: true, columns: model.id },
          ...[...model.unique].map(([index, cols]) => ({
            name: index,
            unique: true,
            primary: false,
            columns: cols,
          })),
          ...[...model.indexes].map(([index, cols]) => ({
            name: index,
            unique: false,
            primary: false,
            columns: cols,
          })),
        ].sort((x, y) => (x.name < y.name ? -1 : 1));
        expect(indexes, `indexes of ${name}`).toEqual(expected);
        const foreignKeys = (
          await client.query(
            `SELECT c.conname AS name, c.confrelid::regclass::text AS "table", c.confdeltype AS "onDelete",
                    c.confupdtype AS "onUpdate",
                    array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
                    array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
                          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS "references"
             FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid = $1::regclass ORDER BY c.conname`,
            [`"${name}"`],
          )
        ).rows.map((fk) => ({
          name: fk.name,
          table: fk.table.replaceAll('"', ""),
          columns: fk.columns,
          references: fk.references,
          onDelete: ON_DELETE[fk.onDelete],
          onUpdate: ON_DELETE[fk.onUpdate],
        }));
        expect(foreignKeys, `foreign keys of ${name}`).toEqual(
          // In name order, as the query answers them (a model may have several, e.g. DeckVersion).
          [...model.foreignKeys]
            .map(([fk, spec]) => ({ name: fk, ...spec, onUpdate: "Cascade" }))
            .sort((x, y) => (x.name < y.name ? -1 : 1)),
        );
      }
    });
  });
});

describe.skipIf(unavailable)("PostgreSQL schema parameter (?schema=)", () => {
  let own: TPostgresCluster;
  beforeAll(async () => {
    own = await startPostgres();
  });
  afterAll(() => own?.stop());

  it("migrates into the named schema and the app's client reads and writes there", async () => {
    const base = own.createDatabase("tenants");
    const url = `${base}?schema=tenant_a`;
    expect(await migrate(url)).toEqual(listMigrations(MIGRATIONS));
    expect(await migrate(url)).toEqual([]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-pg-data-"));
    const previous = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    Object.assign(process.env, { DATABASE_URL: url, DATA_DIR: dataDir });
    vi.resetModules();
    (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
    try {
      const { getDb } = await import("@/lib/db");
      const db = await getDb();
      await db.user.create({ data: { email: "tenant@example.com" } });
      expect(await db.user.count()).toBe(1);
      await db.$disconnect();
    } finally {
      (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const tables = await (async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        return (
          await client.query(
            `SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_name IN ('User', '_prisma_migrations') ORDER BY 1`,
          )
        ).rows.map((r) => r.t);
      } finally {
        await client.end();
      }
    })();
    expect(tables).toEqual(["tenant_a.User", "tenant_a._prisma_migrations"]);
  });

  it("freshDatabaseUrl gives each test server an empty schema of its own; nothing for SQLite", async () => {
    const base = own.createDatabase("servers");
    const one = freshDatabaseUrl(base) as string;
    const two = freshDatabaseUrl(base) as string;
    expect(one).not.toBe(two);
    await migrate(one);
    const count = async (url: string) =>
      Number(
        (await queryPostgres<{ n: string }>(url, `SELECT count(*) AS n FROM "_prisma_migrations"`))[0].n,
      );
    expect(await count(one)).toBe(listMigrations(MIGRATIONS).length);
    await expect(count(two)).rejects.toThrow(/does not exist/);
    expect(freshDatabaseUrl("file:/tmp/x.db")).toBeUndefined();
  });
});
