// The real server on an LLM provider: LLM_PROVIDER=openai-compatible pointed at a local
// OpenAI-compatible server the test starts. A scripted model makes the deck; a failing one is a 503.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockOpenAiServer, type TMockServer, userText } from "../llm/mock-openai-server";
import { scriptedModel } from "../llm/scripted-model";
import { cliCreateKey, startDeckforgeServer } from "./global-setup";

let mock: TMockServer;
let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
let key: string;

beforeAll(async () => {
  mock = await startMockOpenAiServer({ handler: scriptedModel() });
  server = await startDeckforgeServer({
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: mock.url,
    LLM_MODEL: "scripted-model",
    LLM_MAX_RETRIES: "0",
  });
  key = cliCreateKey(server.dataDir, "llm@example.com", "llm-tests");
});

afterAll(async () => {
  await server?.stop();
  await mock?.close();
});

async function generate(body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/generate`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type"), json: await res.json() };
}

describe("generation on an OpenAI-compatible server", () => {
  it("builds the deck from the model's structured answers and sends it the request's wishes", async () => {
    const res = await generate({
      content: "Heat pumps move heat instead of making it.",
      n_slides: 5, // the title slide + 4 content slides
      language: "French",
      tone: "professional",
      instructions: "Mention public subsidies",
    });
    expect(res.status).toBe(200);
    const deck = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/${res.json.presentation_id}`, {
      headers: { authorization: `Bearer ${key}` },
    }).then((r) => r.json());
    const titles = deck.deck.slides.map((s: { content: { title?: string } }) => s.content.title);
    expect(titles[0]).toBe("Les pompes à chaleur");
    expect(titles.slice(1)).toEqual(["Diapo 1 écrite", "Diapo 2 écrite", "Diapo 3 écrite", "Diapo 4 écrite"]);
    const outline = userText(mock.requests[0].body);
    expect(outline).toContain("Mention public subsidies");
    expect(outline).toContain("French");
    expect(mock.requests[0].body.model).toBe("scripted-model");
  });

  it("answers 503 with a problem body when the provider fails", async () => {
    mock.setHandler(() => ({ type: "error", status: 500, message: "model crashed" }));
    const res = await generate({ content: "Anything at all.", n_slides: 2 });
    expect(res.status).toBe(503);
    expect(res.type).toContain("application/problem+json");
    expect(res.json).toMatchObject({ status: 503, code: "provider_unavailable" });
    expect(res.json.detail).toMatch(/500/);
  });
});
