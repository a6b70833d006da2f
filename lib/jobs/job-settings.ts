import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { databaseKind, postgresSchema } from "@/lib/db/database-kind";

/** The queue engines behind the one worker interface (lib/jobs/worker.ts). */
export const JOB_QUEUE_ENGINES = ["in-process", "pg-boss"] as const;
export type TJobQueueEngine = (typeof JOB_QUEUE_ENGINES)[number];

export const ZJobEnv = z.object({
  // How long a claimed task may go without a heartbeat before another worker takes it back.
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Runs of one task (the first included) before a task whose worker keeps dying is given up.
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  // How often an idle worker looks for queued or orphaned tasks.
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // The queue engine: pg-boss (on the same PostgreSQL) by default when DATABASE_URL is PostgreSQL,
  // the in-process worker otherwise. pg-boss needs PostgreSQL.
  JOB_QUEUE: z.enum(JOB_QUEUE_ENGINES).optional(),
  // pg-boss only: how long a task's job may stay active before pg-boss fails it and stops waiting
  // for its handler (a job whose process vanished). Set it above your longest generation; below
  // pg-boss's limit of 24 hours.
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_399).default(900),
  // The PostgreSQL schema pg-boss keeps its tables in (default: `<the app's schema>_boss`, or `pgboss`).
  PGBOSS_SCHEMA: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]{0,62}$/,
      "must be a PostgreSQL schema name (a letter or _, then letters, digits or _)",
    )
    .optional(),
});

/** The job worker's settings: concurrency from lib/config, the engine, lease and attempts from JOB_* variables. */
export type TJobSettings = {
  engine: TJobQueueEngine;
  /**
   * pg-boss only: its schema, the connection string (without Prisma's `schema` parameter) and how
   * long a job may stay active.
   */
  boss?: { schema: string; connectionString: string; expireSeconds: number };
  concurrency: number;
  leaseMs: number;
  heartbeatMs: number;
  maxAttempts: number;
  pollMs: number;
};

let cached: TJobSettings | undefined;

/** Reads the JOB_* variables once per process. */
export function getJobSettings(): TJobSettings {
  if (cached) return cached;
  const env = ZJobEnv.parse(process.env);
  const leaseMs = env.JOB_LEASE_SECONDS * 1000;
  const { databaseUrl } = getConfig();
  const onPostgres = databaseKind(databaseUrl) === "postgres";
  const engine = env.JOB_QUEUE ?? (onPostgres ? "pg-boss" : "in-process");
  if (engine === "pg-boss" && !onPostgres)
    throw new Error("JOB_QUEUE=pg-boss needs DATABASE_URL to be a postgres:// URL");
  cached = {
    engine,
    boss:
      engine === "pg-boss" ? bossSettings(databaseUrl, env.PGBOSS_SCHEMA, env.JOB_EXPIRE_SECONDS) : undefined,
    concurrency: getConfig().JOB_CONCURRENCY,
    leaseMs,
    // Four beats per lease: a late beat or two (a busy event loop) does not lose the task.
    heartbeatMs: Math.floor(leaseMs / 4),
    maxAttempts: env.JOB_MAX_ATTEMPTS,
    pollMs: env.JOB_POLL_MS,
  };
  return cached;
}

/** pg-boss's schema sits beside the app's: `tenant_a` → `tenant_a_boss`; the default search path → `pgboss`. */
function bossSettings(databaseUrl: string, schema: string | undefined, expireSeconds: number) {
  const appSchema = postgresSchema(databaseUrl);
  const url = new URL(databaseUrl);
  url.searchParams.delete("schema");
  return {
    schema: schema ?? (appSchema ? `${appSchema}_boss`.slice(0, 63) : "pgboss"),
    connectionString: url.toString(),
    expireSeconds,
  };
}
