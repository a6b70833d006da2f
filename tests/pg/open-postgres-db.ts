// Points the app's own data layer (lib/db getDb: runtime migrator + adapter-pg client) at a fresh
// database on a throwaway PostgreSQL cluster, as a server started with DATABASE_URL=postgres://…
// would be. Call it before anything in the test file reads the config (lib/config caches the env).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db";
import { startPostgres, type TPostgresCluster } from "./start-postgres";

export type TPostgresTestDb = {
  db: Db;
  /** The DATABASE_URL the app runs on (a database of its own in `cluster`). */
  url: string;
  cluster: TPostgresCluster;
  /** The DATA_DIR set for the process (local storage, the server secret). */
  dataDir: string;
  /** Disconnects, stops the cluster and removes the data directory; restores the env. */
  close: () => Promise<void>;
};

/** Starts a cluster (or uses `cluster`), creates a database, sets DATABASE_URL and DATA_DIR, and opens getDb(). */
export async function openPostgresTestDb(
  options: { cluster?: TPostgresCluster } = {},
): Promise<TPostgresTestDb> {
  const cluster = options.cluster ?? (await startPostgres());
  const url = cluster.createDatabase(`deckforge_${process.pid}_${Date.now()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-pg-data-"));
  const previous = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  return {
    db,
    url,
    cluster,
    dataDir,
    async close() {
      await db.$disconnect();
      (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      if (!options.cluster) cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
