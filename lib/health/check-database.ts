import "server-only";
import { getDb } from "@/lib/db";
import type { TReadinessCheck } from "./readiness-schema";
import { runCheck } from "./run-check";

/** The database answers a query. */
export function checkDatabase(timeoutMs: number): Promise<TReadinessCheck> {
  return runCheck("database", timeoutMs, "the database did not answer a query", async () => {
    const db = await getDb();
    await db.$queryRawUnsafe("SELECT 1");
    return undefined;
  });
}
