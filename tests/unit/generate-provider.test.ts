import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZDeck } from "@/lib/deck/schema";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider, ProviderUnavailableError } from "@/lib/generate/get-provider";
import { ZGenerateOptions } from "@/lib/generate/types";

const article = readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/text/article-heat-pumps.md"),
  "utf8",
);

describe("getProvider", () => {
  it.each([{}, { LLM_PROVIDER: "" }, { LLM_PROVIDER: "offline" }, { LLM_PROVIDER: " Offline " }])(
    "returns the offline provider for %j",
    (env) => {
      expect(getProvider(env).id).toBe("offline");
    },
  );

  it.each([
    [{ LLM_PROVIDER: "openai" }, 'LLM_PROVIDER is "openai" but OPENAI_API_KEY is not set.'],
    [{ LLM_PROVIDER: "anthropic" }, 'LLM_PROVIDER is "anthropic" but ANTHROPIC_API_KEY is not set.'],
    [{ LLM_PROVIDER: "google" }, 'LLM_PROVIDER is "google" but GOOGLE_GENERATIVE_AI_API_KEY is not set.'],
    [{ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m" }, "LLM_BASE_URL is not set"],
    [{ LLM_PROVIDER: "openai-compatible", LLM_BASE_URL: "http://127.0.0.1:1/v1" }, "LLM_MODEL is not set"],
    [{ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k", LLM_CONCURRENCY: "many" }, "LLM_CONCURRENCY"],
    [{ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k", LLM_STRUCTURED_OUTPUT: "xml" }, "LLM_STRUCTURED_OUTPUT"],
    [
      { LLM_PROVIDER: "nonsense" },
      'Unknown LLM_PROVIDER "nonsense"; use one of: offline, openai, anthropic, google, ollama, openai-compatible.',
    ],
  ])("throws ProviderUnavailableError for %j", (env, message) => {
    let error: unknown;
    try {
      getProvider(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).code).toBe("provider_unavailable");
    expect((error as ProviderUnavailableError).provider).toBe(env.LLM_PROVIDER);
    expect((error as Error).message).toContain(message);
  });

  it.each([
    { LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-test" },
    { LLM_PROVIDER: "Anthropic", ANTHROPIC_API_KEY: "sk-ant" },
    { LLM_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: "g-key" },
    { LLM_PROVIDER: "ollama" },
    { LLM_PROVIDER: "openai-compatible", LLM_BASE_URL: "http://127.0.0.1:8000/v1", LLM_MODEL: "qwen" },
  ])("builds the LLM provider for %j without a network call, once per setting", (env) => {
    const provider = getProvider(env);
    expect(provider.id).toBe(env.LLM_PROVIDER.toLowerCase());
    expect(getProvider({ ...env })).toBe(provider);
    expect(getProvider({ ...env, LLM_TIMEOUT_MS: "1234" })).not.toBe(provider);
  });
});

describe("offline provider", () => {
  const provider = getProvider({});
  const opts = ZGenerateOptions.parse({
    content: article,
    n_slides: 6,
    include_table_of_contents: true,
    instructions: "Focus on costs. Add charts of the savings.",
    language: "German",
  });

  it("generates exactly n content slides and writes them into a valid deck", async () => {
    const outline = await provider.generateOutline(opts);
    expect(outline).toHaveLength(6);
    const slides = await provider.writeSlides(outline, opts);
    expect(slides.map((s) => s.layout).slice(0, 2)).toEqual(["title", "agenda"]);
    expect(slides[1].content.title).toBe("Agenda");
    expect(slides).toHaveLength(8);
  });

  it("reports unapplied instructions and the missing translation", () => {
    const warnings = provider.listWarnings(opts);
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: "instruction_not_applied", instruction: "Add charts of the savings" }),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ code: "translation_unavailable" }));
    expect(warnings.filter((w) => w.code === "instruction_not_applied")).toHaveLength(1);
  });

  it("says nothing when everything could be honoured", () => {
    expect(provider.listWarnings({ ...opts, instructions: "Focus on costs", language: "English" })).toEqual(
      [],
    );
  });

  it("generateDeck runs the provider end to end, with a reviewed outline too", async () => {
    const result = await generateDeck(provider, { ...opts, template: "general", theme: "dark" });
    expect(ZDeck.safeParse(result.deck).success).toBe(true);
    expect(result.outline).toHaveLength(6);
    expect(result.deck.theme).toBe("dark");
    expect(result.warnings.length).toBe(2);

    const reviewed = [{ title: "Only this", bullets: ["One point"] }];
    const again = await generateDeck(provider, { ...opts, template: "general", theme: "light" }, reviewed);
    expect(again.deck.slides.at(-1)?.content).toEqual({ title: "Only this", bullets: ["One point"] });
  });
});
