#!/usr/bin/env node
// Runs the TypeScript CLI (cli/main.ts) with tsx from the package root, whatever the caller's cwd
// resolution, so `npx deckforge ...` works in a checkout without a build step.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsx = require.resolve("tsx/cli");
const result = spawnSync(
  process.execPath,
  [
    tsx,
    "--conditions=react-server",
    "--tsconfig",
    path.join(root, "tsconfig.json"),
    path.join(root, "cli/main.ts"),
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } },
);
process.exit(result.status ?? 1);
