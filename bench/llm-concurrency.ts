/**
 * LLM concurrency bench: a 10-slide deck through the real LLM provider (AI SDK → HTTP) against the
 * local mock OpenAI-compatible server answering every call after a fixed latency. Prints total
 * time against one call's latency and the most calls the server saw at once, per LLM_CONCURRENCY.
 * Run: npx tsx --conditions=react-server bench/llm-concurrency.ts [--latency 300] [--slides 10]
 * [--concurrency 1,4,5,10]
 */
import { parseArgs } from "node:util";
import { generateDeck } from "@/lib/generate/generate-deck";
import { readLlmConfig } from "@/lib/generate/llm/llm-config";
import { createLlmProvider } from "@/lib/generate/llm/llm-provider";
import { ZGenerateOptions } from "@/lib/generate/types";
import { startMockOpenAiServer } from "../tests/llm/mock-openai-server";
import { asAnswer, kindOf, OUTLINE, scriptedModel } from "../tests/llm/scripted-model";

const { values } = parseArgs({
  options: {
    latency: { type: "string", default: "300" },
    slides: { type: "string", default: "10" },
    concurrency: { type: "string", default: "1,4,5,10" },
  },
});
const latencyMs = Number(values.latency);
const nSlides = Number(values.slides);
const levels = values.concurrency.split(",").map(Number);

// The fixture's four slide shapes, repeated and numbered up to n.
const outline = {
  ...OUTLINE,
  slides: Array.from({ length: nSlides }, (_, i) => {
    const s = OUTLINE.slides[i % OUTLINE.slides.length];
    return { ...s, title: `${s.title} ${i + 1}` };
  }),
};

const server = await startMockOpenAiServer({
  latencyMs,
  handler: scriptedModel((body) => (kindOf(body).kind === "outline" ? asAnswer(body, outline) : undefined)),
});

console.log(`Mock server latency ${latencyMs} ms per call; ${nSlides} content slides + title slide.\n`);
console.log("LLM_CONCURRENCY | calls | total ms | × one call | peak in flight | slides");
console.log("--------------- | ----- | -------- | ---------- | -------------- | ------");
try {
  for (const concurrency of levels) {
    server.reset();
    const provider = createLlmProvider(
      readLlmConfig({
        LLM_PROVIDER: "openai-compatible",
        LLM_BASE_URL: server.url,
        LLM_MODEL: "bench",
        LLM_CONCURRENCY: String(concurrency),
      }),
    );
    const opts = {
      ...ZGenerateOptions.parse({ content: "Heat pumps: costs, savings and rollout.", n_slides: nSlides }),
      template: "general" as const,
      theme: "light" as const,
    };
    const started = performance.now();
    const { deck } = await generateDeck(provider, opts);
    const total = performance.now() - started;
    console.log(
      [
        String(concurrency).padStart(15),
        String(server.requests.length).padStart(5),
        total.toFixed(0).padStart(8),
        `${(total / latencyMs).toFixed(2)}×`.padStart(10),
        String(server.peakInFlight).padStart(14),
        String(deck.slides.length).padStart(6),
      ].join(" | "),
    );
  }
} finally {
  await server.close();
}
