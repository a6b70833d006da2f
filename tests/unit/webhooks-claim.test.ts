// The delivery queue on a real SQLite file: atomic claims (two Prisma clients = two processes), due
// times, stale-claim recovery, the guard on recording an answer, and pruning.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import type { TWebhookConfig } from "@/lib/webhooks/webhook-config";
import { startMockServer, type TMockServer } from "./net-mock-server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-webhooks-claim-"));
const previousDataDir = process.env.DATA_DIR;
const globalForDb = globalThis as { deckforgeDb?: Promise<Db> };

let db: Db;
let other: Db;
let claimDueDelivery: typeof import("@/lib/webhooks/claim-delivery").claimDueDelivery;
let recoverStaleDeliveries: typeof import("@/lib/webhooks/recover-stale-deliveries").recoverStaleDeliveries;
let sendDelivery: typeof import("@/lib/webhooks/send-delivery").sendDelivery;
let pruneDeliveries: typeof import("@/lib/webhooks/prune-deliveries").pruneDeliveries;
let getWebhookConfig: typeof import("@/lib/webhooks/webhook-config").getWebhookConfig;
let subscriptionId: string;
let receiver: TMockServer;
let config: TWebhookConfig;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  globalForDb.deckforgeDb = undefined;
  const { getDb } = await import("@/lib/db");
  // Two clients, two connection pools on one file: as two server processes would share it.
  other = await getDb();
  globalForDb.deckforgeDb = undefined;
  db = await getDb();
  ({ claimDueDelivery } = await import("@/lib/webhooks/claim-delivery"));
  ({ recoverStaleDeliveries } = await import("@/lib/webhooks/recover-stale-deliveries"));
  ({ sendDelivery } = await import("@/lib/webhooks/send-delivery"));
  ({ pruneDeliveries } = await import("@/lib/webhooks/prune-deliveries"));
  ({ getWebhookConfig } = await import("@/lib/webhooks/webhook-config"));
  config = getWebhookConfig({ WEBHOOK_MAX_ATTEMPTS: "3", WEBHOOK_RETRY_BASE_MS: "1000" });
  receiver = await startMockServer((_request, response) => {
    response.writeHead(204);
    response.end();
  });
  const user = await db.user.create({ data: { email: "claims@example.com" } });
  const subscription = await db.webhookSubscription.create({
    data: {
      userId: user.id,
      url: `${receiver.origin}/hook`,
      event: "presentation.generation.completed",
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
  });
  subscriptionId = subscription.id;
});

afterAll(async () => {
  await receiver?.close();
  await db?.$disconnect();
  await other?.$disconnect();
  globalForDb.deckforgeDb = undefined;
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.webhookDelivery.deleteMany({});
});

type TDeliveryFields = {
  nextAttemptAt?: Date | null;
  lockedAt?: Date | null;
  attempts?: number;
  status?: string;
};

async function makeDeliveries(count: number, fields: TDeliveryFields = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db.webhookDelivery.create({
      data: {
        subscriptionId,
        event: "presentation.generation.completed",
        messageId: `msg_${i}`,
        payload: JSON.stringify({
          type: "presentation.generation.completed",
          timestamp: new Date().toISOString(),
          data: { i },
        }),
        nextAttemptAt: new Date(Date.now() - 1000 + i),
        ...fields,
      },
      select: { id: true },
    });
    ids.push(row.id);
  }
  return ids;
}

/** Claims until nothing is due; returns the ids claimed. */
async function drain(client: Db): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const claimed = await claimDueDelivery(client);
    if (!claimed) return ids;
    ids.push(claimed.id);
  }
}

