import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GenerationInputError } from "@/lib/generate/errors";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { getPhrases } from "@/lib/generate/phrases";
import {
  type TGenerateOptions,
  type TOutlineSlide,
  type TVerbosity,
  ZGenerateOptions,
} from "@/lib/generate/types";

const FIXTURE_DIR = path.resolve(import.meta.dirname, "../fixtures/text");
const FIXTURES = {
  article: "article-heat-pumps.md",
  prose: "prose-library-renewal.txt",
  notes: "meeting-notes.md",
  short: "short-paragraph.txt",
} as const;
type TFixture = keyof typeof FIXTURES;
const fixture = (name: TFixture) => readFileSync(path.join(FIXTURE_DIR, FIXTURES[name]), "utf8");
const options = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  ZGenerateOptions.parse({ content, ...extra });
const outline = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  generateOfflineOutline(options(content, extra)).slides;

const NAMES = Object.keys(FIXTURES) as TFixture[];
const plain = (s: string) => s.replace(/\*\*|`/g, "");
const wordCount = (s: string) =>
  plain(s)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const allText = (slides: TOutlineSlide[]) =>
  slides.flatMap((s) => [s.title, ...s.bullets, s.body ?? ""]).join("\n");
const wordSet = (s: string) =>
  new Set(
    plain(s)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );

describe("offline outline: slide count", () => {
  for (const name of NAMES) {
    for (const n of [1, 3, 8, 15]) {
      it(`${name}: n=${n} gives ${n} non-empty slides, fewer only when no new point is left`, () => {
        for (const verbosity of ["concise", "standard", "text-heavy"] as TVerbosity[]) {
          const slides = outline(fixture(name), { n_slides: n, verbosity });
          if (n <= 3) expect(slides).toHaveLength(n);
          else expect(slides.length).toBeLessThanOrEqual(n);
          const bullets = slides.flatMap((s) => s.bullets.map(plain));
          expect(new Set(bullets).size, `${verbosity}: a bullet shown twice`).toBe(bullets.length);
          for (const s of slides) {
            expect(s.title.trim().length).toBeGreaterThan(0);
            expect(s.title).not.toMatch(/^slide\s*\d+$/i);
            expect(s.bullets.length > 0 || (s.body ?? "").trim().length > 0).toBe(true);
            for (const b of s.bullets) expect(b.trim().length).toBeGreaterThan(0);
          }
        }
      });
    }
  }

  it("counts a requested summary slide inside n_slides", () => {
    const slides = outline(fixture("article"), {
      n_slides: 5,
      instructions: "Add a summary slide at the end.",
    });
    expect(slides).toHaveLength(5);
    expect(slides[4].title).toBe("Summary");
  });
});

describe("offline outline: content quality", () => {
  it("uses the markdown headings as titles", () => {
    const titles = outline(fixture("article"), { n_slides: 8 }).map((s) => s.title);
    for (const h of [
      "How a Heat Pump Works",
      "Start With the Building Envelope",
      "Sizing and Design",
      "Costs, Savings and Incentives",
      "Pros and Cons",
      "Installation Day and After",
      "Common Myths",
    ]) {
      expect(titles).toContain(h);
    }
    const notes = outline(fixture("notes"), { n_slides: 5 }).map((s) => s.title);
    expect(notes).toEqual([
      "Status Updates",
      "Release 4.2 Scope",
      "Offline Mode: Options Discussed",
      "Risks",
      "Action Items",
    ]);
  });

  it("keeps titles short and distinct when the text has no headings", () => {
    const titles = outline(fixture("prose"), { n_slides: 6 }).map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const t of titles) expect(wordCount(t)).toBeLessThanOrEqual(7);
  });

  it.each([3, 8, 15])("repeats no bullet, exactly or nearly, in the long fixture (n=%i)", (n) => {
    const bullets = outline(fixture("article"), { n_slides: n }).flatMap((s) => s.bullets);
    const sets = bullets.map(wordSet);
    for (let i = 0; i < bullets.length; i++) {
      for (let j = i + 1; j < bullets.length; j++) {
        const a = sets[i];
        const b = sets[j];
        const shared = [...a].filter((w) => b.has(w)).length;
        expect(shared / Math.min(a.size, b.size), `${bullets[i]} | ${bullets[j]}`).toBeLessThan(0.8);
      }
    }
  });

  it("turns existing list items into bullets directly", () => {
    const slides = outline(fixture("notes"), { n_slides: 5 });
    const actions = slides.find((s) => s.title === "Action Items");
    expect(actions?.bullets).toContain("Marco to add login flows to the regression suite");
    const scope = slides.find((s) => s.title === "Release 4.2 Scope");
    expect(scope?.bullets).toContain("Saved payment methods for returning customers");
  });

  it("keeps speaker notes with the source sentences of each slide", () => {
    const content = fixture("article");
    for (const s of outline(content, { n_slides: 8 })) {
      expect(s.notes).toBeTruthy();
      for (const line of (s.notes ?? "").split("\n")) {
        // List items carry their group label ("Pros: …") in the notes.
        const sentence = line.replace(/^(?:Pros|Cons): /, "").split(". ")[0];
        expect(content.replace(/\*\*/g, "")).toContain(sentence);
      }
    }
  });

  it("never ends a bullet on a dangling word or with an open parenthesis", () => {
    const dangling =
      /\b(?:and|or|but|of|the|a|an|to|with|for|in|on|by|at|from|that|which|who|is|are|was|were|its|their|our)$/i;
    for (const name of NAMES) {
      for (const verbosity of ["concise", "standard"] as TVerbosity[]) {
        for (const b of outline(fixture(name), { n_slides: 8, verbosity }).flatMap((s) => s.bullets)) {
          expect(plain(b), `${name}/${verbosity}: ${b}`).not.toMatch(dangling);
          expect(b.split("(").length, b).toBe(b.split(")").length);
        }
      }
    }
  });

  it("keeps figures in bullets", () => {
    const text = allText(outline(fixture("article"), { n_slides: 8 }));
    for (const figure of ["$12,000", "30 cm", "12 kW", "80 °C"]) expect(text).toContain(figure);
  });
});

describe("offline outline: verbosity", () => {
  const bulletsOf = (verbosity: TVerbosity, name: TFixture = "article") =>
    outline(fixture(name), { n_slides: 8, verbosity }).flatMap((s) => s.bullets);

  it("caps concise bullets at 8 words and standard ones near 15", () => {
    for (const name of NAMES) {
      for (const b of bulletsOf("concise", name)) expect(wordCount(b), b).toBeLessThanOrEqual(8);
      for (const b of bulletsOf("standard", name)) expect(wordCount(b), b).toBeLessThanOrEqual(18);
    }
  });

  it("writes full sentences for text-heavy and gets longer with each level", () => {
    const mean = (bs: string[]) => bs.reduce((a, b) => a + wordCount(b), 0) / bs.length;
    const concise = bulletsOf("concise");
    const standard = bulletsOf("standard");
    const heavy = bulletsOf("text-heavy");
    expect(mean(concise)).toBeLessThan(mean(standard));
    expect(mean(standard)).toBeLessThan(mean(heavy));
    const sentences = heavy.filter((b) => !/^(?:Pros|Cons):/.test(b));
    for (const b of sentences) expect(b).toMatch(/[.!?]$/);
  });

  it("shows 3–5 bullets per slide for standard and at most 4 for concise, 6 for text-heavy", () => {
    const result = generateOfflineOutline(options(fixture("article"), { n_slides: 8 }));
    // The opening paragraph gave its first sentence to the cover's subtitle: fewer are left.
    expect(result.subtitle).toBe(
      "Many owners of older houses assume that a heat pump will only work in a new, airtight building",
    );
    result.slides.forEach((s, i) => {
      expect(s.bullets.length).toBeGreaterThanOrEqual(i === 0 ? 2 : 3);
      expect(s.bullets.length).toBeLessThanOrEqual(5);
      expect(s.bullets.join(" ")).not.toContain("Many owners of older houses");
    });
    for (const s of outline(fixture("article"), { n_slides: 8, verbosity: "concise" })) {
      expect(s.bullets.length).toBeLessThanOrEqual(4);
    }
    // Points, not the heading lines of a slide that sets two sections side by side ("Costs:").
    for (const s of outline(fixture("article"), { n_slides: 4, verbosity: "text-heavy" })) {
      expect(s.bullets.filter((b) => !b.endsWith(":")).length).toBeLessThanOrEqual(6);
    }
  });
});

describe("offline outline: short input", () => {
  it("varies titles and avoids repeating bullets while the material lasts", () => {
    const slides = outline(fixture("short"), { n_slides: 5 });
    const titles = slides.map((s) => s.title);
    expect(slides.length).toBeGreaterThanOrEqual(4);
    expect(new Set(titles).size).toBe(slides.length);
    const bullets = slides.flatMap((s) => s.bullets);
    expect(new Set(bullets).size).toBe(bullets.length);
  });

  it("makes fewer slides of one paragraph than asked rather than show a point twice", () => {
    const slides = outline(fixture("short"), { n_slides: 15 });
    // Five sentences: a slide for each at most, and the key terms as one more view of them.
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(slides.length).toBeLessThanOrEqual(8);
    expect(slides[0].title).toBe("Overview");
    expect(slides.map((s) => s.title)).toContain("Key Terms");
    expect(slides.map((s) => s.title)).not.toContain("Key Takeaways");
    const bullets = slides.filter((s) => s.title !== "Key Terms").flatMap((s) => s.bullets.map(plain));
    expect(new Set(bullets).size).toBe(bullets.length);
    // Every figure of the paragraph is on a slide.
    for (const figure of ["120", "31,000", "40%", "$96,000"]) expect(allText(slides)).toContain(figure);
  });

  it("reads a bare outline of headings as its points", () => {
    const slides = outline("# Plan\n\n## Goals\n\n## Budget\n\n## Timeline", { n_slides: 3 });
    expect(slides.map((s) => s.title)).toEqual(["Goals", "Budget", "Timeline"]);
  });

  it("handles text without spaces between words (CJK)", () => {
    const zh =
      "我们学校去年夏天在体育馆屋顶安装了120块太阳能电池板。前六个月共发电31000千瓦时，约占白天用电量的40%。科学社团的学生现在通过公共仪表板跟踪发电量。";
    const slides = outline(zh, { n_slides: 3, language: "Chinese" });
    expect(slides).toHaveLength(3);
    for (const s of slides) {
      expect(s.bullets.length).toBeGreaterThan(0);
      expect(s.bullets.join("")).not.toMatch(/。./);
    }
  });

  it("refuses content with no text", () => {
    expect(() => outline("   \n\n ", { n_slides: 3 })).toThrow(GenerationInputError);
  });
});

describe("offline outline: determinism", () => {
  it.each(NAMES)("returns the same outline for the same input (%s)", (name) => {
    const opts = { n_slides: 7, instructions: "focus on costs" };
    expect(outline(fixture(name), opts)).toEqual(outline(fixture(name), opts));
  });
});

describe("offline outline: tone", () => {
  const excited =
    "Our new app launched on Monday! Downloads passed 10,000 in two days! We do not plan any price change this year. It is the fastest launch we have had. The support team is ready for questions.";

  it("professional: no exclamation marks and no contractions", () => {
    const text = allText(outline(excited, { n_slides: 2, tone: "professional" }));
    expect(text).not.toContain("!");
    const casual = allText(
      outline(`${excited} We don't expect delays.`, { n_slides: 2, tone: "professional" }),
    );
    expect(casual).not.toMatch(/don't/i);
  });

  it("casual: contractions", () => {
    const text = allText(outline(excited, { n_slides: 2, tone: "casual", verbosity: "text-heavy" }));
    expect(text).toMatch(/don't|It's/);
  });

  it("funny: a playful closing line and title flourish", () => {
    const slides = outline(fixture("article"), { n_slides: 4, tone: "funny" });
    expect(slides[3].body).toBe(getPhrases("English").funnyLine);
    expect(slides[0].title).toMatch(/Explained$/);
  });

  it("sales pitch: ends on a call to action and leads with benefits", () => {
    const slides = outline(fixture("article"), { n_slides: 4, tone: "sales_pitch" });
    expect(slides[3].body).toContain("Ready to get started?");
  });

  it("educational: names the key terms up front", () => {
    const slides = outline(fixture("article"), { n_slides: 4, tone: "educational" });
    expect(slides[0].body).toMatch(/^Key terms: .*heat pump/);
  });

  it("default: adds nothing", () => {
    const slides = outline(fixture("article"), { n_slides: 4 });
    expect(slides.every((s) => s.body === undefined)).toBe(true);
  });
});

