// The offline generator over the whole text corpus of the quality bench (bench/generator-corpus.ts:
// articles, minutes, reports, tables, plans, interviews, release notes, a lecture, a pitch, a memo,
// Spanish, German, French and Japanese texts): exact slide counts, no empty slides, no repeated
// points, bullets within the verbosity's word budget, the same output every time, and decks whose
// text fits the slides once laid out (the bench's own measures).
import { describe, expect, it } from "vitest";
import { GENERATOR_CORPUS, readCorpusText, type TCorpusText } from "@/bench/generator-corpus";
import { figuresOf, measureDeck, nearDuplicate, slidePoints } from "@/bench/generator-metrics";
import { buildDeck } from "@/lib/generate/build-deck";
import { CJK_WORDS_PER_WORD, FOREIGN_WHOLE_OVER } from "@/lib/generate/offline/compress-sentence";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { getPhrases, PHRASE_LANGUAGES } from "@/lib/generate/phrases";
import {
  type TGenerateOptions,
  type TOutlineSlide,
  type TVerbosity,
  VERBOSITIES,
  ZGenerateOptions,
} from "@/lib/generate/types";
import { layoutDeck } from "@/lib/layouts/layout-deck";

const outline = (text: TCorpusText, extra: Partial<TGenerateOptions> = {}) =>
  generateOfflineOutline(
    ZGenerateOptions.parse({
      content: readCorpusText(text.file),
      n_slides: text.n,
      language: text.language,
      ...extra,
    }),
  ).slides;
const hasContent = (s: TOutlineSlide) =>
  s.bullets.some((b) => b.trim()) || !!s.body?.trim() || !!s.table || !!s.quote?.text.trim();
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// Word budgets per verbosity (standard may run 3 words over rather than cut a clause badly); CJK
// counts dictionary words and gets CJK_WORDS_PER_WORD of them per word, as the generator allows it.
const BUDGET: Record<TVerbosity, number> = { concise: 8, standard: 18, "text-heavy": 45 };
const budgetOf = (bullet: string, verbosity: TVerbosity) =>
  CJK.test(bullet) ? Math.round(BUDGET[verbosity] * CJK_WORDS_PER_WORD) : BUDGET[verbosity];

it("has at least 20 texts, three of them not in English", () => {
  expect(GENERATOR_CORPUS.length).toBeGreaterThanOrEqual(20);
  expect(GENERATOR_CORPUS.filter((t) => t.language !== "English").length).toBeGreaterThanOrEqual(3);
});

