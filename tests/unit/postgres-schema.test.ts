// prisma/postgres/schema.prisma is generated from prisma/schema.prisma: the committed file must be
// exactly what the generator makes now, and declare the same models and fields.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { readSchemaModels } from "@/tests/pg/schema-models";

type TGenerator = { toPostgresSchema: (sqliteSchema: string) => string };
// A computed specifier: the generator is a plain .mjs script that start/test scripts run with node.
const generatorUrl = pathToFileURL(path.resolve("scripts/gen-postgres-schema.mjs")).href;
const loadGenerator = () => import(/* @vite-ignore */ generatorUrl) as Promise<TGenerator>;

const SQLITE = "prisma/schema.prisma";
const POSTGRES = "prisma/postgres/schema.prisma";

describe("PostgreSQL schema (generated from prisma/schema.prisma)", () => {
  it("the committed file is exactly the generator's output (no drift: run node scripts/gen-postgres-schema.mjs)", async () => {
    const { toPostgresSchema } = await loadGenerator();
    expect(fs.readFileSync(POSTGRES, "utf8")).toBe(toPostgresSchema(fs.readFileSync(SQLITE, "utf8")));
  });

  it("declares the postgresql provider and its own client directory", () => {
    const text = fs.readFileSync(POSTGRES, "utf8");
    expect(text).toMatch(/datasource db \{\s*provider = "postgresql"\s*\}/);
    expect(text).toContain('output       = "../../lib/generated/prisma-pg"');
    expect(text).not.toContain('"sqlite"');
  });

  it("declares the same models, fields, keys, indexes and relations as the SQLite schema", () => {
    const sqlite = readSchemaModels(SQLITE);
    const postgres = readSchemaModels(POSTGRES);
    expect(sqlite.size).toBeGreaterThanOrEqual(11);
    expect([...postgres.keys()]).toEqual([...sqlite.keys()]);
    for (const [name, model] of sqlite) expect(postgres.get(name), name).toEqual(model);
  });

  it("refuses a schema it has no mapping for instead of copying it silently", async () => {
    const { toPostgresSchema } = await loadGenerator();
    const schema = fs.readFileSync(SQLITE, "utf8");
    expect(() => toPostgresSchema(schema.replace('provider = "sqlite"', 'provider = "mysql"'))).toThrow(
      /sqlite/,
    );
    expect(() =>
      toPostgresSchema(schema.replace("  deck      String", "  deck      String @db.Text")),
    ).toThrow(/@db\.Text/);
  });

  it("has a PostgreSQL migration for every SQLite migration, under the same name", () => {
    const names = (dir: string) =>
      fs
        .readdirSync(dir)
        .filter((name) => fs.existsSync(path.join(dir, name, "migration.sql")))
        .sort();
    expect(names("prisma/postgres/migrations")).toEqual(names("prisma/migrations"));
    expect(fs.readFileSync("prisma/postgres/migrations/migration_lock.toml", "utf8")).toContain(
      'provider = "postgresql"',
    );
  });
});
