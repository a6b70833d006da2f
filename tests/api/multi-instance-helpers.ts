// Two or more Deckforge instances sharing one PostgreSQL database and one S3 bucket, as a scaled-out
// deployment runs them: the shared env, per-instance data directories, SQL on the shared database,
// and an audit of which instance claimed which task (Task.lockedBy is cleared when a task ends).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseKind, postgresSchema } from "@/lib/db/database-kind";
import { queryPostgres } from "../pg/test-database";
import { startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { S3RVER_CREDENTIALS, type TS3rver } from "./s3rver";

export type TInstance = Awaited<ReturnType<typeof startDeckforgeServer>>;

/** Known to the test, so it can sign an app download link as any instance would. */
export const SHARED_SECRET = "multi-instance-test-secret-0123456789abcdef";

/**
 * Whether this run is the second pass of the API suite on PostgreSQL
 * (scripts/run-api-tests-on-postgres.mjs). There startDeckforgeServer gives every data directory a
 * schema of its own, so two instances could not share one; the multi-instance test runs in the
 * first pass instead, on a cluster of its own.
 */
export function isPostgresPass(): boolean {
  const url = process.env.DATABASE_URL;
  return url !== undefined && databaseKind(url) === "postgres";
}

/**
 * The env every instance gets: one database, one bucket, one signing secret and one session secret
 * (what makes links and sessions of one instance good on another), plus short job timings so a
 * dead instance's tasks come back quickly. Only DATA_DIR and the port differ per instance.
 */
export function sharedEnv(
  databaseUrl: string,
  s3: TS3rver,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...TEST_SERVER_ENV,
    DATABASE_URL: databaseUrl,
    STORAGE: "s3",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    DECKFORGE_SECRET: SHARED_SECRET,
    NEXTAUTH_SECRET: `${SHARED_SECRET}-sessions`,
    JOB_CONCURRENCY: "2",
    // A live holder's lease: long enough that a loaded two-core box never loses a heartbeat race
    // (which would run a task twice), short enough that a holder on another machine is retried soon.
    JOB_LEASE_SECONDS: "10",
    JOB_POLL_MS: "250",
    ...extra,
  };
}

/** A data directory an instance keeps across restarts; the test removes it at the end. */
export function makeDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `deckforge-multi-${label}-`));
}

/** Starts an instance on `dataDir` (which its `stop` leaves in place). */
export function startInstance(env: Record<string, string>, dataDir: string): Promise<TInstance> {
  return startDeckforgeServer(env, { dataDir });
}

/** One query on the shared database (in the app's schema). */
export function sql<T extends Record<string, unknown>>(
  databaseUrl: string,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return queryPostgres<T>(databaseUrl, query, params);
}

/** Test-only audit schema: beside the app's tables, never read by the app. */
const AUDIT = "multi_audit";

/**
 * Records every claim of a task (its move to `processing` under a new holder or attempt) in a
 * table of the test's own, through a trigger on the shared Task table: the only way to tell
 * afterwards which instance ran a task, since the holder (Task.lockedBy) is cleared at the end.
 * Call once the app has migrated the schema.
 */
export async function auditTaskClaims(databaseUrl: string): Promise<void> {
  const schema = postgresSchema(databaseUrl) ?? "public";
  await sql(
    databaseUrl,
    `CREATE SCHEMA IF NOT EXISTS ${AUDIT};
     CREATE TABLE ${AUDIT}.claims (
       seq bigserial PRIMARY KEY,
       task_id text NOT NULL,
       locked_by text NOT NULL,
       attempts int NOT NULL,
       at timestamptz NOT NULL DEFAULT clock_timestamp()
     );
     CREATE FUNCTION ${AUDIT}.record_claim() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO ${AUDIT}.claims (task_id, locked_by, attempts) VALUES (NEW.id, NEW."lockedBy", NEW.attempts);
       RETURN NEW;
     END $$;
     CREATE TRIGGER multi_audit_claim AFTER UPDATE ON "${schema}"."Task" FOR EACH ROW
       WHEN (NEW.status = 'processing' AND NEW."lockedBy" IS NOT NULL AND (
         OLD.status <> 'processing' OR OLD."lockedBy" IS DISTINCT FROM NEW."lockedBy"
         OR OLD.attempts <> NEW.attempts))
       EXECUTE FUNCTION ${AUDIT}.record_claim();`,
  );
}

export type TClaim = { taskId: string; lockedBy: string; pid: number; attempts: number };

/** Every claim recorded by auditTaskClaims, oldest first; `pid` is the holder's process id. */
export async function taskClaims(databaseUrl: string): Promise<TClaim[]> {
  const rows = await sql<{ task_id: string; locked_by: string; attempts: number }>(
    databaseUrl,
    `SELECT task_id, locked_by, attempts FROM ${AUDIT}.claims ORDER BY seq`,
  );
  return rows.map((row) => ({
    taskId: row.task_id,
    lockedBy: row.locked_by,
    // lib/jobs/worker-identity.ts: host|pid namespace|pid|nonce.
    pid: Number(row.locked_by.split("|")[2]),
    attempts: row.attempts,
  }));
}

/** Polls `check` every `everyMs` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, everyMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
