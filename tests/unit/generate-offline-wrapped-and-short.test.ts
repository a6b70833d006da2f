// What the offline generator made of short texts asked for many slides, and of READMEs wrapped at
// 80 columns, and what was fixed: a wrapped German paragraph's first line is no heading, a
// sentence-opening "Aber" starts no noun phrase, "tmux.1" is no figure, an address on a line of its
// own ends the sentence that points to it, a sentence beside a schedule leads its timeline, and a
// section of two sentences (or a topic run of one) is no pair of one-sentence slides. Sources and
// licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { readMetric, readMetrics } from "@/lib/generate/content-shape";
import { describeContent } from "@/lib/generate/offline/describe-content";
import { foreignNounPhrases } from "@/lib/generate/offline/foreign-noun-phrases";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { readSource } from "@/lib/generate/offline/read-source";
import { sentenceVariants, trimLeadIns } from "@/lib/generate/offline/simplify-sentence";
import { splitClauses } from "@/lib/generate/offline/split-clauses";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (file: string, n_slides?: number) =>
  generateOfflineOutline(
    ZGenerateOptions.parse({
      content: readCorpusText(file),
      ...(n_slides ? { n_slides } : {}),
      ...(file.startsWith("de-") ? { language: "German" } : {}),
    }),
  ).slides.map((s) => ({ ...s, bullets: s.bullets.map((b) => plainText(b)) }));

describe("a German README chapter wrapped at 80 columns (Rust book, appendix E)", () => {
  const file = "de-explainer-rust-editionen.txt";

  it("reads a paragraph whose first line stops on an article or inside a bracket as one paragraph", () => {
    const source = readSource(readCorpusText(file));
    // "Alle Rust-Compiler-Versionen unterstützen jede Edition, die vor der" / "Veröffentlichung…"
    // and "Für weitere Einzelheiten schaue in den [_Editions-Leitfaden (Edition" / "Guide)_]…"
    // were headings of parts of their own.
    expect(source.sections.map((s) => s.heading).filter(Boolean)).toEqual([]);
    const texts = source.units.map((u) => plainText(u.text));
    expect(texts).toContain(
      "Alle Rust-Compiler-Versionen unterstützen jede Edition, die vor der Veröffentlichung dieses Compilers existierte, und es können Crates aller unterstützten Editionen miteinander verknüpft werden.",
    );
    expect(
      texts.some((t) =>
        t.startsWith("Für weitere Einzelheiten schaue in den Editions-Leitfaden (Edition Guide)"),
      ),
    ).toBe(true);
  });

  it("titles no slide with a sentence's first line, and shows no sentence's tail as a bullet", () => {
    for (const n of [undefined, 12]) {
      const slides = outline(file, n);
      expect(slides.map((s) => s.title).filter((t) => /\s(?:der|den)$|\($/.test(t))).toEqual([]);
      expect(
        slides.flatMap((s) => s.bullets).filter((b) => /^(?:Veröffentlichung dieses|Guide\))/.test(b)),
      ).toEqual([]);
    }
  });

  it("gives no slide to the one sentence left of the opening paragraph", () => {
    // The cover shows the opening's first sentence; "Dieser Anhang erläutert, was das bedeutet!"
    // stood alone on a slide titled "Kernpunkte" (a topic run of two sentences).
    const slides = outline(file, 12);
    const alone = slides.filter((s) => s.bullets.length === 1 && countWords(s.bullets[0]) < 10);
    expect(alone.map((s) => `${s.title}: ${s.bullets[0]}`)).toEqual([]);
  });

  it("starts no noun phrase on a conjunction the tagger reads as a noun", () => {
    const phrases = foreignNounPhrases(
      "Aber von Veröffentlichung zu Veröffentlichung kann es schwierig sein, zurückzublicken.",
      "de",
    ).map((p) => p.text);
    expect(phrases.filter((p) => /^Aber\b/.test(p))).toEqual([]);
    expect(phrases).toContain("Veröffentlichung");
  });
});