describe("claiming deliveries", () => {
  it("one delivery raced by ten claimers in two processes is claimed exactly once", async () => {
    const [id] = await makeDeliveries(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimDueDelivery(i % 2 === 0 ? db : other)),
    );
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ id, attempt: 1, url: `${receiver.origin}/hook`, messageId: "msg_0" });
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row.attempts).toBe(1);
    expect(row.lockedAt).toBeInstanceOf(Date);
  });

  it("40 deliveries drained by six concurrent loops in two processes: each claimed once, none lost", async () => {
    const ids = await makeDeliveries(40);
    const loops = await Promise.all([db, other, db, other, db, other].map((client) => drain(client)));
    // A loop gives up after losing a few races in a row (the worker's next poll would retry): finish.
    const claimed = [...loops.flat(), ...(await drain(db))];
    expect(claimed).toHaveLength(40);
    expect(new Set(claimed)).toEqual(new Set(ids));
    expect(loops.filter((loop) => loop.length > 0).length).toBeGreaterThan(1);
    const rows = await db.webhookDelivery.findMany({ select: { attempts: true, lockedAt: true } });
    expect(rows.every((row) => row.attempts === 1 && row.lockedAt !== null)).toBe(true);
  });

  it("claims only pending, unlocked deliveries whose time has come, earliest first", async () => {
    const hour = 3_600_000;
    const [later] = await makeDeliveries(1, { nextAttemptAt: new Date(Date.now() + hour) });
    await makeDeliveries(1, { lockedAt: new Date() });
    await makeDeliveries(1, { status: "succeeded" });
    await makeDeliveries(1, { status: "failed" });
    await makeDeliveries(1, { nextAttemptAt: null });
    const [early] = await makeDeliveries(1, { nextAttemptAt: new Date(Date.now() - 2 * hour) });
    const [soon] = await makeDeliveries(1, { nextAttemptAt: new Date(Date.now() - hour) });
    expect(await drain(db)).toEqual([early, soon]);
    expect((await claimDueDelivery(db, new Date(Date.now() + 2 * hour)))?.id).toBe(later);
  });

  it("unsubscribing drops the pending deliveries with it, so nothing is left to claim", async () => {
    const user = await db.user.create({ data: { email: `gone-${Date.now()}@example.com` } });
    const gone = await db.webhookSubscription.create({
      data: {
        userId: user.id,
        url: "http://127.0.0.1:9/x",
        event: "presentation.generation.failed",
        secret: "whsec_x",
      },
    });
    await db.webhookDelivery.create({
      data: { subscriptionId: gone.id, event: "e", messageId: "m", payload: "{}", nextAttemptAt: new Date() },
    });
    await db.webhookSubscription.delete({ where: { id: gone.id } });
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await claimDueDelivery(db)).toBeNull();
  });
});

describe("stale claims", () => {
  const stale = () => new Date(Date.now() - config.staleAfterMs - 1000);

  it("a claim left by a dead process is released once, with the lost attempt logged, and is due at once", async () => {
    const [id] = await makeDeliveries(1, { lockedAt: stale(), attempts: 1 });
    const [fresh] = await makeDeliveries(1, { lockedAt: new Date(), attempts: 1 });
    // One after the other: two clients in one process cannot hold SQLite transactions at once (the
    // second's busy wait blocks the thread the first needs to commit); across processes they queue.
    expect(await recoverStaleDeliveries(db, config)).toBe(1);
    expect(await recoverStaleDeliveries(other, config)).toBe(0);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { log: true } });
    expect(row).toMatchObject({ status: "pending", lockedAt: null, attempts: 1 });
    expect(row.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.log).toHaveLength(1);
    expect(row.log[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/stopped before recording/),
    });
    expect(row.log[0].durationMs).toBeGreaterThanOrEqual(config.staleAfterMs);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: fresh } })).lockedAt).not.toBeNull();
    expect((await claimDueDelivery(db))?.id).toBe(id);
  });

  it("a stale claim on the last attempt ends the delivery as failed", async () => {
    const [id] = await makeDeliveries(1, { lockedAt: stale(), attempts: config.maxAttempts });
    expect(await recoverStaleDeliveries(db, config)).toBe(1);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "failed", lockedAt: null, nextAttemptAt: null });
  });

  it("an answer that comes after the claim was released is logged but does not move the delivery", async () => {
    await makeDeliveries(1);
    const claimed = await claimDueDelivery(db);
    if (!claimed) throw new Error("nothing claimed");
    // Another process decides the claim is dead, releases it and claims the retry itself.
    await db.webhookDelivery.update({ where: { id: claimed.id }, data: { lockedAt: stale() } });
    await recoverStaleDeliveries(other, config);
    const retry = await claimDueDelivery(other);
    expect(retry).toMatchObject({ id: claimed.id, attempt: 2 });
    await sendDelivery(db, claimed, config, { ALLOW_PRIVATE_NETWORK_FETCH: "1" });
    const row = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: claimed.id },
      include: { log: true },
    });
    // Still the second claim's: pending, locked, attempt 2 — not "succeeded" by the first.
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row.lockedAt).not.toBeNull();
    expect(row.log.map((attempt) => attempt.status).sort()).toEqual([204, null].sort());
  });
});

