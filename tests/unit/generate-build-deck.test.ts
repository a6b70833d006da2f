import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZDeck } from "@/lib/deck/schema";
import { buildDeck, slidesFromOutlineInputs, type TBuildDeckOptions } from "@/lib/generate/build-deck";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { getPhrases, resolveLanguage } from "@/lib/generate/phrases";
import { type TOutlineSlide, ZGenerateOptions } from "@/lib/generate/types";

const FIXTURE_DIR = path.resolve(import.meta.dirname, "../fixtures/text");
const article = readFileSync(path.join(FIXTURE_DIR, "article-heat-pumps.md"), "utf8");
const prose = readFileSync(path.join(FIXTURE_DIR, "prose-library-renewal.txt"), "utf8");

const deckOptions = (content: string, extra: Partial<TBuildDeckOptions> = {}): TBuildDeckOptions => ({
  ...ZGenerateOptions.parse({ content }),
  template: "general",
  theme: "light",
  ...extra,
});

const OUTLINE: TOutlineSlide[] = [
  {
    title: "Why heat pumps",
    bullets: ["Move heat instead of making it", "Cool in summer"],
    notes: "Say why.",
  },
  {
    title: "Pros and Cons",
    bullets: ["Pros: lower emissions", "Pros: one system", "Cons: upfront cost", "Cons: noise"],
  },
  { title: "Part two", bullets: [] },
];