describe("tmux's README (plain text, addresses on lines of their own)", () => {
  const file = "readme-tmux-plain-text.txt";

  it("ends a sentence that points to an address with the address", () => {
    const texts = readSource(readCorpusText(file)).units.map((u) => plainText(u.text));
    expect(texts).toContain(
      "It also depends on ncurses, available from http://invisible-island.net/ncurses/.",
    );
    expect(texts).toContain("Download it from http://libevent.org.");
    for (const n of [undefined, 5, 12])
      expect(
        outline(file, n)
          .flatMap((s) => s.bullets)
          .filter((b) => /,\s*available$|\bfrom$/.test(b)),
      ).toEqual([]);
  });

  it("reads a manual page's section number as part of its name, not a figure", () => {
    expect(readMetric("For documentation on using tmux, see the tmux.1 manpage")).toBeNull();
    expect(readMetric("$ nroff -mdoc tmux.1|less")).toBeNull();
    expect(readMetric("tmux can use the utempter library to update utmp(5), if it is installed")).toBeNull();
    // (Nor is a year after the word that says so: "Im Jahr 1156 …" of the Augsburg history.)
    expect(
      readMetric("Im Jahr 1156 erhielt Augsburg das Stadtrecht durch Kaiser Friedrich Barbarossa"),
    ).toBeNull();
    expect(readMetric("The company employs 4500 people")?.value).toBe("4500");
    for (const n of [undefined, 5, 12])
      expect(outline(file, n).filter((s) => readMetrics(s.bullets))).toEqual([]);
  });
});

describe("short sections asked for many slides", () => {
  it("leads a schedule's timeline with the one sentence beside it (PEP 693)", () => {
    const slides = outline("roadmap-python-3-12-release-schedule.txt", 12);
    const security = slides.find((s) => s.title === "Source-only security fix releases");
    expect(security?.body).toBe("Provided irregularly on an as-needed basis until October 2028.");
    expect(security?.bullets).toHaveLength(3);
    // …and it is no slide of its own ("As-Needed Basis").
    expect(slides.filter((s) => s.bullets.some((b) => /as-needed basis/.test(b)))).toEqual([]);
  });

  it("makes no slide of one sentence of a two-sentence section (Grants.gov)", () => {
    const slides = outline("howto-grants-gov-funding-eligibility-tips.txt", 12);
    // "Get into the Details of Each Funding Opportunity" says two sentences: one slide.
    const details = slides.filter((s) =>
      s.bullets.some((b) =>
        /official eligibility requirements of each one|significant work on the application/.test(b),
      ),
    );
    expect(details).toHaveLength(1);
    expect(slides.map((s) => s.title)).not.toContain("Notifications");
    expect(slides.map((s) => s.title)).not.toContain("Significant Work");
  });
});

