import "server-only";
import { z } from "zod";

export const ZLifecycleEnv = z.object({
  // How long a stopping server waits for its in-flight tasks before releasing them to the queue.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // The most one readiness check (database, queue, storage) may take before it counts as failed.
  READINESS_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
});

/** Shutdown and readiness settings, read from the environment at each call (cheap; tests change them). */
export type TLifecycleSettings = { shutdownGraceMs: number; readinessTimeoutMs: number };

export function getLifecycleSettings(): TLifecycleSettings {
  const env = ZLifecycleEnv.parse(process.env);
  return { shutdownGraceMs: env.SHUTDOWN_GRACE_MS, readinessTimeoutMs: env.READINESS_CHECK_TIMEOUT_MS };
}
