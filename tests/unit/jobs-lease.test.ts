// The job queue's claim, lease and recovery rules against a real SQLite file: one winner per
// claim, heartbeats that only the claim's owner can renew, and tasks of dead workers taken back —
// at once when the holder's process is gone, after the lease otherwise — or given up.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimNextTask } from "@/lib/jobs/claim-next-task";
import { recoverOrphanedTasks } from "@/lib/jobs/recover-orphaned-tasks";
import { renewTaskLease } from "@/lib/jobs/renew-task-lease";
import {
  formatWorkerIdentity,
  isHolderGone,
  newWorkerIdentity,
  parseWorkerIdentity,
  type TWorkerIdentity,
} from "@/lib/jobs/worker-identity";
import { openTestDb, type TTestDb } from "./credits-test-db";

let t: TTestDb;
let userId: string;
const self = newWorkerIdentity();
const LEASE_MS = 30_000;

beforeAll(async () => {
  t = await openTestDb();
  userId = (await t.db.user.create({ data: { email: "jobs@example.com" }, select: { id: true } })).id;
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.task.deleteMany({});
});

/** A task row as a worker left it. */
async function task(data: {
  status?: string;
  lockedBy?: string | null;
  lockedAt?: Date | null;
  attempts?: number;
  createdAt?: Date;
}) {
  return t.db.task.create({
    data: { userId, kind: "generate_from_slides", input: "{}", ...data },
    select: { id: true },
  });
}

async function row(id: string) {
  return t.db.task.findUniqueOrThrow({ where: { id } });
}

/** A worker identity on this machine whose process has exited. */
async function deadHolder(): Promise<TWorkerIdentity> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid as number;
  await new Promise((resolve) => child.on("exit", resolve));
  return { ...self, pid, nonce: "deadbeef" };
}

function recover(options: { runningHere?: Set<string>; maxAttempts?: number; now?: Date } = {}) {
  return recoverOrphanedTasks(t.db, {
    self,
    leaseMs: LEASE_MS,
    maxAttempts: options.maxAttempts ?? 3,
    runningHere: options.runningHere ?? new Set(),
    now: options.now,
  });
}

describe("claiming", () => {
  it("claims the oldest pending task once, counting the attempt", async () => {
    const older = await task({ createdAt: new Date(Date.now() - 5000) });
    const newer = await task({});
    const a = await claimNextTask(t.db, "worker-a");
    expect(a).toEqual({ id: older.id, lockedBy: "worker-a", attempts: 1 });
    const b = await claimNextTask(t.db, "worker-b");
    expect(b?.id).toBe(newer.id);
    expect(await claimNextTask(t.db, "worker-c")).toBeNull();
    expect(await row(older.id)).toMatchObject({ status: "processing", lockedBy: "worker-a", attempts: 1 });
  });

  it("gives each of many concurrent claimers a different task, or none", async () => {
    for (let i = 0; i < 3; i++) await task({});
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimNextTask(t.db, `w${i}`)));
    const won = claims.filter((claim) => claim !== null);
    expect(won).toHaveLength(3);
    expect(new Set(won.map((claim) => claim?.id)).size).toBe(3);
  });
});

describe("heartbeat", () => {
  it("renews the lease while the claim holds, and fails once the task was taken back and claimed again", async () => {
    const { id } = await task({});
    const claim = await claimNextTask(t.db, "same-worker");
    if (!claim) throw new Error("no claim");
    await t.db.task.update({ where: { id }, data: { lockedAt: new Date(0) } });
    expect(await renewTaskLease(t.db, claim)).toBe(true);
    expect((await row(id)).lockedAt?.getTime()).toBeGreaterThan(Date.now() - 5000);

    // Taken back and claimed again — even under the same lock name, the old claim no longer holds.
    await t.db.task.update({ where: { id }, data: { status: "pending", lockedBy: null } });
    const again = await claimNextTask(t.db, "same-worker");
    expect(again?.attempts).toBe(2);
    expect(await renewTaskLease(t.db, claim)).toBe(false);
    expect(again && (await renewTaskLease(t.db, again))).toBe(true);
  });
});

