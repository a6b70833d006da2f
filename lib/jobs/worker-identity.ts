import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";

/**
 * Who holds a task's lock: host, PID namespace, process id and a random part for this process's
 * life. Written to Task.lockedBy, so a later start on the same machine can tell a dead holder at
 * once instead of waiting out its lease.
 */
export type TWorkerIdentity = { host: string; pidNamespace: string; pid: number; nonce: string };

const SEPARATOR = "|";

/** A new identity for this process (call once per worker). */
export function newWorkerIdentity(): TWorkerIdentity {
  return {
    host: os.hostname(),
    pidNamespace: pidNamespace(),
    pid: process.pid,
    nonce: crypto.randomUUID().slice(0, 8),
  };
}

/** The identity as stored in Task.lockedBy. */
export function formatWorkerIdentity(identity: TWorkerIdentity): string {
  return [identity.host, identity.pidNamespace, identity.pid, identity.nonce].join(SEPARATOR);
}

/** Parses Task.lockedBy; null for a value another version wrote. */
export function parseWorkerIdentity(lockedBy: string): TWorkerIdentity | null {
  const parts = lockedBy.split(SEPARATOR);
  if (parts.length !== 4) return null;
  const pid = Number(parts[2]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { host: parts[0], pidNamespace: parts[1], pid, nonce: parts[3] };
}

/**
 * True when the lock holder is certainly gone: it ran in this machine's process namespace and its
 * process no longer exists (or this very process id now belongs to us, a later start). False when
 * it is alive or cannot be checked from here (another machine or container) — then only its lease
 * decides.
 */
export function isHolderGone(lockedBy: string | null, self: TWorkerIdentity): boolean {
  if (!lockedBy) return true;
  const holder = parseWorkerIdentity(lockedBy);
  if (!holder || holder.host !== self.host || holder.pidNamespace !== self.pidNamespace) return false;
  if (holder.pid === self.pid) return holder.nonce !== self.nonce;
  return !processExists(holder.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * The PID namespace (Linux), so two containers sharing a host name do not judge each other's
 * process ids; elsewhere one namespace per host is assumed.
 */
function pidNamespace(): string {
  try {
    return fs.readlinkSync("/proc/self/ns/pid").replace(/[^\w:[\]-]/g, "");
  } catch {
    return "host";
  }
}
