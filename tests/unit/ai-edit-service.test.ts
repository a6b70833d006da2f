// The AI edit service against a real SQLite database: the presentation gives context and must be
// the caller's, the proposal is charged CREDITS_PER_AI_EDIT with a ledger entry naming the
// presentation, and a refused prompt or a short balance charges nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { ZAiEditRequest, ZAiEditResponse } from "@/lib/api/schemas/ai-edit";
import type { Db } from "@/lib/db";
import type { TDeck } from "@/lib/deck/schema";
import { aiEditSlide } from "@/lib/edit/ai-edit-slide";
import { SOLAR, slideOf } from "./ai-edit-fixtures";
import { balanceAndLedger, openTestDb, type TTestDb } from "./credits-test-db";

let testDb: TTestDb;
let db: Db;
let alice: string;
let bob: string;
let presentationId: string;

async function createPresentation(userId: string, deck: TDeck): Promise<string> {
  const row = await db.presentation.create({
    data: { userId, title: deck.title, deck: JSON.stringify(deck) },
    select: { id: true },
  });
  return row.id;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected a failure");
}

const request = (prompt: string, id = "s3") => ZAiEditRequest.parse({ prompt, slide: slideOf(SOLAR, id) });

beforeAll(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  alice = (await db.user.create({ data: { email: "alice-edit@example.com", creditBalance: 10 } })).id;
  bob = (await db.user.create({ data: { email: "bob-edit@example.com", creditBalance: 10 } })).id;
  presentationId = await createPresentation(alice, SOLAR);
});
afterAll(async () => {
  await testDb.close();
});
beforeEach(() => {
  delete process.env.CREDITS_PER_AI_EDIT;
  delete process.env.LLM_PROVIDER;
});

describe("aiEditSlide (offline)", () => {
  it("answers the proposal, charges CREDITS_PER_AI_EDIT and records it against the presentation", async () => {
    process.env.CREDITS_PER_AI_EDIT = "2";
    const before = await balanceAndLedger(db, alice);
    const res = await aiEditSlide(db, alice, presentationId, request("turn into a table"));
    expect(ZAiEditResponse.parse(res)).toEqual(res);
    expect(res.provider).toBe("offline");
    expect(res.slides).toHaveLength(1);
    expect(res.slides[0]).toMatchObject({ id: "s3", layout: "table" });
    expect(res.credits_consumed).toBe(2);
    expect(res.balance_before).toBe(before.balance);
    expect(res.balance_after).toBe(before.balance - 2);
    const after = await balanceAndLedger(db, alice);
    expect(after).toEqual({ balance: before.balance - 2, ledger: before.ledger - 2 });
    const entry = await db.creditEntry.findFirst({
      where: { userId: alice },
      orderBy: { createdAt: "desc" },
      select: { delta: true, reason: true, presentationId: true },
    });
    expect(entry).toEqual({ delta: -2, reason: "ai_edit", presentationId });
    // Nothing is saved: the stored deck is as it was.
    const stored = await db.presentation.findUniqueOrThrow({
      where: { id: presentationId },
      select: { deck: true, version: true },
    });
    expect(JSON.parse(stored.deck)).toEqual(SOLAR);
    expect(stored.version).toBe(1);
  });

  it("refuses a prompt it does not understand with a 422 on `prompt`, leaving no ledger entry", async () => {
    const entries = await db.creditEntry.count({ where: { userId: alice } });
    const before = await balanceAndLedger(db, alice);
    const error = await failure(aiEditSlide(db, alice, presentationId, request("write a poem about it")));
    expect(error.code).toBe("invalid_field");
    expect(error.details?.errors?.[0].path).toBe("prompt");
    expect(error.message).toMatch(
      /^prompt: The offline editor .* does not understand "write a poem about it"/,
    );
    expect(await balanceAndLedger(db, alice)).toEqual(before);
    expect(await db.creditEntry.count({ where: { userId: alice } })).toBe(entries);
  });

  it("answers 402 with balance and required when the balance is short, before any work", async () => {
    const poor = (await db.user.create({ data: { email: "poor-edit@example.com", creditBalance: 0 } })).id;
    const id = await createPresentation(poor, SOLAR);
    const error = await failure(aiEditSlide(db, poor, id, request("turn into a table")));
    expect(error.code).toBe("insufficient_credits");
    expect(error.details?.extensions).toEqual({ balance: 0, required: 1 });
    expect(await db.creditEntry.count({ where: { userId: poor } })).toBe(0);
  });

  it("answers 404 for another account's presentation and for an unknown id", async () => {
    const error = await failure(aiEditSlide(db, bob, presentationId, request("turn into a table")));
    expect(error.code).toBe("not_found");
    expect((await failure(aiEditSlide(db, alice, crypto.randomUUID(), request("shorter")))).code).toBe(
      "not_found",
    );
    expect(await db.creditEntry.count({ where: { userId: bob } })).toBe(0);
  });

  it("uses the stored deck as context: an added slide gets an id no stored slide has", async () => {
    const res = await aiEditSlide(db, alice, presentationId, request("add a slide about batteries"));
    expect(res.slides.map((s) => s.id)).toEqual(["s3", expect.stringMatching(/^[0-9a-f]{8}$/)]);
    expect(res.slides[1].content.bullets).toEqual([
      "Who maintains the batteries after the warranty ends",
      "Battery replacement after eight years is the biggest cost risk",
    ]);
  });

  it("edits what the slide draws and carries over what a layout switch kept undrawn", async () => {
    const costs = slideOf(SOLAR, "s3");
    const bullets = costs.content.bullets as string[];
    const slide = {
      ...costs,
      layout: "metrics" as const,
      content: {
        title: costs.content.title,
        metrics: [
          { value: "$6,000", label: "Panels" },
          { value: "$4,500", label: "Batteries" },
        ],
        bullets,
      },
    };
    const res = await aiEditSlide(
      db,
      alice,
      presentationId,
      ZAiEditRequest.parse({ prompt: "turn into a table", slide }),
    );
    const [table] = res.slides;
    expect(table.layout).toBe("table");
    // Two rows, from the two figures drawn: the kept bullets are not read twice…
    expect(table.content.table?.rows).toEqual([
      ["Panels", "$6,000"],
      ["Batteries", "$4,500"],
    ]);
    // …and stay with the slide, undrawn, for a switch back to bullets.
    expect(table.content.bullets).toEqual(bullets);
  });

  it("answers 503 for an unknown LLM_PROVIDER before charging", async () => {
    process.env.LLM_PROVIDER = "nonsense";
    const before = await balanceAndLedger(db, alice);
    const error = await aiEditSlide(db, alice, presentationId, request("shorter")).catch((e: Error) => e);
    expect((error as Error).name).toBe("ProviderUnavailableError");
    expect(await balanceAndLedger(db, alice)).toEqual(before);
  });
});

describe("ZAiEditRequest", () => {
  it("refuses a slide its layout cannot draw, as create/from-json does", () => {
    const parsed = ZAiEditRequest.safeParse({
      prompt: "shorter",
      slide: { id: "s3", layout: "table", content: { title: "No table" } },
    });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["slide.content.table", "The 'table' layout needs 'table'."],
    ]);
    expect(ZAiEditRequest.safeParse({ prompt: "  ", slide: slideOf(SOLAR, "s3") }).success).toBe(false);
  });
});