describe("recovery", () => {
  it("leaves a live task alone and takes back one whose lease lapsed", async () => {
    const elsewhere = formatWorkerIdentity({ ...self, host: "another-machine" });
    const fresh = await task({
      status: "processing",
      lockedBy: elsewhere,
      lockedAt: new Date(),
      attempts: 1,
    });
    const lapsed = await task({
      status: "processing",
      lockedBy: elsewhere,
      lockedAt: new Date(Date.now() - LEASE_MS - 1000),
      attempts: 1,
    });
    await t.db.task.update({ where: { id: lapsed.id }, data: { progress: 40 } });
    const result = await recover();
    expect(result).toEqual({ requeued: [lapsed.id], abandoned: [] });
    expect(await row(fresh.id)).toMatchObject({ status: "processing", lockedBy: elsewhere });
    expect(await row(lapsed.id)).toMatchObject({
      status: "pending",
      lockedBy: null,
      lockedAt: null,
      progress: 0,
      attempts: 1,
    });
    // The requeued task is claimable again, as attempt 2.
    expect(await claimNextTask(t.db, "next")).toMatchObject({ id: lapsed.id, attempts: 2 });
  });

  it("takes back at once a task whose holder on this machine has exited (kill -9), lease or not", async () => {
    const dead = formatWorkerIdentity(await deadHolder());
    const { id } = await task({ status: "processing", lockedBy: dead, lockedAt: new Date(), attempts: 1 });
    expect(await recover()).toEqual({ requeued: [id], abandoned: [] });
  });

  it("takes back at once a task held by an earlier run of this very process id (a restarted container)", async () => {
    const earlier = formatWorkerIdentity({ ...self, nonce: "earlier0" });
    const { id } = await task({ status: "processing", lockedBy: earlier, lockedAt: new Date(), attempts: 1 });
    expect((await recover()).requeued).toEqual([id]);
  });

  it("never takes a task from a live holder before its lease ends, nor one this process runs", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      const alive = formatWorkerIdentity({ ...self, pid: sleeper.pid as number, nonce: "alive000" });
      const other = await task({ status: "processing", lockedBy: alive, lockedAt: new Date(), attempts: 1 });
      const mine = await task({
        status: "processing",
        lockedBy: formatWorkerIdentity(self),
        lockedAt: new Date(Date.now() - LEASE_MS * 10),
        attempts: 1,
      });
      expect(await recover({ runningHere: new Set([mine.id]) })).toEqual({ requeued: [], abandoned: [] });
      expect((await row(other.id)).status).toBe("processing");
      expect((await row(mine.id)).status).toBe("processing");
      // Once the live holder's lease lapses it is taken back all the same (a hung worker).
      const later = new Date(Date.now() + LEASE_MS + 1000);
      expect((await recover({ runningHere: new Set([mine.id]), now: later })).requeued).toEqual([other.id]);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it("gives up a task whose last attempt died: error with a problem body, reported for refund", async () => {
    const dead = formatWorkerIdentity(await deadHolder());
    const { id } = await task({ status: "processing", lockedBy: dead, lockedAt: new Date(), attempts: 3 });
    const { requeued, abandoned } = await recover({ maxAttempts: 3 });
    expect(requeued).toEqual([]);
    expect(abandoned).toHaveLength(1);
    expect(abandoned[0]).toMatchObject({
      id,
      userId,
      attempts: 3,
      error: { status: 500, code: "internal_error" },
    });
    const stored = await row(id);
    expect(stored.status).toBe("error");
    expect(stored.lockedBy).toBeNull();
    expect(JSON.parse(stored.error ?? "{}")).toEqual(abandoned[0].error);
    expect(abandoned[0].error.detail).toMatch(/3 attempts.*refunded/);
  });

  it("lets only one of two recovering workers act on an orphan", async () => {
    const dead = formatWorkerIdentity(await deadHolder());
    const { id } = await task({ status: "processing", lockedBy: dead, lockedAt: new Date(), attempts: 3 });
    const [a, b] = await Promise.all([recover(), recover()]);
    expect([...a.abandoned, ...b.abandoned].map((x) => x.id)).toEqual([id]);
  });
});

describe("worker identity", () => {
  it("round-trips and judges holders it cannot check (another machine, an old format) alive", () => {
    expect(parseWorkerIdentity(formatWorkerIdentity(self))).toEqual(self);
    expect(parseWorkerIdentity("12345-abcd")).toBeNull();
    expect(isHolderGone("12345-abcd", self)).toBe(false);
    expect(isHolderGone(formatWorkerIdentity({ ...self, host: "elsewhere", pid: 999_999 }), self)).toBe(
      false,
    );
    expect(isHolderGone(formatWorkerIdentity({ ...self, pidNamespace: "pid:[1]", pid: 999_999 }), self)).toBe(
      false,
    );
    expect(isHolderGone(formatWorkerIdentity(self), self)).toBe(false);
    expect(isHolderGone(null, self)).toBe(true);
  });
});
