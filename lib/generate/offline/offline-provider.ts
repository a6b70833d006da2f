/**
 * The default provider: no network, deterministic, extractive. It honours n_slides (fewer when the
 * text runs out of points not yet shown: generate-deck.ts warns), verbosity, tone and the instructions its rules understand, and says what it could not do.
 */
import { PHRASE_LANGUAGES, resolveLanguage } from "../phrases";
import { resolveDeckTitle } from "../resolve-deck-title";
import type { GenerationProvider, TGenerateOptions, TGenerationWarning, TOutlineSlide } from "../types";
import { writeDeckSlides } from "../write-deck-slides";
import { applySkips } from "./apply-skips";
import { detectLanguage } from "./detect-language";
import { generateOfflineOutline } from "./generate-outline";
import { interpretInstructions } from "./interpret-instructions";
import { readSource } from "./read-source";

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
  pl: "Polish",
  tr: "Turkish",
  he: "Hebrew",
};

/** Creates the offline provider (stateless; safe to share). */
export function createOfflineProvider(): GenerationProvider {
  // The subtitle the outline chose (a sentence its slides do not show), for writeSlides with the
  // same options; an outline the caller wrote gets the subtitle resolveDeckTitle reads.
  const subtitles = new WeakMap<object, { subtitle?: string }>();
  return {
    id: "offline",
    async generateOutline(opts): Promise<TOutlineSlide[]> {
      const { slides, subtitle } = generateOfflineOutline(inDeckLanguage(opts));
      subtitles.set(opts, { subtitle });
      return slides;
    },
    async writeSlides(outline, opts) {
      const deckOpts = inDeckLanguage(opts);
      const chosen = subtitles.get(opts);
      if (!chosen) return writeDeckSlides(outline, deckOpts);
      const { title } = resolveDeckTitle(outline, deckOpts);
      return writeDeckSlides(outline, deckOpts, {
        cover: chosen.subtitle ? { title, subtitle: chosen.subtitle } : { title },
      });
    },
    listWarnings: listOfflineWarnings,
  };
}

/**
 * The options with `language` set to the language the deck will really be in. The offline
 * generator cannot translate: a Japanese text makes a Japanese deck whatever was asked, so its
 * fixed words (agenda, timeline, closing) are written in Japanese too, not in the requested
 * language beside Japanese slides. The warnings say so.
 */
export function inDeckLanguage<T extends { content: string; language: string }>(opts: T): T {
  const source = detectLanguage(opts.content);
  if (source === "und" || !PHRASE_LANGUAGES.includes(source) || resolveLanguage(opts.language) === source)
    return opts;
  return { ...opts, language: LANGUAGE_NAMES[source] ?? source };
}

/**
 * Instructions no rule could apply (or that name a section or topic the text does not have), and
 * a note when the requested language differs from the source's.
 */
export function listOfflineWarnings(opts: TGenerateOptions): TGenerationWarning[] {
  const plan = interpretInstructions(opts.instructions);
  const textDependent =
    plan.focuses.length || plan.skips.length ? applySkips(readSource(opts.content), plan).unhonoured : [];
  const warnings: TGenerationWarning[] = [...plan.unhonoured, ...textDependent].map((instruction) => ({
    code: "instruction_not_applied",
    message: `The offline generator could not apply this instruction: "${instruction}"`,
    instruction,
  }));
  const requested = resolveLanguage(opts.language);
  const source = detectLanguage(opts.content);
  if (requested === null) {
    warnings.push({
      code: "translation_unavailable",
      message: `Language "${opts.language}" is not supported offline: fixed words such as "Agenda" are in English and the content stays in its source language.`,
    });
  } else if (source !== "und" && source !== requested) {
    const from = LANGUAGE_NAMES[source] ?? source;
    const fixed = PHRASE_LANGUAGES.includes(source)
      ? `fixed words such as "Agenda" are in ${from} too`
      : `only fixed words such as "Agenda" follow ${opts.language}`;
    warnings.push({
      code: "translation_unavailable",
      message: `The offline generator cannot translate: slide text stays in ${from}; ${fixed}.`,
    });
  }
  return warnings;
}
