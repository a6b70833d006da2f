// POST /api/v1/ppt/presentation/{id}/ai-edit over real HTTP: offline proposals on the shared
// server (same id, a table, an added slide), their charge in the ledger, what is refused and
// charges nothing (an unknown prompt, an invalid slide, a short balance, someone else's deck);
// then a server of its own on an OpenAI-compatible model (a scripted local server).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startMockOpenAiServer, type TMockServer, userText } from "../llm/mock-openai-server";
import { cliCreateKey, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { api } from "./helpers";

type TSlide = { id: string; layout: string; content: Record<string, unknown>; notes?: string };

const SLIDES = [
  { layout: "title", content: { title: "Solar power for rural clinics", subtitle: "A plan for 2026–2028" } },
  {
    layout: "bullets",
    content: {
      title: "Why clinics need power",
      bullets: [
        "Vaccines spoil when the fridges warm up during a power cut, which happens several times every week",
        "Night deliveries take place by the light of mobile phones in most of the clinics we visited",
        "Diesel for the backup generators costs each clinic about $3,200 a year",
        "Staff spend hours every week driving to town to buy fuel for the generators",
        "Patients travel further to district hospitals when a clinic has no power",
      ],
    },
  },
  {
    layout: "bullets",
    content: {
      title: "Costs per clinic",
      bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"],
    },
    notes:
      "Theft of panels is a risk in remote sites. Battery replacement after eight years is the biggest cost risk.",
  },
];

/** A presentation of SLIDES for the key's account, and its slides as stored (ids s1…). */
async function createDeck(key: string, base = inject("baseUrl")) {
  const res = await fetch(`${base}/api/v1/ppt/presentation/create/from-json`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Solar clinics", slides: SLIDES }),
  });
  expect(res.status).toBe(200);
  const { presentation_id: id } = (await res.json()) as { presentation_id: string };
  const detail = await fetch(`${base}/api/v1/ppt/presentation/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const { deck } = (await detail.json()) as { deck: { slides: TSlide[] } };
  return { id, slides: deck.slides };
}

const edit = (id: string, body: unknown, key?: string | null) =>
  api(`/api/v1/ppt/presentation/${id}/ai-edit`, { body, key });
const balance = async (key?: string) => (await api("/api/v1/credits", { key })).json.balance as number;

describe("AI edit, offline rules", () => {
  let deck: Awaited<ReturnType<typeof createDeck>>;
  beforeAll(async () => {
    deck = await createDeck(inject("keyA"));
  });

  it('"make it shorter" answers the same slide with fewer, shorter bullets, and saves nothing', async () => {
    const slide = deck.slides[1];
    const res = await edit(deck.id, { prompt: "Make it shorter", slide });
    expect(res.status).toBe(200);
    expect(res.json.provider).toBe("offline");
    expect(res.json.slides).toHaveLength(1);
    const [shorter] = res.json.slides as TSlide[];
    expect(shorter.id).toBe(slide.id);
    expect(shorter.layout).toBe("bullets");
    const before = slide.content.bullets as string[];
    const after = shorter.content.bullets as string[];
    expect(after.length).toBeLessThan(before.length);
    expect(after.join(" ").length).toBeLessThan(before.join(" ").length * 0.6);
    expect(shorter.notes).toContain(`• ${before[0]}`);
    expect(res.json.summary).toMatch(/^Shortened the slide from \d+ to \d+ words \(5 bullets → 3\)\.$/);
    const stored = await api(`/api/v1/ppt/presentation/${deck.id}`);
    expect(stored.json.version).toBe(1);
    expect(stored.json.deck.slides[1].content.bullets).toEqual(before);
  });

  it("maps a free-form request to the nearest edit and says how it read it", async () => {
    const res = await edit(deck.id, { prompt: "Please rewrite this for executives", slide: deck.slides[1] });
    expect(res.status).toBe(200);
    expect(res.json.summary).toMatch(
      /^Read “rewrite this for executives” as “make it shorter” \(the offline rules cannot change wording or tone[^)]*\): shortened the slide from \d+ to \d+ words/,
    );
    expect(res.json.warnings.join(" ")).toContain("LLM_PROVIDER");
    const [slide] = res.json.slides as TSlide[];
    expect((slide.content.bullets as string[]).length).toBeLessThan(5);
  });

  it('"turn into a table" answers a table slide; the charge is in the ledger with the presentation', async () => {
    const res = await edit(deck.id, { prompt: "turn into a table", slide: deck.slides[2] });
    expect(res.status).toBe(200);
    expect(res.json.slides).toEqual([
      {
        id: "s3",
        layout: "table",
        content: {
          title: "Costs per clinic",
          table: {
            header: ["Item", "Value"],
            rows: [
              ["Panels", "$6,000"],
              ["Batteries", "$4,500"],
              ["Installation", "$1,500"],
            ],
          },
        },
        notes: SLIDES[2].notes,
      },
    ]);
    expect(res.json.credits_consumed).toBe(1);
    expect(res.json.balance_after).toBe(res.json.balance_before - 1);
    const credits = await api("/api/v1/credits?limit=1");
    expect(credits.json.balance).toBe(res.json.balance_after);
    expect(credits.json.entries[0]).toMatchObject({ delta: -1, reason: "ai_edit", presentation_id: deck.id });
  });

  it("a rejected proposal is free: reject refunds its charge once, and only on its own presentation", async () => {
    const other = await createDeck(inject("keyA"));
    const before = await balance();
    const res = await edit(deck.id, { prompt: "turn into a table", slide: deck.slides[2] });
    expect(res.status).toBe(200);
    expect(await balance()).toBe(before - 1);
    const reject = (id: string, proposal: string, key?: string) =>
      api(`/api/v1/ppt/presentation/${id}/ai-edit/${proposal}/reject`, { method: "POST", key });
    // Another account cannot refund it, nor can it be refunded through another presentation.
    expect((await reject(deck.id, res.json.proposal_id, inject("keyB"))).status).toBe(404);
    expect((await reject(other.id, res.json.proposal_id)).status).toBe(404);
    expect(await balance()).toBe(before - 1);

    const rejected = await reject(deck.id, res.json.proposal_id);
    expect(rejected.status).toBe(200);
    expect(rejected.json).toEqual({
      proposal_id: res.json.proposal_id,
      credits_refunded: 1,
      balance_after: before,
    });
    expect(await balance()).toBe(before);
    const entry = (await api("/api/v1/credits?limit=5")).json.entries.find(
      (e: { id?: string; reason: string; delta: number }) => e.reason === "ai_edit_refunded",
    );
    expect(entry).toMatchObject({ delta: 0, presentation_id: deck.id });

    const again = await reject(deck.id, res.json.proposal_id);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("conflict");
    expect(await balance()).toBe(before);
    expect((await reject(deck.id, "not-a-proposal")).status).toBe(404);
  });

  it('"add a slide about risks" answers the slide unchanged and a new slide from what the deck says', async () => {
    const res = await edit(deck.id, { prompt: "add a slide about risks", slide: deck.slides[1] });
    expect(res.status).toBe(200);
    const slides = res.json.slides as TSlide[];
    expect(slides).toHaveLength(2);
    expect(slides[0]).toEqual(deck.slides[1]);
    expect(slides[1].id).toMatch(/^[0-9a-f]{8}$/);
    expect(slides[1].content).toEqual({
      title: "Risks",
      bullets: [
        "Theft of panels is a risk in remote sites",
        "Battery replacement after eight years is the biggest cost risk",
      ],
    });
  });

  it("refuses a prompt the rules do not understand with a 422 listing what they do, and charges nothing", async () => {
    const before = await balance();
    const res = await edit(deck.id, { prompt: "write it as a sonnet", slide: deck.slides[1] });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json).toMatchObject({ code: "invalid_field", errors: [{ path: "prompt" }] });
    expect(res.json.detail).toContain('does not understand "write it as a sonnet"');
    expect(res.json.detail).toContain('"turn into a table"');
    expect(await balance()).toBe(before);
  });

  it("refuses a slide its layout cannot draw (422) and someone else's presentation (404)", async () => {
    const invalid = await edit(deck.id, {
      prompt: "make it shorter",
      slide: { id: "s3", layout: "chart", content: { title: "Costs" } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toEqual([
      { path: "slide.content.chart", message: "The 'chart' layout needs 'chart'." },
    ]);
    const before = await balance(inject("keyB"));
    const foreign = await edit(deck.id, { prompt: "make it shorter", slide: deck.slides[1] }, inject("keyB"));
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("not_found");
    expect(await balance(inject("keyB"))).toBe(before);
    expect((await edit(deck.id, { prompt: "make it shorter", slide: deck.slides[1] }, null)).status).toBe(
      401,
    );
  });

  it("answers 402 with balance and required when the account cannot pay", async () => {
    // A new account granted 3 credits spends them on a 3-slide deck.
    const key = cliCreateKey(inject("dataDir"), "ai-edit-poor@example.com", "poor", {
      ...TEST_SERVER_ENV,
      CREDITS_GRANT: "3",
    });
    const poor = await createDeck(key);
    expect(await balance(key)).toBe(0);
    const res = await edit(poor.id, { prompt: "turn into a table", slide: poor.slides[2] }, key);
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ code: "insufficient_credits", balance: 0, required: 1 });
    const ledger = await api("/api/v1/credits?limit=100", { key });
    expect(ledger.json.entries.map((e: { reason: string }) => e.reason)).not.toContain("ai_edit");
  });
});

describe("AI edit on an OpenAI-compatible model", () => {
  let mock: TMockServer;
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  let key: string;

  beforeAll(async () => {
    mock = await startMockOpenAiServer();
    const env = {
      ...TEST_SERVER_ENV,
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: mock.url,
      LLM_MODEL: "edit-model",
      LLM_MAX_RETRIES: "0",
      CREDITS_PER_AI_EDIT: "2",
    };
    server = await startDeckforgeServer(env);
    key = cliCreateKey(server.dataDir, "llm-edit@example.com", "llm-edit", env);
  });
  afterAll(async () => {
    await server?.stop();
    await mock?.close();
  });

  it("answers the model's proposal and charges CREDITS_PER_AI_EDIT; a provider failure is a 503 and refunded", async () => {
    // Made without the model: create/from-json writes no text.
    const deck = await createDeck(key, server.baseUrl);
    const call = async (prompt: string) => {
      const res = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/${deck.id}/ai-edit`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ prompt, slide: deck.slides[1] }),
      });
      return { status: res.status, json: await res.json() };
    };
    const answer = {
      summary: "Cut the slide to three short bullets.",
      slides: [
        {
          layout: "bullets",
          content: { title: "Why power", bullets: ["Vaccines spoil", "Dark deliveries", "Costly diesel"] },
        },
      ],
    };
    mock.setHandler((body) => ({
      type: "content",
      content: userText(body).includes("<request>\nmake it punchy\n</request>") ? answer : { wrong: true },
    }));
    const ok = await call("make it punchy");
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      provider: "openai-compatible",
      summary: "Cut the slide to three short bullets.",
      slides: [{ id: "s2", layout: "bullets", content: answer.slides[0].content }],
      credits_consumed: 2,
    });
    expect(ok.json.balance_after).toBe(ok.json.balance_before - 2);
    expect(userText(mock.requests[0].body)).toContain('Edit one slide of the presentation "Solar clinics"');

    mock.setHandler(() => ({ type: "error", status: 500, message: "model crashed" }));
    const failed = await call("make it punchy");
    expect(failed.status).toBe(503);
    expect(failed.json).toMatchObject({ status: 503, code: "provider_unavailable" });
    expect(failed.json.detail).toMatch(/HTTP 500/);
    const credits = await fetch(`${server.baseUrl}/api/v1/credits?limit=2`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const view = await credits.json();
    expect(view.balance).toBe(ok.json.balance_after);
    expect(view.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [0, "ai_edit_refunded"],
      [-2, "ai_edit"],
    ]);
  });
});
