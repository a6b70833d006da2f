// Starts the real built server (next start) on a free port with a fresh SQLite data directory,
// and makes two accounts with API keys through the real CLI.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    keyA: string;
    keyB: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Creates an account's key with the CLI; the key is the last line it prints. */
export function cliCreateKey(dataDir: string, email: string, name: string): string {
  const out = execFileSync(
    process.execPath,
    [path.join(root, "bin/deckforge.mjs"), "keys", "create", "--email", email, "--name", name],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    },
  );
  return out.trim().split("\n").at(-1) as string;
}

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the built app (next start) on a free port with its own data directory and extra env;
 * resolves once /api/health answers. `stop` ends it and removes the data directory.
 */
export async function startDeckforgeServer(env: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("The app is not built: run the tests with `npm test`, which builds first.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-api-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const server = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  await waitForHealth(baseUrl, server, () => output);
  return {
    baseUrl,
    dataDir,
    log: () => output,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      if (process.env.DECKFORGE_KEEP_TEST_DATA !== "1") fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Environment of the shared test server. Helpers of a feature add their settings here (one line
 * each, with why), e.g. short retry delays or a loopback allowance for local receivers.
 */
export const TEST_SERVER_ENV: Record<string, string> = {
  // Webhook receivers and mock providers listen on 127.0.0.1 in the tests.
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
};

export default async function setup(project: TestProject) {
  const server = await startDeckforgeServer(TEST_SERVER_ENV);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("keyA", cliCreateKey(server.dataDir, "alice@example.com", "alice-tests"));
  project.provide("keyB", cliCreateKey(server.dataDir, "bob@example.com", "bob-tests"));
  return async () => {
    await server.stop();
    if (/\[deckforge\].*failed/.test(server.log())) console.log(`server log:\n${server.log()}`);
  };
}
