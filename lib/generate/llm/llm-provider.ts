/**
 * The LLM GenerationProvider: an outline in one structured call, then each content slide in its
 * own call, concurrently, through the Vercel AI SDK model of the configured provider.
 */
import "server-only";
import type { GenerationProvider, TGenerateOptions, TGenerationWarning } from "../types";
import { createLanguageModel } from "./create-language-model";
import { generateLlmOutline } from "./generate-llm-outline";
import type { TLlmRuntime } from "./generate-structured";
import type { TLlmConfig } from "./llm-config";
import type { TCover } from "./write-cover";
import { writeLlmSlides } from "./write-llm-slides";

/**
 * Creates the provider for `config`. Safe to share between requests: the only state is the
 * structured-output mode servers accepted. What happened during a generation (content cut, an
 * outline trimmed, a slide repaired) is reported by listWarnings for the same options object
 * that generateOutline / writeSlides received, as generateDeck passes it; the cover the outline
 * call wrote reaches writeSlides the same way.
 */
export function createLlmProvider(config: TLlmConfig): GenerationProvider {
  const runtime: TLlmRuntime = { config, lm: createLanguageModel(config), ladderStart: 0 };
  const reported = new WeakMap<object, TGenerationWarning[]>();
  // The cover the outline call wrote, for writeSlides with the same options.
  const covers = new WeakMap<object, TCover>();
  const report = (opts: object, warnings: TGenerationWarning[]) => {
    if (warnings.length) reported.set(opts, [...(reported.get(opts) ?? []), ...warnings]);
  };

  return {
    id: config.provider,
    async generateOutline(opts) {
      const { outline, cover, warnings } = await generateLlmOutline(runtime, opts);
      report(opts, warnings);
      if (cover) covers.set(opts, cover);
      return outline;
    },
    async writeSlides(outline, opts) {
      const { slides, warnings } = await writeLlmSlides(runtime, outline, opts, { cover: covers.get(opts) });
      report(opts, warnings);
      return slides;
    },
    // A model follows language, tone, verbosity and free-text instructions itself; only what
    // went wrong during this generation is reported.
    listWarnings(opts: TGenerateOptions) {
      return reported.get(opts) ?? [];
    },
  };
}