describe("recording answers", () => {
  it("moves a delivery through pending → failed over the attempt budget, logging each", async () => {
    const failing = await startMockServer((_request, response) => {
      response.writeHead(503, { "content-type": "text/plain" });
      response.end("x".repeat(800));
    });
    try {
      await db.webhookSubscription.update({
        where: { id: subscriptionId },
        data: { url: `${failing.origin}/hook` },
      });
      const [id] = await makeDeliveries(1);
      const env = { ALLOW_PRIVATE_NETWORK_FETCH: "1" };
      const outcomes = [];
      for (let attempt = 1; attempt <= config.maxAttempts; attempt++) {
        const claimed = await claimDueDelivery(db, new Date(Date.now() + 10 * config.retryMaxMs));
        if (!claimed) throw new Error(`attempt ${attempt} not claimed`);
        outcomes.push(await sendDelivery(db, claimed, config, env));
      }
      expect(outcomes.map((o) => [o.deliveryStatus, o.retryInMs])).toEqual([
        ["pending", 1000],
        ["pending", 2000],
        ["failed", null],
      ]);
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { log: true } });
      expect(row).toMatchObject({ status: "failed", attempts: 3, lockedAt: null, nextAttemptAt: null });
      expect(row.log).toHaveLength(3);
      for (const attempt of row.log) {
        expect(attempt).toMatchObject({ status: 503, error: "The endpoint answered 503." });
        expect(attempt.responseSnippet).toBe("x".repeat(500));
      }
      expect(await claimDueDelivery(db, new Date(Date.now() + 10 * config.retryMaxMs))).toBeNull();
      expect(failing.requests).toHaveLength(3);
      expect(new Set(failing.requests.map((request) => request.headers["webhook-id"]))).toEqual(
        new Set(["msg_0"]),
      );
    } finally {
      await db.webhookSubscription.update({
        where: { id: subscriptionId },
        data: { url: `${receiver.origin}/hook` },
      });
      await failing.close();
    }
  });
});

describe("pruning", () => {
  it("deletes finished deliveries past the retention with their log, keeps recent and pending ones", async () => {
    const old = new Date(Date.now() - (config.retentionDays + 1) * 86_400_000);
    const [oldDone] = await makeDeliveries(1, { status: "succeeded" });
    const [oldFailed] = await makeDeliveries(1, { status: "failed" });
    const [oldPending] = await makeDeliveries(1);
    const [recent] = await makeDeliveries(1, { status: "succeeded" });
    await db.webhookAttempt.create({ data: { deliveryId: oldDone, status: 200, durationMs: 5 } });
    // updatedAt is maintained by Prisma; backdate it with SQL as time passing would.
    for (const id of [oldDone, oldFailed, oldPending]) {
      await db.$executeRaw`UPDATE "WebhookDelivery" SET "updatedAt" = ${old} WHERE "id" = ${id}`;
    }
    expect(await pruneDeliveries(db, config)).toBe(2);
    const left = await db.webhookDelivery.findMany({ select: { id: true } });
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([oldPending, recent]));
    expect(await db.webhookAttempt.count({ where: { deliveryId: oldDone } })).toBe(0);
  });
});
