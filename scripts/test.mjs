// `npm test`: install and build as needed, make sure the system tools the tests use are present,
// then run every test suite (unit + API against the real server).
//
// A full run (no arguments) runs each suite once and also covers Node.js 24 LTS without running
// anything twice: typecheck and lint, the unit tests on Node 24, the API suite on SQLite on this
// Node (the one `npm start` uses here), then the API suite on PostgreSQL on Node 24. Node 24 is this
// machine's when it is 24, else the npm registry's node-<platform>-<arch> package (ensureCiNode).
// With arguments (`npm test -- --project unit`, a file…) it is one vitest run on this Node.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensurePostgresClient } from "./gen-postgres-schema.mjs";
import {
  CI_NODE_MAJOR,
  ensureBuilt,
  ensureCiNode,
  ensureInstalled,
  ensurePrismaClient,
  ensureSystemPackages,
  root,
} from "./lib.mjs";

ensureInstalled();
ensureSystemPackages();
ensurePrismaClient();
ensurePostgresClient();
ensureBuilt();
const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const here = `Node ${process.versions.node}`;
const steps = [
  [
    "typecheck",
    process.execPath,
    [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", root],
  ],
  [
    "lint and format check",
    process.execPath,
    [path.join(root, "node_modules/@biomejs/biome/bin/biome"), "check", root],
  ],
];
if (process.argv.length === 2) {
  const ciNode = ensureCiNode();
  const ci = `Node ${CI_NODE_MAJOR}`;
  steps.push(
    [`unit tests on ${ci}`, ciNode, [vitest, "run", "--project", "unit"]],
    [`API tests on SQLite on ${here}`, process.execPath, [vitest, "run", "--project", "api"]],
    // On a throwaway cluster; it says so and skips when no PostgreSQL server binaries are
    // installed (CI sets REQUIRE_POSTGRES=1 to fail instead).
    [`API tests on PostgreSQL on ${ci}`, ciNode, [path.join(root, "scripts/run-api-tests-on-postgres.mjs")]],
  );
} else {
  steps.push([`tests on ${here}`, process.execPath, [vitest, "run", ...process.argv.slice(2)]]);
}
for (const [name, node, args] of steps) {
  console.log(`\n[deckforge] ${name}…`);
  const started = Date.now();
  const result = spawnSync(node, args, { cwd: root, stdio: "inherit" });
  console.log(
    `[deckforge] ${name}: ${result.status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
