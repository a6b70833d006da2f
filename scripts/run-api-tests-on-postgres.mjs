// Runs the API test suite against PostgreSQL: starts a throwaway cluster (tests/pg/start-postgres.ts),
// sets DATABASE_URL for the test run — the API global setup passes its env to the server and to the
// CLI (bin/deckforge.mjs) it uses to make accounts — then stops and removes the cluster.
//
//   node scripts/run-api-tests-on-postgres.mjs [vitest args…]
//
// Needs the built app (NEXT_DIST_DIR, default .next) and the PostgreSQL client
// (npm run prisma:generate:pg). Exits with vitest's status; 0 with a message when no PostgreSQL.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { postgresUnavailableReason, startPostgres } = await tsImport(
  "../tests/pg/start-postgres.ts",
  import.meta.url,
);

const unavailable = postgresUnavailableReason();
if (unavailable) {
  console.log(`[deckforge] API tests on PostgreSQL skipped: ${unavailable}`);
  process.exit(process.env.REQUIRE_POSTGRES === "1" ? 1 : 0);
}
const cluster = await startPostgres();
let status = 1;
try {
  const url = cluster.createDatabase("deckforge_api");
  console.log(`[deckforge] API tests on ${url}`);
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "api", ...process.argv.slice(2)],
    { cwd: root, stdio: "inherit", env: { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
