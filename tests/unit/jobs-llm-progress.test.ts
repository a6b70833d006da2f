// Per-slide progress from the LLM provider: generateDeck tells its onSlideWritten callback as each
// slide call returns (what an async task shows as "Generating slides 3/4"), over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDeck } from "@/lib/generate/generate-deck";
import { readLlmConfig } from "@/lib/generate/llm/llm-config";
import { createLlmProvider } from "@/lib/generate/llm/llm-provider";
import { ZGenerateOptions } from "@/lib/generate/types";
import { startMockOpenAiServer, type TMockServer } from "../llm/mock-openai-server";
import { scriptedModel } from "../llm/scripted-model";

let server: TMockServer;
beforeAll(async () => {
  server = await startMockOpenAiServer({ handler: scriptedModel(), latencyMs: 30 });
});
afterAll(async () => server.close());

describe("slide progress", () => {
  it("counts content slides as the model writes them, one call at a time", async () => {
    const provider = createLlmProvider(
      readLlmConfig({
        LLM_PROVIDER: "openai-compatible",
        LLM_BASE_URL: server.url,
        LLM_MODEL: "mock-model",
        LLM_CONCURRENCY: "1",
      }),
    );
    const calls: string[] = [];
    const requestsAt: number[] = [];
    await generateDeck(provider, {
      ...ZGenerateOptions.parse({ content: "Heat pumps move heat instead of making it.", n_slides: 4 }),
      template: "general",
      theme: "light",
      onSlideWritten: (done, total) => {
        calls.push(`${done}/${total}`);
        requestsAt.push(server.requests.length);
      },
    });
    expect(calls).toEqual(["0/4", "1/4", "2/4", "3/4", "4/4", "4/4"]);
    // Reported as the calls return, not all at the end: one more model request before each step.
    expect(requestsAt.slice(1, 5)).toEqual([2, 3, 4, 5]);
  });
});
