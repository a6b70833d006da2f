// Writes prisma/postgres/schema.prisma from prisma/schema.prisma, the one source of truth for the
// models. Prisma fixes the provider per schema file, so PostgreSQL needs its own file; only the
// datasource provider, the client's output directory and the header differ. The models are copied
// verbatim: every type used maps to Prisma's default PostgreSQL type (String → TEXT, Int → INTEGER,
// DateTime → TIMESTAMP(3), Boolean → BOOLEAN), which is what prisma/postgres/migrations declare.
// tests/unit/postgres-schema.test.ts fails when the committed file drifts from this output.
//
//   node scripts/gen-postgres-schema.mjs           rewrite prisma/postgres/schema.prisma
//   node scripts/gen-postgres-schema.mjs --check   exit 1 when the committed file is stale
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SQLITE_SCHEMA = path.join(root, "prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join(root, "prisma", "postgres", "schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by scripts/gen-postgres-schema.mjs: do not edit.
// Edit prisma/schema.prisma, run \`node scripts/gen-postgres-schema.mjs\`, and add the matching
// PostgreSQL migration under prisma/postgres/migrations (same folder name as the SQLite one).
`;

/** The PostgreSQL schema text for a SQLite schema text. Throws on anything it cannot map. */
export function toPostgresSchema(sqliteSchema) {
  const body = sqliteSchema.replace(/^(?:\/\/.*\n)*\n*/, "");
  let providers = 0;
  let outputs = 0;
  const out = body
    .replace(/^(datasource db \{[^}]*?provider\s*=\s*)"sqlite"/m, (_, head) => {
      providers++;
      return `${head}"postgresql"`;
    })
    .replace(/^(\s*output\s*=\s*)"\.\.\/lib\/generated\/prisma"/m, (_, head) => {
      outputs++;
      return `${head}"../../lib/generated/prisma-pg"`;
    });
  if (providers !== 1) throw new Error('gen-postgres-schema: expected one datasource with provider "sqlite"');
  if (outputs !== 1)
    throw new Error('gen-postgres-schema: expected the client output "../lib/generated/prisma"');
  // Native type attributes are dialect-specific: a SQLite one would need a mapping added here.
  const native = /@db\.\w+/.exec(out);
  if (native) throw new Error(`gen-postgres-schema: no PostgreSQL mapping for ${native[0]}`);
  return `${HEADER}\n${out}`;
}

/** Regenerates the committed file; returns true when its content changed. */
export function writePostgresSchema() {
  const next = toPostgresSchema(fs.readFileSync(SQLITE_SCHEMA, "utf8"));
  const current = fs.existsSync(POSTGRES_SCHEMA) ? fs.readFileSync(POSTGRES_SCHEMA, "utf8") : "";
  if (current === next) return false;
  fs.mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
  fs.writeFileSync(POSTGRES_SCHEMA, next);
  return true;
}

/**
 * Generates the PostgreSQL client into lib/generated/prisma-pg unless it was generated from the
 * same schema and lockfile (what scripts/lib.mjs ensurePrismaClient does for the SQLite one).
 * It uses the committed schema file as it is: a stale one fails tests/unit/postgres-schema.test.ts
 * rather than being rewritten behind the author's back.
 */
export function ensurePostgresClient() {
  const stamp = path.join(root, "lib", "generated", "prisma-pg", ".schema-hash");
  const hash = crypto.createHash("sha256");
  for (const file of [POSTGRES_SCHEMA, path.join(root, "package-lock.json")])
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  const want = hash.digest("hex");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want) return;
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "prisma", "build", "index.js"), "generate", "--schema", POSTGRES_SCHEMA],
    { cwd: root, stdio: "inherit" },
  );
  if (result.status !== 0) {
    console.error("\n[deckforge] prisma generate (PostgreSQL client) failed.");
    process.exit(1);
  }
  fs.writeFileSync(stamp, want);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const next = toPostgresSchema(fs.readFileSync(SQLITE_SCHEMA, "utf8"));
    const current = fs.existsSync(POSTGRES_SCHEMA) ? fs.readFileSync(POSTGRES_SCHEMA, "utf8") : "";
    if (current !== next) {
      console.error("prisma/postgres/schema.prisma is stale: run node scripts/gen-postgres-schema.mjs");
      process.exit(1);
    }
  } else {
    console.log(
      writePostgresSchema()
        ? "wrote prisma/postgres/schema.prisma"
        : "prisma/postgres/schema.prisma is up to date",
    );
  }
}