describe("buildDeck", () => {
  it("puts the title slide first, then the agenda, then content; no closing unless asked", () => {
    const deck = buildDeck(OUTLINE, deckOptions(article, { include_table_of_contents: true }));
    expect(ZDeck.safeParse(deck).success).toBe(true);
    // Pros and cons contrast two options: a comparison; two short points get a picture beside them.
    expect(deck.slides.map((s) => s.layout)).toEqual([
      "title",
      "agenda",
      "image-right",
      "comparison",
      "section",
    ]);
    expect(deck.slides.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s4", "s5"]);
    expect(deck.title).toBe("Heat Pumps for Older Homes");
    expect(deck.slides[0].content.subtitle).toBeTruthy();
    expect(deck.slides[1].content.bullets).toEqual(["Why heat pumps", "Pros and Cons", "Part two"]);
    expect(deck.slides[2].notes).toBe("Say why.");
  });

  it("adds a closing slide only with includeClosing (or an instruction)", () => {
    expect(buildDeck(OUTLINE, deckOptions(article, { includeClosing: true })).slides.at(-1)?.content).toEqual(
      {
        title: "Thank you",
        subtitle: "Questions?",
      },
    );
    const asked = buildDeck(OUTLINE, deckOptions(article, { instructions: "End with a Q&A slide" }));
    expect(asked.slides.at(-1)?.layout).toBe("closing");
  });

  it("splits a pros/cons slide into two labelled columns", () => {
    const deck = buildDeck(OUTLINE, deckOptions(article, { include_title_slide: false }));
    expect(deck.slides[1].content.columns).toEqual([
      { heading: "Pros", bullets: ["Lower emissions", "One system"] },
      { heading: "Cons", bullets: ["Upfront cost", "Noise"] },
    ]);
  });

  it("uses two columns for many short bullets and for label-only headers", () => {
    const many = { title: "Checklist", bullets: ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"] };
    const headed = { title: "Then and now", bullets: ["Before:", "paper forms", "After:", "one app"] };
    const deck = buildDeck([many, headed], deckOptions(article, { include_title_slide: false }));
    expect(deck.slides[0].layout).toBe("two-column");
    expect(deck.slides[0].content.columns?.map((c) => c.bullets?.length)).toEqual([4, 4]);
    expect(deck.slides[1].content.columns?.map((c) => c.heading)).toEqual(["Before", "After"]);
  });

  it("writes fixed words in the requested language", () => {
    const deck = buildDeck(
      OUTLINE,
      deckOptions(article, { language: "French", include_table_of_contents: true, includeClosing: true }),
    );
    expect(deck.slides[1].content.title).toBe("Ordre du jour");
    expect(deck.slides.at(-1)?.content).toEqual({ title: "Merci", subtitle: "Des questions ?" });
    expect(deck.language).toBe("French");
  });

  it("takes the title from options, then instructions, then the content", () => {
    expect(buildDeck(OUTLINE, deckOptions(article, { title: "Given" })).title).toBe("Given");
    expect(buildDeck(OUTLINE, deckOptions(article, { instructions: 'Title it "Warm Homes"' })).title).toBe(
      "Warm Homes",
    );
    expect(buildDeck(OUTLINE, deckOptions(prose)).title).toBe("Riverton Public Library");
  });

  it("strips emphasis when markdown_emphasis is off and applies tone to fixed words", () => {
    const bold = [{ title: "**Big** news", bullets: ["costs fell **30%**"] }];
    const deck = buildDeck(
      bold,
      deckOptions(article, { markdown_emphasis: false, include_title_slide: false }),
    );
    expect(deck.slides[0].content).toEqual({ title: "Big news", bullets: ["costs fell 30%"] });
    const sales = buildDeck(OUTLINE, deckOptions(article, { tone: "sales_pitch", includeClosing: true }));
    expect(sales.slides.at(-1)?.content.title).toBe("Let's get started");
  });

  it("builds a valid deck end to end from every generated outline", () => {
    for (const n of [1, 5, 12]) {
      const opts = deckOptions(article, { n_slides: n, include_table_of_contents: true });
      const deck = buildDeck(generateOfflineOutline(opts).slides, opts);
      expect(ZDeck.safeParse(deck).success).toBe(true);
      expect(deck.slides.filter((s) => s.layout !== "title" && s.layout !== "agenda")).toHaveLength(n);
    }
  });
});

describe("slidesFromOutlineInputs", () => {
  it("makes one slide per item and keeps all of its text", () => {
    const items = [
      { content: "# Quarterly review\nNumbers for Q3", layout: null },
      { content: "## Results\n- Revenue up 12%\n- Churn down to 2%", layout: null },
      {
        content:
          "Our onboarding got faster this quarter. New users finish setup in four minutes instead of nine. Support tickets about setup fell by a third.",
        layout: null,
      },
      { content: "Pros and cons\n\n- Pros: cheap\n- Pros: fast\n- Cons: noisy\n- Cons: big", layout: null },
      { content: "## Next steps\n- Hire two engineers", layout: "two-column" as const },
      { content: "Thank you\n\nQuestions welcome", layout: null },
    ];
    const slides = slidesFromOutlineInputs(items);
    expect(slides).toHaveLength(items.length);
    expect(slides.map((s) => s.layout)).toEqual([
      "title",
      "metrics",
      // Three short sentences: a picture beside them.
      "image-right",
      "comparison",
      "two-column",
      "closing",
    ]);
    for (const [i, slide] of slides.entries()) {
      // Column bullets may gain a capital letter; the words themselves must all be there.
      const shown = JSON.stringify(slide.content).toLowerCase();
      const words = items[i].content.match(/[\p{L}\p{N}%]+/gu) ?? [];
      for (const w of words) expect(shown, `${w} in slide ${i + 1}`).toContain(w.toLowerCase());
    }
    expect(slides[0].content).toEqual({ title: "Quarterly review", subtitle: "Numbers for Q3" });
    expect(slides[2].content.title).toBe("Our onboarding got faster this quarter");
    expect(slides[2].content.bullets).toHaveLength(2);
  });

  it("respects the given layout", () => {
    const slides = slidesFromOutlineInputs([
      { content: "## Agenda\n- One\n- Two", layout: "agenda" },
      { content: "## Part two", layout: "section" },
      { content: "Big idea\nSmall print", layout: "title" },
    ]);
    expect(slides.map((s) => s.layout)).toEqual(["agenda", "section", "title"]);
    expect(slides[2].content).toEqual({ title: "Big idea", subtitle: "Small print" });
  });
});

describe("phrase table", () => {
  it.each([
    ["English", "en"],
    ["french", "fr"],
    ["FR", "fr"],
    ["fr-CA", "fr"],
    ["Français", "fr"],
    ["Deutsch", "de"],
    ["pt-BR", "pt"],
    ["Chinese (Simplified)", "zh"],
    ["日本語", "ja"],
    ["Arabic", "ar"],
    ["hindi", "hi"],
    ["Klingon", null],
    ["", null],
  ])("resolves %j to %j", (name, code) => {
    expect(resolveLanguage(name)).toBe(code);
  });

  it("has distinct fixed words for at least 10 languages and falls back to English", () => {
    const langs = [
      "English",
      "Spanish",
      "French",
      "German",
      "Portuguese",
      "Italian",
      "Dutch",
      "Japanese",
      "Chinese",
      "Arabic",
      "Hindi",
    ];
    const thanks = new Set(langs.map((l) => getPhrases(l).thankYou));
    expect(thanks.size).toBe(langs.length);
    expect(getPhrases("Klingon")).toEqual(getPhrases("English"));
    expect(getPhrases("es").summary).toBe("Resumen");
    expect(getPhrases("de").cont).toBe("(Forts.)");
  });
});
