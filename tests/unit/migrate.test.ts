import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";
import { listMigrations, migrate, splitStatements } from "@/lib/db/migrate";
import { readSchemaModels } from "@/tests/pg/schema-models";

const MIGRATIONS = path.resolve("prisma/migrations");
/** Models and their scalar columns (name → nullable) as schema.prisma declares them. */
function schemaModels(): Map<string, Map<string, boolean>> {
  return new Map(
    [...readSchemaModels("prisma/schema.prisma")].map(([name, model]) => [
      name,
      new Map(model.fields.map((field) => [field.name, field.optional])),
    ]),
  );
}

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("runtime migrator", () => {
  it("applies every committed migration once, with Prisma's bookkeeping, and is idempotent", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-migrate-"));
    const url = `file:${path.join(dir, "test.db")}`;
    expect(await migrate(url, MIGRATIONS)).toEqual(listMigrations(MIGRATIONS));
    expect(await migrate(url, MIGRATIONS)).toEqual([]);
    const client = createClient({ url });
    const rows = await client.execute(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"',
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(listMigrations(MIGRATIONS));
    expect(rows.rows.every((r) => typeof r.checksum === "string" && r.finished_at)).toBe(true);
    client.close();
  });

  it("two processes starting on a fresh database at once both succeed (the CLI and a server, say)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-migrate-"));
    const run = (email: string) =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ["bin/deckforge.mjs", "users", "create", "--email", email], {
          env: { ...process.env, DATA_DIR: dir },
          stdio: "ignore",
        });
        child.on("exit", (code) => resolve(code ?? 1));
      });
    expect(await Promise.all([run("one@example.com"), run("two@example.com")])).toEqual([0, 0]);
    const client = createClient({ url: `file:${path.join(dir, "deckforge.db")}` });
    expect((await client.execute('SELECT count(*) AS n FROM "_prisma_migrations"')).rows[0].n).toBe(
      listMigrations(MIGRATIONS).length,
    );
    expect((await client.execute('SELECT count(*) AS n FROM "User"')).rows[0].n).toBe(2);
    client.close();
  });

  it("the migrated tables match schema.prisma column for column (no drift)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-migrate-"));
    const url = `file:${path.join(dir, "test.db")}`;
    await migrate(url, MIGRATIONS);
    const client = createClient({ url });
    for (const [model, fields] of schemaModels()) {
      const info = await client.execute(`PRAGMA table_info("${model}")`);
      const columns = new Map(
        info.rows.map((r) => [String(r.name), Number(r.notnull) === 0 && Number(r.pk) === 0]),
      );
      expect(columns, `table ${model}`).toEqual(fields);
    }
    client.close();
  });

  it("splits a script into statements and drops comments", () => {
    expect(
      splitStatements(
        '-- CreateTable\nCREATE TABLE "a" ("x" TEXT);\n\n-- CreateIndex\nCREATE INDEX "i" ON "a"("x");\n',
      ),
    ).toEqual(['CREATE TABLE "a" ("x" TEXT)', 'CREATE INDEX "i" ON "a"("x")']);
  });
});