describe.each(GENERATOR_CORPUS.map((t) => [t.file, t] as const))("%s", (_file, text) => {
  it("gives n slides for n = 1, 2, 3 and its own n; for 12 and 25 fewer only when the text runs out; none empty", () => {
    for (const n of [1, 2, 3, text.n, 12, 25]) {
      for (const verbosity of VERBOSITIES) {
        const slides = outline(text, { n_slides: n, verbosity });
        if (n <= text.n) expect(slides, `n=${n} ${verbosity}`).toHaveLength(n);
        else {
          expect(slides.length, `n=${n} ${verbosity}`).toBeLessThanOrEqual(n);
          expect(slides.length, `n=${n} ${verbosity}`).toBeGreaterThanOrEqual(text.n);
        }
        for (const s of slides) {
          expect(s.title.trim(), `n=${n} ${verbosity}`).not.toBe("");
          expect(hasContent(s), `n=${n} ${verbosity}: "${s.title}" is empty`).toBe(true);
        }
      }
    }
  });

  it("repeats no point, exactly or nearly, whatever the slide count (key terms name, they do not state)", () => {
    const keyTerms = new Set(PHRASE_LANGUAGES.map((l) => getPhrases(l).keyTerms.toLowerCase()));
    for (const n of [3, text.n, 25]) {
      for (const verbosity of VERBOSITIES) {
        const points = outline(text, { n_slides: n, verbosity })
          .filter((s) => !keyTerms.has(s.title.toLowerCase()))
          .flatMap((s) => s.bullets.map(plainText));
        points.forEach((p, i) => {
          const earlier = points.slice(0, i).find((q) => nearDuplicate(p, q));
          expect(earlier, `n=${n} ${verbosity}: "${p}"`).toBeUndefined();
        });
      }
    }
  });

  it("keeps bullets within the verbosity's word budget", () => {
    // A whole sentence of a language other than English may run FOREIGN_WHOLE_OVER words further
    // in standard when no clean cut of it exists (a cut there would end mid-clause).
    const source = plainText(readCorpusText(text.file)).replace(/\s+/g, " ");
    const whole = (b: string) => text.language !== "English" && source.includes(plainText(b));
    for (const verbosity of VERBOSITIES) {
      for (const b of outline(text, { verbosity }).flatMap((s) => s.bullets)) {
        const extra = verbosity === "standard" && whole(b) ? FOREIGN_WHOLE_OVER : 0;
        expect(countWords(plainText(b)), `${verbosity}: ${b}`).toBeLessThanOrEqual(
          budgetOf(b, verbosity) + extra,
        );
      }
    }
  });

  it("copies every figure it shows from the text, digit for digit", () => {
    const source = readCorpusText(text.file);
    const figures = new Set(figuresOf(plainText(source)));
    for (const verbosity of VERBOSITIES) {
      for (const s of outline(text, { verbosity })) {
        for (const f of figuresOf([...s.bullets, ...(s.table?.rows.flat() ?? [])].map(plainText).join("\n")))
          expect(figures.has(f), `${verbosity}: ${f} in "${s.title}"`).toBe(true);
      }
    }
  });

  it("returns the same outline every time", () => {
    const opts = { instructions: "Focus on costs and add a summary", tone: "sales_pitch" as const };
    expect(outline(text, opts)).toEqual(outline(text, opts));
  });

  it("fits the slides once laid out: no continuation pages, no text cut, no empty slide", () => {
    const content = readCorpusText(text.file);
    const opts = ZGenerateOptions.parse({ content, n_slides: text.n, language: text.language });
    const deck = buildDeck(generateOfflineOutline(opts).slides, {
      ...opts,
      template: "general",
      theme: "light",
    });
    const metrics = measureDeck(content, deck, layoutDeck(deck));
    expect(metrics.continuation).toBe(0);
    expect(metrics.truncated).toBe(0);
    expect(metrics.empty).toBe(0);
    expect(metrics.duplicates).toBe(0);
    // Every content slide says something the layout can draw.
    for (const s of deck.slides.filter((x) => x.layout !== "title"))
      expect(
        slidePoints(s.content).length +
          (s.content.table ? 1 : 0) +
          (s.content.quote ? 1 : 0) +
          (s.content.chart ? 1 : 0),
      ).toBeGreaterThan(0);
  });
});

describe("corpus-wide quality floor (what bench/generator-quality.ts reports)", () => {
  it("covers most of each text's key phrases and uses more than plain bullet slides", () => {
    const layouts = new Set<string>();
    let coverage = 0;
    for (const text of GENERATOR_CORPUS) {
      const content = readCorpusText(text.file);
      const opts = ZGenerateOptions.parse({ content, n_slides: text.n, language: text.language });
      const deck = buildDeck(generateOfflineOutline(opts).slides, {
        ...opts,
        template: "general",
        theme: "light",
      });
      const metrics = measureDeck(content, deck, []);
      coverage += metrics.coverage;
      expect(metrics.coverage, text.file).toBeGreaterThanOrEqual(0.8);
      expect(metrics.sectionsShown, text.file).toBe(metrics.sections);
      for (const l of Object.keys(metrics.layouts)) layouts.add(l);
    }
    expect(coverage / GENERATOR_CORPUS.length).toBeGreaterThanOrEqual(0.9);
    for (const l of ["table", "chart", "metrics", "timeline", "quote"]) expect(layouts).toContain(l);
  });
});
