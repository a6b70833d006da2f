// Faults under a real server: the database held locked by another writer, and the storage disk
// full. Each answers a clear 503 problem within the configured wait (never a 500, never a hang),
// charges nothing, leaves nothing half-written, and the same request succeeds once the fault clears.
// (kill -9 mid-task: tasks-durability.test.ts; LLM garbage and timeouts: tests/llm; the store down:
// s3-storage.test.ts.)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCreateKey, databaseUrlOf, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";

const BUSY_TIMEOUT_MS = 1_500;
const ENV = { ...TEST_SERVER_ENV, DATABASE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) };
const CONTENT =
  "Quarterly review. Revenue grew 12% to 4.2 million. Churn fell to 3%. Hiring: 14 engineers joined. " +
  "Next quarter we open two offices and ship the mobile app.";

/** A small tmpfs over DATA_DIR/files, so the disk can really fill up; root only (mount). */
function mountTinyDisk(dir: string): string | null {
  if (process.getuid?.() !== 0) return "needs root to mount a tmpfs";
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    return `mount failed: ${(error as Error).message.split("\n")[0]}`;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-faults-"));
const filesDir = path.join(dataDir, "files");
fs.mkdirSync(filesDir);
const noDisk = mountTinyDisk(filesDir);
if (noDisk) console.warn(`[faults] disk-full test skipped: ${noDisk}`);

let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
let key: string;

beforeAll(async () => {
  server = await startDeckforgeServer(ENV, { dataDir });
  key = cliCreateKey(dataDir, "faults@example.com", "faults", ENV);
});

afterAll(async () => {
  await server?.stop();
  if (!noDisk) execFileSync("umount", ["-l", filesDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
    json: JSON.parse(text || "null") as any,
  };
}

const balance = async () => (await call("GET", "/api/v1/credits")).json.balance as number;
const deckCount = async () => (await call("GET", "/api/v1/ppt/presentations")).json.total as number;
const generate = () =>
  call("POST", "/api/v1/ppt/presentation/generate", { content: CONTENT, n_slides: 3, export_as: "pptx" });

/** Holds the database's write lock (SQLite) or the presentations table's (PostgreSQL) until released. */
async function holdWriteLock(): Promise<() => Promise<void>> {
  const url = databaseUrlOf(dataDir);
  if (!url) {
    const client = createClient({ url: `file:${path.join(dataDir, "deckforge.db")}` });
    const tx = await client.transaction("write");
    await tx.execute(`UPDATE "User" SET "name" = "name"`);
    return async () => {
      await tx.rollback();
      client.close();
    };
  }
  const schema = new URL(url).searchParams.get("schema") ?? "public";
  const parsed = new URL(url);
  parsed.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: parsed.toString() });
  await client.connect();
  await client.query("BEGIN");
  await client.query(`LOCK TABLE "${schema}"."User" IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await client.query("ROLLBACK");
    await client.end();
  };
}

describe("faults", () => {
  it("a database held locked by another writer: 503 after the busy timeout, nothing charged; then it works", async () => {
    const before = await balance();
    const release = await holdWriteLock();
    try {
      const started = Date.now();
      const res = await generate();
      const waited = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.type).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 503, code: "provider_unavailable" });
      expect(res.json.detail).toMatch(/database is busy or unreachable/);
      // It waited for the lock (the busy timeout), and no longer than a few of them.
      expect(waited).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(BUSY_TIMEOUT_MS * 6);
      // Reads go on meanwhile (WAL on SQLite; other tables on PostgreSQL).
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await release();
    }
    expect(await balance()).toBe(before);
    const ok = await generate();
    expect(ok.status).toBe(200);
    expect(await balance()).toBe(before - ok.json.credits_consumed);
  });

  it.skipIf(noDisk)(
    "the storage disk full: 503 naming the storage, refunded, no deck and no partial file; then it works",
    async () => {
      const decks = await deckCount();
      const before = await balance();
      // Fill the tiny disk but for a few kilobytes: a deck's PPTX no longer fits.
      const filler = path.join(filesDir, "filler.bin");
      const free = () => {
        const stats = fs.statfsSync(filesDir);
        return stats.bavail * stats.bsize;
      };
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 8 * 1024)));
      try {
        const res = await generate();
        expect(res.status).toBe(503);
        expect(res.type).toMatch(/^application\/problem\+json/);
        expect(res.json).toMatchObject({ status: 503, code: "provider_unavailable" });
        expect(res.json.detail).toMatch(/file storage is full/);
        expect(await balance()).toBe(before);
        expect(await deckCount()).toBe(decks);
        // The half-written temp file was removed.
        const leftovers = fs.readdirSync(filesDir, { recursive: true }).map(String);
        expect(leftovers.filter((name) => name.endsWith(".tmp"))).toEqual([]);
        // The async path: the task fails with the same problem and its reservation is refunded.
        const queued = await call("POST", "/api/v1/ppt/presentation/generate/async", {
          content: CONTENT,
          n_slides: 3,
          export_as: "pptx",
        });
        expect(queued.status).toBe(202);
        let task = queued.json;
        for (
          const deadline = Date.now() + 30_000;
          task.status === "pending" || task.status === "processing";
        ) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 200));
          task = (await call("GET", `/api/v1/ppt/presentation/status/${queued.json.id}`)).json;
        }
        expect(task.status).toBe("error");
        expect(task.error).toMatchObject({ status: 503, code: "provider_unavailable" });
        expect(await balance()).toBe(before);
      } finally {
        fs.rmSync(filler, { force: true });
      }
      const ok = await generate();
      expect(ok.status).toBe(200);
      expect(await deckCount()).toBe(decks + 1);
      const file = await fetch(ok.json.path);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    },
  );
});
