/**
 * The AI edit on an LLM over real HTTP: the AI SDK talks to a local OpenAI-compatible server
 * (mock-openai-server.ts) answering from a script. A valid answer becomes the proposal; a
 * malformed or layout-invalid one is asked again with the problem named; one that stays invalid
 * is repaired with a warning; a provider failure is a ProviderUnavailableError, refunded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZAiEditRequest } from "@/lib/api/schemas/ai-edit";
import type { TSlide } from "@/lib/deck/schema";
import { aiEditSlide } from "@/lib/edit/ai-edit-slide";
import { buildEditContext } from "@/lib/edit/edit-context";
import { finishSlides } from "@/lib/edit/finish-slides";
import { editWithLlm } from "@/lib/edit/llm/edit-with-llm";
import { ProviderUnavailableError } from "@/lib/generate/errors";
import { createLanguageModel } from "@/lib/generate/llm/create-language-model";
import type { TLlmRuntime } from "@/lib/generate/llm/generate-structured";
import { readLlmConfig } from "@/lib/generate/llm/llm-config";
import { SOLAR, slideOf } from "../unit/ai-edit-fixtures";
import { balanceAndLedger, openTestDb } from "../unit/credits-test-db";
import {
  startMockOpenAiServer,
  type TChatRequest,
  type TMockAnswer,
  type TMockServer,
  userText,
} from "./mock-openai-server";

let server: TMockServer;

beforeAll(async () => {
  server = await startMockOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.setHandler(undefined);
});

const ENV = () => ({
  LLM_PROVIDER: "openai-compatible",
  LLM_BASE_URL: server.url,
  LLM_MODEL: "edit-model",
  LLM_MAX_RETRIES: "1",
});

/** A fresh runtime (no remembered structured-output mode) against the mock server. */
function runtime(env: Record<string, string> = {}): TLlmRuntime {
  const config = readLlmConfig({ ...ENV(), ...env });
  return { config, lm: createLanguageModel(config), ladderStart: 0 };
}

/** Answers with `json` as the request's mode expects (a tool call when it sent a tool). */
function answer(body: TChatRequest, json: unknown): TMockAnswer {
  const tool = body.tools?.[0]?.function.name;
  if (tool) return { type: "tool-call", name: tool, arguments: json as object };
  return { type: "content", content: typeof json === "string" ? json : (json as object) };
}

/** Serves these answers in order, each shaped for the request it answers. */
function script(...answers: unknown[]) {
  const queue = [...answers];
  server.setHandler((body) => (queue.length ? answer(body, queue.shift()) : undefined));
}

const COSTS = slideOf(SOLAR, "s3");
const TABLE_ANSWER = {
  summary: "Turned the costs into a table.",
  slides: [
    {
      layout: "table",
      content: {
        title: "Costs per clinic",
        table: {
          header: ["Item", "Cost"],
          rows: [
            ["Panels", "$6,000"],
            ["Batteries", "$4,500"],
            ["Installation", "$1,500"],
          ],
        },
      },
    },
  ],
};

async function run(slide: TSlide, prompt: string, rt = runtime()) {
  const ctx = buildEditContext(SOLAR, slide);
  const edit = await editWithLlm(rt, prompt, ctx);
  return { ...edit, slides: finishSlides(edit.slides, ctx) };
}

