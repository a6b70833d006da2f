// Generations sent with trigger_webhook: true record the completed / failed event for the
// account's subscriptions — synchronous (no task_id) and async (with task_id) — and only then.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { stopWorker } from "@/lib/jobs/worker";
import { generateNow } from "@/lib/presentations/generate-now";
import { stopWebhookWorker } from "@/lib/webhooks/webhook-worker";
import { openTestDb, type TTestDb } from "./credits-test-db";

let t: TTestDb;
let userId: string;
// A local receiver, so deliveries end quickly and never leave the machine.
let receiver: Server;
let received = 0;
const CONTENT =
  "Solar microgrids keep clinics powered. Batteries store daytime power. Costs fell 40% since 2020.";

beforeAll(async () => {
  process.env.JOB_POLL_MS = "50";
  process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
  t = await openTestDb();
  userId = (
    await t.db.user.create({
      data: {
        email: "hooks@example.com",
        creditBalance: 100,
        ledger: { create: { delta: 100, reason: "grant" } },
      },
      select: { id: true },
    })
  ).id;
  for (const event of ["presentation.generation.completed", "presentation.generation.failed"])
    await t.db.webhookSubscription.create({
      data: {
        userId,
        event,
        url,
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    });
});
afterAll(async () => {
  await stopWorker();
  // Let the deliveries finish before the database goes away.
  for (let i = 0; i < 200 && (await t.db.webhookDelivery.count({ where: { status: "pending" } })) > 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  stopWebhookWorker();
  await new Promise((resolve) => receiver.close(resolve));
  await t?.close();
  delete process.env.JOB_POLL_MS;
  delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
});

/** The data of the deliveries recorded for `event`, oldest first. */
async function events(event: string) {
  const rows = await t.db.webhookDelivery.findMany({ where: { event }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => JSON.parse(row.payload).data);
}

function request(body: Record<string, unknown>) {
  return ZGeneratePresentationRequest.parse({ content: CONTENT, n_slides: 2, ...body });
}

async function settled(id: string) {
  for (let i = 0; i < 600; i++) {
    const task = await t.db.task.findUniqueOrThrow({ where: { id } });
    if (task.status === "completed" || task.status === "error") return task;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`task ${id} did not finish`);
}

describe("generation webhooks", () => {
  it("fires nothing without trigger_webhook", async () => {
    await generateNow(
      t.db,
      userId,
      { kind: "generate_presentation", request: request({}) },
      { origin: "http://x.test", requestId: "r0" },
    );
    expect(await t.db.webhookDelivery.count()).toBe(0);
  });

  it("sync: completed with the presentation result; failed with the problem", async () => {
    const result = await generateNow(
      t.db,
      userId,
      { kind: "generate_presentation", request: request({ trigger_webhook: true }) },
      { origin: "http://x.test", requestId: "r1" },
    );
    expect(await events("presentation.generation.completed")).toEqual([result]);

    const failing = request({ trigger_webhook: true, files: ["no-such-file"] });
    await expect(
      generateNow(
        t.db,
        userId,
        { kind: "generate_presentation", request: failing },
        { origin: "http://x.test", requestId: "r2" },
      ),
    ).rejects.toThrow(/no-such-file/);
    const [failed] = await events("presentation.generation.failed");
    expect(failed).toMatchObject({ error: { status: 422, code: "invalid_field" } });
    expect(failed.task_id).toBeUndefined();
  });

  it("async: completed and failed carry the task id", async () => {
    const ok = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_presentation", request: request({ trigger_webhook: true }) },
      "http://x.test",
    );
    const bad = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_presentation", request: request({ trigger_webhook: true, files: ["no-such-file"] }) },
      "http://x.test",
    );
    const done = await settled(ok.id);
    expect((await settled(bad.id)).status).toBe("error");
    const completed = (await events("presentation.generation.completed")).find((e) => e.task_id === ok.id);
    expect(completed).toEqual({ task_id: ok.id, ...JSON.parse(done.result ?? "{}") });
    const failed = (await events("presentation.generation.failed")).find((e) => e.task_id === bad.id);
    expect(failed).toMatchObject({ task_id: bad.id, error: { status: 422, code: "invalid_field" } });
    // And all four events of this file reached the receiver.
    await expect.poll(() => received, { timeout: 10_000 }).toBe(4);
  });
});
