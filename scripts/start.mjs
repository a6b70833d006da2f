// `npm start`: install when needed, build when sources changed, then serve on PORT (default 3000).
// Migrations are applied by the server itself on start (instrumentation.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensurePostgresClient } from "./gen-postgres-schema.mjs";
import { ensureBuilt, ensureInstalled, ensurePrismaClient, root } from "./lib.mjs";

ensureInstalled();
ensurePrismaClient();
ensurePostgresClient();
ensureBuilt();
const port = process.env.PORT ?? "3000";
console.log(`[deckforge] serving on http://localhost:${port} (data in ${process.env.DATA_DIR ?? "./data"})`);
const child = spawn(
  process.execPath,
  [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