describe("AI edit through an OpenAI-compatible model", () => {
  it("sends the request, the slide and the deck's context with a JSON schema, and builds the proposal", async () => {
    script(TABLE_ANSWER);
    const edit = await run(COSTS, "turn into a table");
    expect(edit.slides).toEqual([{ id: "s3", ...TABLE_ANSWER.slides[0], notes: COSTS.notes }]);
    expect(edit.summary).toBe("Turned the costs into a table.");
    expect(edit.warnings).toEqual([]);

    expect(server.requests).toHaveLength(1);
    const body = server.requests[0].body;
    expect(body.model).toBe("edit-model");
    expect(body.response_format?.type).toBe("json_schema");
    expect(body.response_format?.json_schema?.name).toBe("slide_edit");
    expect(body.response_format?.json_schema?.schema).toMatchObject({
      required: expect.arrayContaining(["summary", "slides"]),
      properties: { slides: { type: "array", minItems: 1, maxItems: 10 } },
    });
    const prompt = userText(body);
    expect(prompt).toContain("<request>\nturn into a table\n</request>");
    expect(prompt).toContain(
      JSON.stringify({ layout: "bullets", content: COSTS.content, notes: COSTS.notes }),
    );
    expect(prompt).toContain('Edit one slide of the presentation "Solar power for rural clinics"');
    expect(prompt).toContain("The slide being edited is slide 3 of 11.");
    expect(prompt).toContain("Write in English");
    expect(prompt).toContain(
      '- "table": A native, editable table with a header row. Draws title, body, table; needs table.',
    );
  });

  it("keeps the stored picture when the model keeps the image, and never shows the model its storage key", async () => {
    const visit = slideOf(SOLAR, "s7");
    script({
      summary: "Shortened the bullets.",
      slides: [
        {
          layout: "image-right",
          content: {
            title: "Field visit",
            bullets: ["14 clinics visited in May", "Each had a broken fridge"],
            image: { query: "rural clinic solar panels", alt: "Solar panels on a clinic roof" },
          },
        },
      ],
    });
    const edit = await run(visit, "make it shorter");
    expect(edit.slides[0].content.image).toEqual(visit.content.image);
    expect(userText(server.requests[0].body)).not.toContain("assets/");
  });

  it("adds the slides the model adds, with fresh ids after the edited one", async () => {
    script({
      summary: "Added a slide about risks.",
      slides: [
        { layout: "bullets", content: COSTS.content },
        {
          layout: "bullets",
          content: { title: "Risks", bullets: ["Theft of panels", "Battery replacement"] },
        },
      ],
    });
    const edit = await run(COSTS, "add a slide about risks");
    expect(edit.slides.map((s) => s.id)).toEqual(["s3", expect.stringMatching(/^[0-9a-f]{8}$/)]);
    expect(edit.slides[1]).not.toHaveProperty("notes");
  });

  it("asks again after a malformed answer, naming the problem", async () => {
    script("Sure! Here is your table: | Item | Cost |", TABLE_ANSWER);
    const edit = await run(COSTS, "turn into a table");
    expect(edit.slides[0].layout).toBe("table");
    expect(server.requests).toHaveLength(2);
    expect(userText(server.requests[1].body)).toContain(
      "Your previous answer was rejected: the answer was not valid JSON. Answer again, correctly.",
    );
  });

  it("asks again when a slide lacks what its layout needs", async () => {
    const missing = { summary: "Table.", slides: [{ layout: "table", content: { title: "Costs" } }] };
    script(missing, TABLE_ANSWER);
    const edit = await run(COSTS, "turn into a table");
    expect(edit.slides[0].content.table?.rows).toHaveLength(3);
    expect(userText(server.requests[1].body)).toContain(
      "Your previous answer was rejected: slides.0: The 'table' layout needs 'table'.",
    );
  });

  it("repairs an answer that stays invalid for its layout, with a warning, rather than failing", async () => {
    const wrong = {
      summary: "Made a chart.",
      slides: [
        { layout: "chart", content: { title: "Costs", bullets: ["Panels: $6,000", "Batteries: $4,500"] } },
      ],
    };
    script(wrong, wrong);
    const edit = await run(COSTS, "turn into a chart");
    expect(edit.slides).toEqual([
      {
        id: "s3",
        layout: "bullets",
        content: { title: "Costs", bullets: ["Panels: $6,000", "Batteries: $4,500"] },
        notes: COSTS.notes,
      },
    ]);
    expect(edit.warnings).toEqual([
      `The model's answer stayed invalid after 2 attempts (slides.0: The 'chart' layout needs 'chart'); the edited slide is shown as a bullets slide instead of "chart".`,
    ]);
  });

  it("fails with 503 when no answer ever matches the schema", async () => {
    script({ nothing: true }, { slides: "none" });
    const error = await run(COSTS, "turn into a table").catch((e: Error) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(
      /^The openai-compatible model "edit-model" returned no valid slide edit in 2 attempts: the JSON did not match the schema/,
    );
  });

  it("turns a provider failure into ProviderUnavailableError", async () => {
    server.setHandler(() => ({ type: "error", status: 500, message: "model crashed" }));
    const error = await run(COSTS, "turn into a table", runtime({ LLM_MAX_RETRIES: "0" })).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(
      /failed with HTTP 500 while writing the slide edit: model crashed/,
    );
  });
});

describe("aiEditSlide on an LLM: credits", () => {
  it("charges a proposal and refunds a provider failure", async () => {
    const testDb = await openTestDb();
    const saved = { ...process.env };
    Object.assign(process.env, ENV(), { LLM_MAX_RETRIES: "0" });
    try {
      const { db } = testDb;
      const user = (await db.user.create({ data: { email: "llm-edit@example.com", creditBalance: 5 } })).id;
      const { id } = await db.presentation.create({
        data: { userId: user, title: SOLAR.title, deck: JSON.stringify(SOLAR) },
        select: { id: true },
      });
      const input = ZAiEditRequest.parse({ prompt: "turn into a table", slide: COSTS });

      script(TABLE_ANSWER);
      const res = await aiEditSlide(db, user, id, input);
      expect(res).toMatchObject({
        provider: "openai-compatible",
        credits_consumed: 1,
        balance_before: 5,
        balance_after: 4,
      });

      server.setHandler(() => ({ type: "error", status: 500, message: "model crashed" }));
      const error = await aiEditSlide(db, user, id, input).catch((e: Error) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(await balanceAndLedger(db, user)).toEqual({ balance: 4, ledger: -1 });
      const entries = await db.creditEntry.findMany({
        where: { userId: user },
        orderBy: { createdAt: "asc" },
        select: { delta: true, reason: true, presentationId: true },
      });
      expect(entries).toEqual([
        { delta: -1, reason: "ai_edit", presentationId: id },
        { delta: 0, reason: "ai_edit_refunded", presentationId: null },
      ]);
    } finally {
      process.env = saved;
      await testDb.close();
    }
  });
});
