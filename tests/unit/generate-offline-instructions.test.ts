// What tone, instructions and language visibly change in the offline generator's output, and what
// it reports when it cannot honour a request.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/generator-corpus";
import { buildDeck } from "@/lib/generate/build-deck";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { interpretInstructions } from "@/lib/generate/offline/interpret-instructions";
import { createOfflineProvider, listOfflineWarnings } from "@/lib/generate/offline/offline-provider";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { getPhrases, PHRASE_LANGUAGES, resolveLanguage, type TPhrases } from "@/lib/generate/phrases";
import { type TGenerateOptions, type TOutlineSlide, ZGenerateOptions } from "@/lib/generate/types";

const options = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  ZGenerateOptions.parse({ content, ...extra });
const run = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  generateOfflineOutline(options(content, extra));
const bullets = (slides: TOutlineSlide[]) => slides.flatMap((s) => s.bullets.map(plainText));
const mean = (xs: string[]) => xs.reduce((a, b) => a + countWords(b), 0) / xs.length;

const pitch = readCorpusText("pitch-greenhouse-sensors.md");
const report = readCorpusText("report-quarterly-results.md");
const plan = readCorpusText("project-plan-clinic.md");
const article = readCorpusText("article-heat-pumps.md");

describe("tone", () => {
  it("funny and sales_pitch change titles, the last slide and the closing slide", () => {
    const base = run(pitch, { n_slides: 5 }).slides;
    const funny = run(pitch, { n_slides: 5, tone: "funny" }).slides;
    const sales = run(pitch, { n_slides: 5, tone: "sales_pitch" }).slides;
    expect(funny[0].title).toBe(`${base[0].title}, Explained`);
    expect(funny.at(-1)?.body).toBe(getPhrases("en").funnyLine);
    expect(sales.at(-1)?.body).toBe(getPhrases("en").salesCta);
    expect(base.at(-1)?.body).toBeUndefined();

    const closing = (tone: TGenerateOptions["tone"]) =>
      buildDeck(run(pitch, { n_slides: 5, tone }).slides, {
        ...options(pitch, { n_slides: 5, tone }),
        template: "general",
        theme: "light",
        includeClosing: true,
      }).slides.at(-1)?.content;
    expect(closing("default")).toEqual({ title: "Thank you", subtitle: "Questions?" });
    expect(closing("sales_pitch")).toEqual({
      title: "Let's get started",
      subtitle: getPhrases("en").salesCta,
    });
    expect(closing("funny")?.subtitle).toBe("Thanks for sticking around!");
  });

  it("sales_pitch leads with benefits: savings and gains rank higher", () => {
    const benefit = /sav|lower|reduc|cut|fell|less|gain|grow|paid for itself/i;
    const count = (tone: TGenerateOptions["tone"]) =>
      bullets(run(article, { n_slides: 3, tone }).slides).filter((b) => benefit.test(b)).length;
    expect(count("sales_pitch")).toBeGreaterThan(count("default"));
  });
});

describe("instructions", () => {
  it("'keep it short' writes concise bullets of at most 8 words", () => {
    const r = run(report, { n_slides: 5, instructions: "Keep it short." });
    expect(r.verbosity).toBe("concise");
    expect(r.unhonoured).toEqual([]);
    for (const b of bullets(r.slides)) expect(countWords(b), b).toBeLessThanOrEqual(8);
  });

  it("'more detail' writes full sentences, longer than the default", () => {
    const base = bullets(run(article, { n_slides: 5 }).slides);
    const r = run(article, { n_slides: 5, instructions: "Please add more detail" });
    expect(r.verbosity).toBe("text-heavy");
    expect(mean(bullets(r.slides))).toBeGreaterThan(mean(base) + 3);
  });

  it("'use simple language' prefers short sentences and shorter bullets", () => {
    const base = bullets(run(article, { n_slides: 6 }).slides);
    const r = run(article, { n_slides: 6, instructions: "Use simple language" });
    expect(r.plan.simple).toBe(true);
    expect(r.unhonoured).toEqual([]);
    const simple = bullets(r.slides);
    expect(mean(simple)).toBeLessThan(mean(base) - 1);
    for (const b of simple) expect(countWords(b), b).toBeLessThanOrEqual(12);
  });

  it("'end with a call to action' ends on the text's own actions, within n_slides", () => {
    const r = run(report, { n_slides: 5, instructions: "End with a call to action" });
    expect(r.slides).toHaveLength(5);
    const last = r.slides[4];
    expect(last.title).toBe("Next Steps");
    expect(last.body).toBe(getPhrases("en").ctaLine);
    expect(
      last.bullets.some(
        (b) => /\bplan to\b|\bwill\b|\bexpect\b/i.test(b) || /planned/.test(last.notes ?? ""),
      ),
    ).toBe(true);
    // A text that already ends on its ask keeps that slide last rather than repeat it.
    const asks = run(pitch, { n_slides: 5, instructions: "finish with a clear call-to-action" });
    expect(asks.slides.at(-1)?.title).toBe("The Ask");
    expect(asks.slides.at(-1)?.body).toBe(getPhrases("en").ctaLine);
  });

  it("'skip the X section' drops that section; an unknown one is reported", () => {
    const r = run(plan, { n_slides: 5, instructions: "Skip the risks section." });
    expect(r.unhonoured).toEqual([]);
    expect(r.slides.map((s) => s.title)).not.toContain("Risks");
    expect(bullets(r.slides).join(" ")).not.toMatch(/internet connections|faxed copies|video lessons/);
    expect(r.slides).toHaveLength(5);

    const missing = run(plan, { n_slides: 5, instructions: "Skip the section on pricing" });
    expect(missing.unhonoured).toEqual(["Skip the section on pricing"]);
    expect(
      listOfflineWarnings(options(plan, { instructions: "Skip the section on pricing" })).map(
        (w) => w.instruction,
      ),
    ).toEqual(["Skip the section on pricing"]);
  });

  it("reports a focus on something the text never mentions", () => {
    const r = run(plan, { n_slides: 4, instructions: "Focus on zebras. Focus on the budget" });
    expect(r.unhonoured).toEqual(["Focus on zebras"]);
    expect(bullets(r.slides).join(" ")).toMatch(/budget/i);
  });

  it("reads the common requests, negations included", () => {
    const p = interpretInstructions(
      "No agenda. Don't add a summary, and no thank-you slide. Avoid jargon; add speaker notes. Keep the figures",
    );
    expect(p).toMatchObject({
      noAgenda: true,
      agenda: false,
      noSummary: true,
      summary: false,
      noClosing: true,
      closing: false,
      simple: true,
      figures: true,
      unhonoured: [],
    });
    expect(interpretInstructions("Add an agenda and a summary").agenda).toBe(true);
    expect(interpretInstructions("leave out the history part").skips).toEqual([
      { phrase: "history", clause: "leave out the history part" },
    ]);
    expect(interpretInstructions("Make it 5 slides with stock photos").unhonoured).toEqual([
      "Make it 5 slides with stock photos",
    ]);
  });

  it("combines tone, length and a call to action from one sentence", () => {
    const r = run(report, {
      n_slides: 5,
      instructions: "Make it funny, keep it short and end with next steps",
    });
    expect(r.tone).toBe("funny");
    expect(r.verbosity).toBe("concise");
    expect(r.plan.callToAction).toBe(true);
    expect(r.slides[4].title).toBe("Next Steps");
  });
});

