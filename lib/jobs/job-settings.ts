import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";

const ZJobEnv = z.object({
  // How long a claimed task may go without a heartbeat before another worker takes it back.
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Runs of one task (the first included) before a task whose worker keeps dying is given up.
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  // How often an idle worker looks for queued or orphaned tasks.
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});

/** The job worker's settings: concurrency from lib/config, lease and attempts from JOB_* variables. */
export type TJobSettings = {
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
  cached = {
    concurrency: getConfig().JOB_CONCURRENCY,
    leaseMs,
    // Four beats per lease: a late beat or two (a busy event loop) does not lose the task.
    heartbeatMs: Math.floor(leaseMs / 4),
    maxAttempts: env.JOB_MAX_ATTEMPTS,
    pollMs: env.JOB_POLL_MS,
  };
  return cached;
}
