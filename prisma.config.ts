// Prisma CLI configuration. The CLI's native schema engine cannot be downloaded everywhere, and
// `prisma generate` only needs the variable to name an existing file, so point it at this one.
// Migrations are applied at start by lib/db/migrate.ts, not by the schema engine.
import path from "node:path";
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("prisma.config.ts");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? `file:${path.resolve(process.env.DATA_DIR ?? "data", "deckforge.db")}`,
  },
});
