/**
 * The default provider: no network, deterministic, extractive. It honours n_slides exactly,
 * verbosity, tone and the instructions its rules understand, and says what it could not do.
 */
import { resolveLanguage } from "../phrases";
import type { GenerationProvider, TGenerateOptions, TGenerationWarning, TOutlineSlide } from "../types";
import { writeDeckSlides } from "../write-deck-slides";
import { detectLanguage } from "./detect-language";
import { generateOfflineOutline } from "./generate-outline";
import { interpretInstructions } from "./interpret-instructions";

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  ja: "Japanese",
  zh: "Chinese",
  ar: "Arabic",
  hi: "Hindi",
  ru: "Russian",
  ko: "Korean",
  el: "Greek",
};

/** Creates the offline provider (stateless; safe to share). */
export function createOfflineProvider(): GenerationProvider {
  return {
    id: "offline",
    async generateOutline(opts): Promise<TOutlineSlide[]> {
      return generateOfflineOutline(opts).slides;
    },
    async writeSlides(outline, opts) {
      return writeDeckSlides(outline, opts);
    },
    listWarnings: listOfflineWarnings,
  };
}

/** Instructions no rule could apply, and a note when the requested language differs from the source. */
export function listOfflineWarnings(opts: TGenerateOptions): TGenerationWarning[] {
  const warnings: TGenerationWarning[] = interpretInstructions(opts.instructions).unhonoured.map(
    (instruction) => ({
      code: "instruction_not_applied",
      message: `The offline generator could not apply this instruction: "${instruction}"`,
      instruction,
    }),
  );
  const requested = resolveLanguage(opts.language);
  const source = detectLanguage(opts.content);
  if (requested === null) {
    warnings.push({
      code: "translation_unavailable",
      message: `Language "${opts.language}" is not supported offline: fixed words such as "Agenda" are in English and the content stays in its source language.`,
    });
  } else if (source !== "und" && source !== requested) {
    const from = LANGUAGE_NAMES[source] ?? source;
    warnings.push({
      code: "translation_unavailable",
      message: `The offline generator cannot translate: slide text stays in ${from}; only fixed words such as "Agenda" follow ${opts.language}.`,
    });
  }
  return warnings;
}
