// `npm test`: install and build as needed, make sure the system tools the tests use are present,
// then run every test suite (unit + API against the real server).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensurePostgresClient } from "./gen-postgres-schema.mjs";
import { ensureBuilt, ensureInstalled, ensurePrismaClient, ensureSystemPackages, root } from "./lib.mjs";

ensureInstalled();
ensureSystemPackages();
ensurePrismaClient();
ensurePostgresClient();
ensureBuilt();
const steps = [
  ["typecheck", [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", root]],
  ["lint and format check", [path.join(root, "node_modules/@biomejs/biome/bin/biome"), "check", root]],
  ["tests", [path.join(root, "node_modules/vitest/vitest.mjs"), "run", ...process.argv.slice(2)]],
];
// A full run (no arguments) also runs the API suite on PostgreSQL, on a throwaway cluster; it says
// so and skips when no PostgreSQL server binaries are installed (CI sets REQUIRE_POSTGRES=1).
if (process.argv.length === 2)
  steps.push(["API tests on PostgreSQL", [path.join(root, "scripts/run-api-tests-on-postgres.mjs")]]);
for (const [name, args] of steps) {
  console.log(`\n[deckforge] ${name}…`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