describe("language", () => {
  const KEYS = Object.keys(getPhrases("en")) as (keyof TPhrases)[];

  it("has the fixed words in at least 10 languages, every phrase written out", () => {
    expect(PHRASE_LANGUAGES.length).toBeGreaterThanOrEqual(10);
    const en = getPhrases("en");
    for (const code of PHRASE_LANGUAGES) {
      const phrases = getPhrases(code);
      for (const key of KEYS) expect(phrases[key]?.trim(), `${code}.${key}`).toBeTruthy();
      if (code === "en") continue;
      // Translated, not copied: only words languages share ("Agenda", "Details") may match English.
      const same = KEYS.filter((k) => phrases[k] === en[k]);
      expect(same.length, `${code}: ${same.join(", ")}`).toBeLessThanOrEqual(3);
    }
  });

  it("resolves language names and codes", () => {
    expect(resolveLanguage("Korean")).toBe("ko");
    expect(resolveLanguage("pl-PL")).toBe("pl");
    expect(resolveLanguage("Türkçe")).toBe("tr");
    expect(resolveLanguage("Chinese (Simplified)")).toBe("zh");
    expect(resolveLanguage("Klingon")).toBeNull();
  });

  it("keeps Spanish content in Spanish, writes fixed words in the requested language and says so", () => {
    const content = readCorpusText("es-informe-agua.md");
    const r = run(content, { n_slides: 4, language: "French", instructions: "add a summary" });
    expect(r.slides[3].title).toBe("Résumé");
    const flat = content.replace(/\*\*/g, "");
    // Extractive: each bullet starts with the source's words (a timeline event after its date label).
    // (A column's heading line, "Calidad del agua:", is the section's heading, not a point.)
    for (const b of bullets(r.slides.slice(0, 3)).filter((b) => !b.endsWith(":")))
      expect(flat).toContain(
        b
          .replace(/^[^—]{1,30} — /, "")
          .split(" ")
          .slice(0, 4)
          .join(" "),
      );
    const warnings = listOfflineWarnings(options(content, { language: "French" }));
    expect(warnings).toEqual([expect.objectContaining({ code: "translation_unavailable" })]);
    expect(warnings[0].message).toContain("Spanish");
    expect(listOfflineWarnings(options(content, { language: "Spanish" }))).toEqual([]);
  });

  it("writes a deck's fixed words in the language it cannot translate the text out of", async () => {
    // A Japanese text asked for in English stays Japanese: so do its agenda and section labels.
    const provider = createOfflineProvider();
    const opts = {
      ...options(readCorpusText("ja-lecture-sleep.md"), { language: "English", n_slides: 5 }),
      include_table_of_contents: true,
    };
    const outline = await provider.generateOutline(opts);
    const slides = await provider.writeSlides(outline, { ...opts, includeClosing: true });
    const ja = getPhrases("Japanese");
    expect(slides.find((s) => s.layout === "agenda")?.content.title).toBe(ja.agenda);
    expect(slides.at(-1)?.content).toEqual({ title: ja.thankYou, subtitle: ja.questions });
    const english = Object.values(getPhrases("English")).filter((p) => p.length > 3);
    for (const s of slides) expect(english).not.toContain(s.content.title);
    expect(provider.listWarnings(opts)[0].message).toContain(
      'fixed words such as "Agenda" are in Japanese too',
    );
  });

  it("writes Japanese fixed words for a Japanese text and keeps its sentences whole-clause", () => {
    const r = run(readCorpusText("ja-lecture-sleep.md"), {
      n_slides: 4,
      language: "Japanese",
      instructions: "add a summary",
    });
    expect(r.slides[3].title).toBe("まとめ");
    // A Japanese clause ending in a particle is unfinished: no bullet ends on one.
    for (const b of bullets(r.slides)) expect(b, b).not.toMatch(/(?:は|が|を|と|て|ば)$/);
  });
});
