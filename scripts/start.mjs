// `npm start`: install when needed, check the settings, build when sources changed, then serve on
// PORT (default 3000) with scripts/serve.mjs (Next behind a server that owns the proxy headers).
// Migrations are applied by the server itself on start (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensurePostgresClient } from "./gen-postgres-schema.mjs";
import { ensureBuilt, ensureInstalled, ensurePrismaClient, root } from "./lib.mjs";

ensureInstalled();
const where = checkSettings();
ensurePrismaClient();
ensurePostgresClient();
ensureBuilt();
const port = process.env.PORT ?? "3000";
console.log(`[deckforge] serving on http://localhost:${port}`);
console.log(`[deckforge] database: ${where.database}; files: ${where.files}`);
const child = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "-p", port], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

/**
 * Checks every setting with the server's own schemas (scripts/check-settings.ts) before anything
 * is built or started: a wrong one stops here with one line naming it. Returns where the data lives.
 */
function checkSettings() {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      "--tsconfig",
      path.join(root, "tsconfig.json"),
      path.join(root, "scripts/check-settings.ts"),
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" },
  );
  if (result.status !== 0) process.exit(1);
  return JSON.parse(result.stdout);
}