describe("how-tos from web pages (held out: tests/fixtures/corpus/README.md)", () => {
  it("names steps typed as bare 'Step 1' lines by their instructions, and shows them as steps", () => {
    const file = "howto-gardenguides-replant-house-plants.txt";
    const sections = readSource(readCorpusText(file)).sections;
    expect(sections.map((s) => s.heading).filter(Boolean)).toEqual([
      "Prepare a New Container",
      "Place a Paper Towel",
      "Remove the House Plant",
      "Set the House Plant",
      "Water the Replanted Houseplant",
      "Things You'll Need",
    ]);
    expect(sections.map((s) => s.number).filter(Boolean)).toEqual([1, 2, 3, 4, 5]);
    const slides = outline(file);
    expect(slides.find((s) => s.title === "Step by step")?.bullets).toEqual([
      "Step 1 — Prepare a New Container",
      "Step 2 — Place a Paper Towel",
      "Step 3 — Remove the House Plant",
      "Step 4 — Set the House Plant",
      "Step 5 — Water the Replanted Houseplant",
    ]);
    expect(slides.map((s) => s.title).filter((t) => /^Step \d+$/.test(t))).toEqual([]);
    // The list of things needed keeps a slide of its own: it is no part of a step's.
    const needs = slides.find((s) => s.title === "Things You'll Need");
    expect(needs?.bullets).toContain("Pruning shears");
    expect(slides.filter((s) => s !== needs && s.bullets.includes("Knife"))).toEqual([]);
  });

  it("reads a numbered list interrupted by notes as one list, numbered as the text numbers it", () => {
    const slides = outline("howto-povesteacasei-repot-a-plant.txt");
    const steps = slides.filter((s) => s.title.startsWith("Step by step")).flatMap((s) => s.bullets);
    expect(steps.map((b) => b.split(" — ")[0])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Step ${n}`));
    expect(steps[2]).toBe("Step 3 — Remove about one-third of the soil");
    expect(steps[6]).toMatch(/^Step 7 — Water the plant thoroughly/);
  });

  it("drops a teaser for another page and names the list of things needed by its intro", () => {
    const slides = outline("howto-mamaslatinas-repot-houseplant.txt");
    const all = JSON.stringify(slides);
    expect(all).not.toMatch(/Read more|Qué más/i);
    const needs = slides.find((s) => s.title === "What You Will Need");
    expect(needs?.bullets.length).toBeGreaterThanOrEqual(3);
    // The list is not cut across two slides.
    expect(
      slides.filter((s) => s !== needs && s.bullets.some((b) => /^(?:A new pot|Potting soil)/.test(b))),
    ).toEqual([]);
    expect(slides.find((s) => s.title === "Step by step")?.bullets).toHaveLength(6);
  });

  it("does not say a sentence twice that the text repeats in other words' order (CDC)", () => {
    const units = readSource(readCorpusText("howto-cdc-handwashing-five-steps.txt")).units.map((u) =>
      plainText(u.text),
    );
    expect(
      units.filter((t) => /alcohol-based hand sanitizer.*60% alcohol|60% alcohol.*not available/.test(t)),
    ).toHaveLength(1);
    const slides = outline("howto-cdc-handwashing-five-steps.txt");
    // "Remember these key facts about alcohol-based hand sanitizers." names its list.
    expect(
      slides.find((s) => s.title === "Key Facts About Alcohol-Based Hand Sanitizers")?.bullets,
    ).toHaveLength(5);
  });
});

// Sentences of two pages on eligibility (https://www.flyriver.com/s/check-eligibility,
// https://my-test.valpo.edu/what-are-eligibility-requirements-20597), quoted: the subtitle read
// "Service, or benefit, determining eligibility is a critical step" and a slide showed "How to
// determine if you meet the necessary criteria" alone.
describe("sentences that open with a list or end on one", () => {
  it("keeps an opening clause whose comma belongs to a list", () => {
    const sentence =
      "When considering a program, service, or benefit, determining eligibility is a critical step.";
    expect(trimLeadIns(sentence)).toBe(sentence);
    const variants = [...sentenceVariants(sentence).keys()];
    expect(variants.filter((v) => /^(?:service|a program)\b/i.test(v))).toEqual([]);
  });

  it("does not cut a list of questions into clauses", () => {
    const sentence =
      "In this article, we will delve into the world of eligibility requirements, exploring what they are, why they are important, and how to determine if you meet the necessary criteria.";
    const [unit] = readSource(sentence).units;
    expect(splitClauses([unit]).map((u) => u.text)).toHaveLength(1);
  });
});

// The opening of an earnings release with no title line (Hummingbird's third quarter of fiscal
// 2001, https://techmonitor.ai/technology/hummingbird_announces_third_quarter_fiscal_2001_financial_results),
// quoted: its deck was titled "Ended June".
describe("an untitled earnings release", () => {
  it("is titled by what it reports, not by the end of its reporting period", () => {
    const text = [
      "Sales for the quarter ended June 30, 2001 were $48.2 million, representing a decrease of 20% compared to the third quarter of the previous year. Adjusted net income was $4.6 million for the third quarter compared to $9.3 million for the quarter ended June 30, 2000.",
      "Adjusted diluted earnings per share (based on adjusted net income) were $0.25 for the quarter ended June 30, 2001, compared to $0.49 for the quarter ended June 30, 2000.",
      "Expenses for the quarter were $36.7 million, compared to $38.9 million for the third quarter of last year, excluding amortization of the intangibles.",
    ].join("\n");
    const { title } = describeContent(text, new Set());
    expect(title).not.toMatch(/ended|june/i);
    expect(title).toBe("Adjusted Net Income");
  });
});
