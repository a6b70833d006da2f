// A first start: `npm start` (scripts/start.mjs) and a plain `next start` stop at once on a wrong
// setting with one line naming the variable, its value and what is allowed, and a non-zero exit;
// `npm start` says where the data really is (SQLite file or PostgreSQL host and database, local
// folder or S3 bucket), never printing a password.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../free-port";

const root = path.resolve(import.meta.dirname, "../..");
// `npm start` installs first when package.json or the lockfile changed since the last install: do
// that here, before the timed runs below, or a run killed after its timeout would leave a
// half-installed node_modules behind.
beforeAll(async () => {
  // @ts-expect-error: a plain .mjs script without types
  const { ensureInstalled } = await import("../../scripts/lib.mjs");
  ensureInstalled();
}, 600_000);
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-start-"));
  dataDirs.push(dir);
  return dir;
}

/**
 * The environment of a fresh start: this process's, less every Deckforge setting the test run
 * itself sets (the PostgreSQL pass's DATABASE_URL among them), plus `env`.
 */
async function startEnv(env: Record<string, string>): Promise<NodeJS.ProcessEnv & Record<string, string>> {
  const fresh: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(fresh))
    if (
      /^(DATABASE_URL|DATA_DIR|STORAGE|S3_.*|JOB_.*|PORT|PUBLIC_URL|LLM_.*|CREDITS_.*|WEBHOOK_.*)$/.test(name)
    )
      delete fresh[name];
  return {
    ...fresh,
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: tempDataDir(),
    PORT: String(await freePort()),
    ...env,
  } as NodeJS.ProcessEnv & Record<string, string>;
}

type TRun = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs a command to its end (or kills it after `timeoutMs`), collecting its output. */
function runToExit(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<TRun> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** Lines of `text` but the one that says this Node.js is not supported (scripts/lib.mjs, on Node 20). */
const linesOf = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\[deckforge\] Node\.js \S+ is not supported/.test(line));

const BAD_SETTINGS: [string, string, string][] = [
  ["JOB_LEASE_SECONDS", "3", 'JOB_LEASE_SECONDS="3": must be a whole number from 5 to 3600.'],
  ["STORAGE", "ftp", 'STORAGE="ftp": must be one of: local, s3.'],
  ["S3_ENDPOINT", "minio:9000", 'S3_ENDPOINT="minio:9000": must be an http(s) URL.'],
  ["PUBLIC_URL", "decks.example.com", 'PUBLIC_URL="decks.example.com": must be a URL.'],
];

describe("a wrong setting stops the server at once", () => {
  it.each(BAD_SETTINGS)(
    "npm start with %s=%s: one line, exit 1, in seconds",
    async (name, value, message) => {
      const run = await runToExit([path.join(root, "scripts/start.mjs")], await startEnv({ [name]: value }));
      expect(run.code).toBe(1);
      expect(linesOf(run.stderr)).toEqual([`[deckforge] invalid setting ${message}`]);
      // Nothing was built or served.
      expect(run.stdout).not.toMatch(/serving on|building/);
      expect(run.ms).toBeLessThan(15_000);
    },
  );

  it.each(BAD_SETTINGS)(
    "next start with %s=%s: one line, exit 1, in seconds",
    async (name, value, message) => {
      const env = await startEnv({ [name]: value });
      const run = await runToExit(
        [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", env.PORT, "-H", "127.0.0.1"],
        env,
      );
      expect(run.code).toBe(1);
      expect(linesOf(run.stderr)).toEqual([`[deckforge] invalid setting ${message}`]);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/ZodError|at .*\(.*:\d+:\d+\)/);
      expect(run.ms).toBeLessThan(15_000);
    },
  );

  it("names every wrong variable, one line each", async () => {
    const run = await runToExit(
      [path.join(root, "scripts/start.mjs")],
      await startEnv({
        JOB_LEASE_SECONDS: "3",
        LLM_PROVIDER: "gpt",
        DATABASE_URL: "mysql://root:hunter2@db/x",
      }),
    );
    expect(run.code).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      '[deckforge] invalid setting JOB_LEASE_SECONDS="3": must be a whole number from 5 to 3600.',
      '[deckforge] invalid setting LLM_PROVIDER="gpt": must be one of: offline, openai, anthropic, google, ollama, openai-compatible.',
      '[deckforge] invalid setting DATABASE_URL="mysql://root:***@db/x": must be a SQLite file: URL (file:/path/deckforge.db) or a postgres:// or postgresql:// URL.',
    ]);
    expect(run.stderr).not.toContain("hunter2");
  });
});

/** Starts `npm start`'s script and resolves with its output once it has said where the data is. */
async function startUntilDataLine(env: NodeJS.ProcessEnv): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no data line within 30 s:\n${output}`)), 30_000);
      const take = (chunk: Buffer) => {
        output += chunk;
        if (/\[deckforge\] database: .*\n/.test(output)) {
          clearTimeout(timer);
          resolve(output);
        }
      };
      child.stdout?.on("data", take);
      child.stderr?.on("data", take);
      child.on("exit", (code) =>
        reject(new Error(`start exited with ${code} before its data line:\n${output}`)),
      );
    });
  } finally {
    // The script and the server it started, as one process group.
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.exitCode === null) process.kill(-(child.pid as number), "SIGKILL");
    await exited;
  }
}

describe("npm start says where the data is", () => {
  it("the SQLite file and the files folder under DATA_DIR", async () => {
    const env = await startEnv({});
    const output = await startUntilDataLine(env);
    expect(output).toContain(`[deckforge] serving on http://localhost:${env.PORT}\n`);
    expect(output).toContain(
      `[deckforge] database: SQLite ${path.join(env.DATA_DIR, "deckforge.db")}; files: folder ${path.join(env.DATA_DIR, "files")}\n`,
    );
  });

  it("the PostgreSQL host and database (no password) and the S3 bucket", async () => {
    // Nothing listens on port 1: the server's own start fails after the line, which is all this needs.
    const output = await startUntilDataLine(
      await startEnv({
        DATABASE_URL: "postgresql://deck:s3cret-pw@127.0.0.1:1/decks?schema=tenant_a",
        STORAGE: "s3",
        S3_BUCKET: "deck-files",
        S3_ENDPOINT: "http://127.0.0.1:1",
      }),
    );
    expect(output).toContain(
      "[deckforge] database: PostgreSQL database decks on 127.0.0.1:1, schema tenant_a; files: S3 bucket deck-files at http://127.0.0.1:1\n",
    );
    expect(output).not.toContain("s3cret-pw");
    expect(output).not.toContain("data in ./data");
  });
});