describe("offline outline: instructions", () => {
  const mentions = (slides: TOutlineSlide[], re: RegExp) =>
    slides.flatMap((s) => s.bullets).filter((b) => re.test(b)).length;

  it("focus on X ranks sentences about X higher", () => {
    const costs = /\$|cost|saving|rebate|incentive|price|tariff/i;
    const base = outline(fixture("article"), { n_slides: 3 });
    const focused = outline(fixture("article"), { n_slides: 3, instructions: "Focus on costs and savings." });
    expect(mentions(focused, costs)).toBeGreaterThan(mentions(base, costs));
  });

  it("honours a summary request and an instruction-given tone", () => {
    const r = generateOfflineOutline(
      options(fixture("prose"), { n_slides: 4, instructions: "Make it funny and add a conclusion slide" }),
    );
    expect(r.slides[3].title).toBe("TL;DR");
    expect(r.tone).toBe("funny");
    expect(r.unhonoured).toEqual([]);
  });

  it("reports what it could not do, verbatim", () => {
    const r = generateOfflineOutline(
      options(fixture("prose"), {
        n_slides: 3,
        instructions: "Focus on funding. Add stock photos of libraries.\nTranslate everything into Spanish",
      }),
    );
    expect(r.unhonoured).toEqual(["Add stock photos of libraries", "Translate everything into Spanish"]);
    expect(r.plan.focusTerms.length).toBeGreaterThan(0);
  });
});

describe("offline outline: language and emphasis", () => {
  it("writes fixed words in the requested language but keeps the content's language", () => {
    const slides = outline(fixture("article"), {
      n_slides: 3,
      language: "fr",
      instructions: "add a summary",
    });
    expect(slides[2].title).toBe("Résumé");
    expect(fixture("article")).toContain(plain(slides[0].bullets[0]).split(" ").slice(0, 4).join(" "));
  });

  it("titles the later parts of a split section after what they say, not with (cont.)", () => {
    const slides = outline(fixture("article"), { n_slides: 15, language: "German" });
    const titles = slides.map((s) => s.title);
    expect(titles.some((t) => /\((?:cont\.|Forts\.)\)/.test(t))).toBe(false);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("bolds figures with markdown_emphasis and strips all markup without it", () => {
    const on = allText(outline(fixture("article"), { n_slides: 8 }));
    expect(on).toMatch(/\*\*\$12,000\*\*/);
    const off = allText(outline(fixture("article"), { n_slides: 8, markdown_emphasis: false }));
    expect(off).not.toMatch(/\*\*|`/);
  });
});
