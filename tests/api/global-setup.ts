// Starts the real built server (scripts/serve.mjs, what `npm start` runs) on a free port with a fresh SQLite data directory,
// and makes two accounts with API keys through the real CLI.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../free-port";
import { databaseUrlForDir } from "../pg/test-database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    keyA: string;
    keyB: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The DATABASE_URL a test server on `dataDir` uses: undefined on SQLite (the file in the
 * directory); with DATABASE_URL naming PostgreSQL (scripts/run-api-tests-on-postgres.mjs), a schema
 * of its own derived from the directory, which a restart on the directory and the CLI reuse.
 */
export function databaseUrlOf(dataDir: string): string | undefined {
  return databaseUrlForDir(dataDir);
}

/**
 * Creates an account's key with the CLI; the key is the last line it prints. The CLI gets the
 * server's env (by default the shared server's) because a new account's credit grant
 * (CREDITS_GRANT) is given by the process that creates it.
 */
export function cliCreateKey(
  dataDir: string,
  email: string,
  name: string,
  env: Record<string, string> = TEST_SERVER_ENV,
): string {
  const out = execFileSync(
    process.execPath,
    [path.join(root, "bin/deckforge.mjs"), "keys", "create", "--email", email, "--name", name],
    {
      cwd: root,
      env: { ...process.env, ...env, ...dataDirEnv(dataDir) },
      encoding: "utf8",
    },
  );
  return out.trim().split("\n").at(-1) as string;
}

/** Creates an account with a display name with the CLI (no-op when it exists); keys come from cliCreateKey. */
export function cliCreateUser(
  dataDir: string,
  email: string,
  name: string,
  env: Record<string, string> = TEST_SERVER_ENV,
): void {
  execFileSync(
    process.execPath,
    [path.join(root, "bin/deckforge.mjs"), "users", "create", "--email", email, "--name", name],
    { cwd: root, env: { ...process.env, ...env, ...dataDirEnv(dataDir) }, stdio: "pipe" },
  );
}

/** Adds `amount` credits (negative: takes them) to the account of `email` with the admin CLI. */
export function cliGrantCredits(
  dataDir: string,
  email: string,
  amount: number,
  env: Record<string, string> = TEST_SERVER_ENV,
): void {
  execFileSync(
    process.execPath,
    [path.join(root, "bin/deckforge.mjs"), "credits", "grant", "--email", email, "--amount", String(amount)],
    { cwd: root, env: { ...process.env, ...env, ...dataDirEnv(dataDir) }, stdio: "pipe" },
  );
}

/** DATA_DIR and, on PostgreSQL, DATABASE_URL of a test server's data directory: for running the CLI on it. */
export function dataDirEnv(dataDir: string): Record<string, string> {
  const url = databaseUrlOf(dataDir);
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
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
 * Starts the built app (scripts/serve.mjs) on a free port with its own data directory and extra env;
 * resolves once /api/health answers. `stop` ends it and removes the data directory. With
 * `options.dataDir` it starts on an existing data directory (a restart after `kill`), which its
 * `stop` leaves in place for the directory's owner to remove.
 */
export async function startDeckforgeServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
) {
  if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("The app is not built: run the tests with `npm test`, which builds first.");
  }
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-api-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const server = spawn(
    process.execPath,
    // A long keep-alive: the tests pause between calls (CLI runs), and a connection the server closes
    // just as the client reuses it fails the request ("other side closed").
    [
      path.join(root, "scripts/serve.mjs"),
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
      "--keepAliveTimeout",
      "120000",
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        ...dataDirEnv(dataDir),
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  await waitForHealth(baseUrl, server, () => output);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  return {
    baseUrl,
    dataDir,
    pid: server.pid as number,
    log: () => output,
    /** Ends the process abruptly (default SIGKILL: no shutdown code runs) and waits for it to exit. */
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
      await exited;
    },
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      if (ownsDataDir && process.env.DECKFORGE_KEEP_TEST_DATA !== "1")
        fs.rmSync(dataDir, { recursive: true, force: true });
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
  // Accounts made for the tests (CLI included, see cliCreateKey) start with credits to spare for every
  // API test; credits.test.ts brings its own account down to test 402s.
  CREDITS_GRANT: "1000000",
  // The API tests send one key far more than the default 120 requests a minute; credits.test.ts
  // starts its own server with a small limit to test 429s.
  RATE_LIMIT_PER_MINUTE: "1000000",
  // The e2e tests drive the editor and the account page far faster than a person types.
  SESSION_RATE_LIMIT_PER_MINUTE: "1000000",
  // Every test signs up and signs in from 127.0.0.1, far more than the sign-in and sign-up limits
  // allow one address; tests/security/auth-limits.test.ts starts its own server with the defaults.
  SIGN_IN_LIMIT_PER_ADDRESS: "1000000",
  SIGN_IN_LIMIT_PER_EMAIL: "1000000",
  SIGN_UP_LIMIT_PER_ADDRESS: "1000000",
  // webhooks.test.ts: retries 200 ms, then 400, 800 ms apart (default 30 s doubling) so retry tests take seconds.
  WEBHOOK_RETRY_BASE_MS: "200",
  // webhooks.test.ts: caps the retry wait at 1 s (default 1 h).
  WEBHOOK_RETRY_MAX_MS: "1000",
  // webhooks.test.ts: a receiver that always fails is given up after 4 attempts (default 8).
  WEBHOOK_MAX_ATTEMPTS: "4",
  // webhooks.test.ts: a hanging receiver times out after 2 s (default 10 s).
  WEBHOOK_TIMEOUT_MS: "2000",
  // stop() sends SIGTERM, which drains in-flight tasks for SHUTDOWN_GRACE_MS (default 25 s) first.
  SHUTDOWN_GRACE_MS: "2000",
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
