import "server-only";
import { getLifecycleSettings } from "@/lib/lifecycle/lifecycle-settings";
import { checkDatabase } from "./check-database";
import { checkQueue } from "./check-queue";
import { checkStorage } from "./check-storage";
import { READINESS_CHECKS, type TReadinessResponse } from "./readiness-schema";

/**
 * Whether this instance should get traffic: the database, the job queue and storage, checked at
 * once, each within READINESS_CHECK_TIMEOUT_MS, so the answer comes within about that time even
 * when a dependency hangs.
 */
export async function checkReadiness(
  timeoutMs: number = getLifecycleSettings().readinessTimeoutMs,
): Promise<TReadinessResponse> {
  const [database, queue, storage] = await Promise.all([
    checkDatabase(timeoutMs),
    checkQueue(timeoutMs),
    checkStorage(timeoutMs),
  ]);
  const checks = { database, queue, storage };
  const failing = READINESS_CHECKS.filter((name) => checks[name].status === "error");
  return { status: failing.length === 0 ? "ready" : "not_ready", checks, failing };
}
