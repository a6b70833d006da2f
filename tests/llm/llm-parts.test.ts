/** The LLM provider's pure parts: settings, content cutting, outline count fixing, the pool. */
import { describe, expect, it } from "vitest";
import { layoutContentSchema } from "@/lib/deck/layout-content";
import { ProviderUnavailableError } from "@/lib/generate/errors";
import { fitCount } from "@/lib/generate/llm/generate-llm-outline";
import { readLlmConfig } from "@/lib/generate/llm/llm-config";
import { mapWithConcurrency } from "@/lib/generate/llm/map-with-concurrency";
import { modelJsonSchema } from "@/lib/generate/llm/model-json-schema";
import { truncateContent } from "@/lib/generate/llm/truncate-content";
import { getPhrases } from "@/lib/generate/phrases";

describe("readLlmConfig", () => {
  it("fills defaults per provider", () => {
    expect(readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk" })).toEqual({
      provider: "openai",
      model: "gpt-4.1-mini",
      apiKey: "sk",
      timeoutMs: 60_000,
      concurrency: 10,
      maxRetries: 2,
      structuredOutput: "auto",
      maxContentChars: 100_000,
    });
    expect(readLlmConfig({ LLM_PROVIDER: "ollama" })).toMatchObject({
      model: "qwen2.5",
      baseURL: "http://127.0.0.1:11434/v1",
      maxContentChars: 12_000,
    });
  });

  it("reads every setting, treating empty values as unset", () => {
    const config = readLlmConfig({
      LLM_PROVIDER: " OpenAI-Compatible ",
      LLM_BASE_URL: "http://10.0.0.5:8000/v1/",
      LLM_MODEL: "llama-3.1-8b",
      LLM_API_KEY: "",
      LLM_TIMEOUT_MS: "5000",
      LLM_CONCURRENCY: "8",
      LLM_MAX_RETRIES: "0",
      LLM_STRUCTURED_OUTPUT: "tool",
      LLM_MAX_CONTENT_CHARS: "50000",
    });
    expect(config).toEqual({
      provider: "openai-compatible",
      model: "llama-3.1-8b",
      baseURL: "http://10.0.0.5:8000/v1",
      timeoutMs: 5000,
      concurrency: 8,
      maxRetries: 0,
      structuredOutput: "tool",
      maxContentChars: 50_000,
    });
    expect(readLlmConfig({ LLM_PROVIDER: "ollama", LLM_BASE_URL: "http://gpu:11434" }).baseURL).toBe(
      "http://gpu:11434/v1",
    );
  });

  it.each([
    [{ LLM_PROVIDER: "ollama", LLM_TIMEOUT_MS: "0" }, "LLM_TIMEOUT_MS"],
    [{ LLM_PROVIDER: "ollama", LLM_MAX_RETRIES: "-1" }, "LLM_MAX_RETRIES"],
    [{ LLM_PROVIDER: "ollama", LLM_BASE_URL: "ftp://host" }, "LLM_BASE_URL"],
    [{ LLM_PROVIDER: "ollama", LLM_CONCURRENCY: "2.5" }, "LLM_CONCURRENCY"],
  ])("refuses %j", (env, variable) => {
    expect(() => readLlmConfig(env)).toThrow(ProviderUnavailableError);
    expect(() => readLlmConfig(env)).toThrow(new RegExp(`^The LLM settings are invalid \\(${variable}: `));
  });
});

describe("truncateContent", () => {
  it("leaves text that fits alone", () => {
    expect(truncateContent("short", 100)).toEqual({ text: "short", truncated: false });
  });

  it("keeps the start and the end at paragraph boundaries, within the budget", () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} says something useful here.`);
    const { text, truncated } = truncateContent(paragraphs.join("\n\n"), 600);
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text.startsWith("Paragraph 0 says")).toBe(true);
    expect(text.endsWith("Paragraph 39 says something useful here.")).toBe(true);
    expect(text).toContain("\n\n[…]\n\n");
    // Whole paragraphs only on both sides of the gap.
    for (const part of text.split("\n\n").filter((p) => p !== "[…]"))
      expect(part).toMatch(/^Paragraph \d+ says .*\.$/);
  });
});

describe("fitCount", () => {
  const fr = getPhrases("fr");
  const slide = (title: string, n: number) => ({
    title,
    bullets: Array.from({ length: n }, (_, i) => `${title} ${i}`),
  });

  it("drops the slides past n", () => {
    expect(fitCount([slide("A", 1), slide("B", 1), slide("C", 1)], 2, fr)?.map((s) => s.title)).toEqual([
      "A",
      "B",
    ]);
  });

  it("splits the slide with most bullets until there are n", () => {
    const out = fitCount([slide("A", 2), slide("B", 5)], 4, fr);
    expect(out?.map((s) => [s.title, s.bullets.length])).toEqual([
      ["A", 2],
      ["B", 2],
      ["B (suite)", 1],
      ["B (suite)", 2],
    ]);
  });

  it("gives up when no slide has two bullets to split", () => {
    expect(fitCount([slide("A", 1)], 2, fr)).toBeNull();
  });
});

describe("mapWithConcurrency", () => {
  it("keeps order and never runs more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapWithConcurrency([30, 10, 20, 5, 15, 25], 2, async (ms, i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it("stops starting work after a failure, aborts the running calls and throws the first error", async () => {
    const started: number[] = [];
    const abort = new AbortController();
    const run = mapWithConcurrency(
      [0, 1, 2, 3, 4],
      2,
      async (i) => {
        started.push(i);
        if (i === 1) throw new Error("first");
        await new Promise((r) => setTimeout(r, 20));
        if (abort.signal.aborted) throw new Error("aborted");
        return i;
      },
      abort,
    );
    await expect(run).rejects.toThrow("first");
    expect(started).toEqual([0, 1]);
    expect(abort.signal.aborted).toBe(true);
  });
});

describe("modelJsonSchema", () => {
  it("keeps structure and requirements, drops $schema and document-size caps", () => {
    const schema = modelJsonSchema(layoutContentSchema("quote")) as Record<string, unknown>;
    expect(schema.$schema).toBeUndefined();
    expect(schema).toMatchObject({
      type: "object",
      required: ["quote"],
      properties: { quote: { type: "object", required: ["text"], properties: { text: { type: "string" } } } },
    });
    expect(JSON.stringify(schema)).not.toContain('"maxLength":5000');
  });
});
