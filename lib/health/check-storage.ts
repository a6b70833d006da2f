import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { getStorage } from "@/lib/storage";
import type { TReadinessCheck } from "./readiness-schema";
import { CheckFailedError, runCheck } from "./run-check";

/**
 * A probe object of its own per check (host, pid and a random part): checks running at once — a load
 * balancer's health checkers poll in parallel — must not overwrite or delete each other's probe.
 * Each check deletes its object; only a process killed mid-check leaves one behind.
 */
function probeKey(): string {
  const host =
    os
      .hostname()
      .replace(/[^a-z0-9_.-]/gi, "-")
      .slice(0, 64) || "host";
  return `health/probe-${host}-${process.pid}-${crypto.randomUUID()}.txt`;
}

/** Storage takes a write and gives the same bytes back (a small object under `health/`, removed after). */
export function checkStorage(timeoutMs: number): Promise<TReadinessCheck> {
  return runCheck("storage", timeoutMs, "storage did not take a write and read it back", async () => {
    const storage = getStorage();
    const key = probeKey();
    const bytes = Buffer.from(`deckforge readiness probe ${crypto.randomUUID()}\n`);
    await storage.put(key, bytes);
    const back = await storage.get(key);
    if (!back || !bytes.equals(back))
      throw new CheckFailedError("storage read back other bytes than written");
    await storage.delete(key);
    return undefined;
  });
}
