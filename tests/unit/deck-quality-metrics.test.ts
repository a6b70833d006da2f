import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import {
  bodyCoverage,
  cutReason,
  englishFixedWords,
  fragmentReason,
  inventedNumbers,
  looksRotated,
  measureDeckQuality,
  metricLabelReason,
  normTitle,
  openingTitle,
  sourceHeadings,
  sourceShape,
  sourceUnits,
  type TTitleContext,
} from "@/bench/lib/deck-quality-metrics";
import { DECK_VERSION, type TDeck, type TSlide } from "@/lib/deck/schema";
import { deckContext, layoutDeck } from "@/lib/layouts/layout-deck";

function deckOf(slides: Omit<TSlide, "id">[], title = "Test deck"): TDeck {
  return {
    version: DECK_VERSION,
    title,
    language: "English",
    template: "general",
    theme: "light",
    slides: slides.map((s, i) => ({ ...s, id: `s${i + 1}` })),
  };
}

/** Coverage of the one content slide of a deck, laid out by the real engine. */
function coverageOf(slide: Omit<TSlide, "id">): number {
  const deck = deckOf([slide]);
  const [page] = layoutDeck(deck);
  return bodyCoverage(page, deckContext(deck).template.frame.body);
}

describe("body coverage (calibration of the deck-quality definition)", () => {
  it("two short bullets cover about 0.18 of the body", () => {
    const c = coverageOf({
      layout: "bullets",
      content: { title: "Costs", bullets: ["Labour rose", "Steel fell"] },
    });
    expect(Math.abs(c - 0.18)).toBeLessThanOrEqual(0.08);
  });

  it("five short bullets cover about 0.49 at the body size, and no more than 0.7 set larger", () => {
    // The layout sets a short text larger while it stays within 70% of the body (growShortText):
    // the definition's 0.49 is the body size's coverage, the floor of what it measures here.
    const bullets = ["Labour rose", "Steel fell", "Cement held", "Fuel doubled", "Freight eased"];
    const c = coverageOf({ layout: "bullets", content: { title: "Costs", bullets } });
    expect(c).toBeGreaterThanOrEqual(0.49 - 0.08);
    expect(c).toBeLessThanOrEqual(0.7 + 0.02);
  });

  it("a picture beside three bullets covers the body whole", () => {
    const c = coverageOf({
      layout: "image-right",
      content: {
        title: "The dam site",
        bullets: ["Black Canyon was chosen", "The river was diverted", "Work began in 1931"],
        image: { query: "dam canyon" },
      },
    });
    expect(c).toBeGreaterThanOrEqual(0.92);
  });

  it("counts measured lines, not the height a box was given", () => {
    const one = coverageOf({ layout: "bullets", content: { title: "Costs", bullets: ["Labour rose"] } });
    expect(one).toBeLessThan(0.12);
  });
});

describe("opening title", () => {
  it("takes a short first line, a # heading or a PEP Title field", () => {
    expect(openingTitle("The Hoover Dam Story\nOn December 21, 1928, …")).toBe("The Hoover Dam Story");
    expect(openingTitle("\n## Installation\n\nThe first step.")).toBe("Installation");
    expect(openingTitle("PEP: 693\nTitle: Python 3.12 Release Schedule\nAuthor: X\n\nBody")).toBe(
      "Python 3.12 Release Schedule",
    );
    expect(openingTitle("<!--\nCopyright\n-->\n\nHow curl Became Like This\n=====")).toBe(
      "How curl Became Like This",
    );
    expect(openingTitle("ざっくり歴史\n\n江戸時代")).toBe("ざっくり歴史");
  });

  it("refuses prose: a sentence with a period, or a long line", () => {
    expect(openingTitle("Photosynthesis is the synthesis of sugar from light.\n")).toBeNull();
    expect(
      openingTitle(
        "Redmond, Wash. -- Microsoft today announced the following results for the quarter ended December 31, 2019, as compared",
      ),
    ).toBeNull();
  });

  it("compares ignoring case, markdown, outer punctuation and spacing", () => {
    expect(normTitle("**How do I change a tire?**")).toBe(normTitle("how do I  change a tire"));
  });
});

describe("fragment titles", () => {
  const source =
    "Bicycles\n\nBy 1900 many Americans owned bicycles and what was called dating changed. The war ended January 1904.\n" +
    "Shares of Microsoft rose. Loosen the lug nuts first. tmux is a terminal multiplexer.\n" +
    "Previously a mining engineer, Hoover visited the United States Naval Reserve.";
  const ctx: TTitleContext = {
    deckTitle: "The Bicycle Craze",
    headings: sourceHeadings(source),
    source,
    units: sourceUnits(source),
    english: true,
    fixedLabels: new Set(["overview"]),
  };
  const reason = (title: string) => fragmentReason(title, ctx);

  it("flags dates, numbers, dangling ends, lone words and cut verb phrases", () => {
    expect(reason("March")).toMatch(/date/);
    expect(reason("Q3")).toMatch(/date/);
    expect(reason("1904")).toMatch(/date/);
    expect(reason("Ended January")).toMatch(/date/);
    expect(reason("Strategies for")).toMatch(/ends with "for"/);
    expect(reason("Loosen")).toMatch(/single word/);
    expect(reason("lug nuts")).toMatch(/lower case/);
    expect(reason("Called Dating")).toMatch(/cut out of a sentence/);
    expect(reason("Americans Owned Bicycles")).toMatch(/cut out of a sentence/);
    expect(reason("The Bicycle Craze")).toMatch(/deck title/);
  });

  it("accepts headings, names, acronyms, fixed labels and noun phrases", () => {
    expect(reason("Bicycles")).toBeNull();
    expect(reason("Microsoft")).toBeNull();
    expect(reason("GAAP")).toBeNull();
    expect(reason("Overview")).toBeNull();
    expect(reason("tmux")).toBeNull();
    expect(reason("Why the French attempt failed")).toBeNull();
    expect(reason("Four centuries from idea to canal")).toBeNull();
    expect(reason("Mining Engineer")).toBeNull();
    expect(reason("United States Naval Reserve")).toBeNull();
  });

  it("reads a label line with a colon between a finished sentence and its text as a heading", () => {
    // "…then let it drain completely." / "Tips:" / "Always use a pot with good drainage. …"
    const headings = sourceHeadings(readCorpusText("howto-povesteacasei-repot-a-plant.txt"));
    expect(headings.has(normTitle("Tips"))).toBe(true);
    // (A numbered step ending in a colon-free sentence is no heading.)
    expect([...headings].filter((h) => /remove about one-third/.test(h))).toEqual([]);
  });
});

describe("cut bullets and metric labels", () => {
  it("flags bullets that stop mid-clause", () => {
    expect(cutReason("Keep learning new things while also", true)).toMatch(/"also"/);
    expect(cutReason("Strive for", true)).toMatch(/"for"/);
    expect(cutReason("Check the tyre pressure. If your", true)).toMatch(/"your"/);
    expect(cutReason("Costs rose in three areas:", true)).toMatch(/":"/);
    expect(cutReason("The dam (finished in 1936", true)).toMatch(/parenthesis/);
    expect(cutReason("He called it “the big ditch", true)).toMatch(/quotation/);
    expect(cutReason("Er nannte es „den Graben“", false)).toBeNull();
    expect(cutReason('Results were "strong", he said', true)).toBeNull();
    expect(cutReason("Lower the car and remove it", true)).toBeNull();
    expect(cutReason("Mismanaged funds drove the project bankrupt by 1889", true)).toBeNull();
    // A relative clause may end on its preposition; a clause cut before its object may not.
    expect(cutReason("The AOC includes a statement of work that UPRR must comply with", true)).toBeNull();
    expect(cutReason("Lines that you should enter in a terminal all start with", true)).toMatch(/"with"/);
  });

  it("flags metric labels that are not noun phrases", () => {
    expect(metricLabelReason("For the quarter, GAAP earnings per diluted share was", true)).not.toBeNull();
    expect(metricLabelReason("Net income was", true)).toMatch(/"was"/);
    expect(metricLabelReason("Increased", true)).toMatch(/starts with/);
    expect(metricLabelReason("", true)).toBe("empty");
    expect(
      metricLabelReason("Workers lost in the French attempt to dig a canal across the isthmus", true),
    ).toMatch(/words/);
    expect(metricLabelReason("Workers lost in the French attempt", true)).toBeNull();
    expect(metricLabelReason("Diluted earnings per share", true)).toBeNull();
  });
});

describe("source shape", () => {
  it("finds dated events, figures, numbered steps and comparisons", () => {
    const history =
      "In 1524 Spain looked. In 1880 France began.\n\nBy 1889 it failed. In 1904 the US took over.";
    expect(sourceShape(history)).toMatchObject({ datedUnits: 4, distinctDates: 4 });
    const figures =
      "Revenue was $36.9 billion, up 14%. Income was $11.6 billion; 140 workers; 3,900 units and 58 percent.";
    expect(sourceShape(figures).figures).toBeGreaterThanOrEqual(5);
    expect(sourceShape("Call 512-927-3506 at 11:00 on 06/16/2014.").figures).toBe(0);
    expect(sourceShape("Steps:\n\n1. Park.\n2. Loosen.\n3. Lift.").orderedSteps).toBe(true);
    expect(sourceShape("Step 1: park. Step 2: loosen. Step 3: lift.").orderedSteps).toBe(true);
    expect(sourceShape("MySQL vs PostgreSQL").comparison).toBe(true);
    expect(sourceShape("A calm text about tides.").comparison).toBe(false);
  });

  it("counts no document date, foreign day of a month, century, generation or ordinal as an event or figure", () => {
    // A record's own dates, on lines of their own, date the record: the Pelham minutes hold two
    // dated events (the minutes approved, a hire's start), not a chronology.
    const pelham = sourceShape(readCorpusText("minutes-pelham-selectmen-2002-11-26.txt"));
    expect(pelham.distinctDates).toBeLessThan(4);
    // "18 במרץ" is a date and "ה־37" the 37th: the Hebrew text counts its four quantities only.
    expect(sourceShape(readCorpusText("he-encyclopedia-hebrew-wikipedia.txt")).figures).toBe(4);
    // "17世紀", "5代", "①": the Edo history states one count ("2つ").
    expect(sourceShape(readCorpusText("ja-history-edo-period.txt")).figures).toBe(1);
    expect(sourceShape("Am 18. März 2024 und am 8 juillet 2023 und am 18 de marzo.").figures).toBe(0);
  });
});

describe("layouts, language and figures", () => {
  it("sees a rotation of layouts, not a varied sequence", () => {
    expect(looksRotated(["bullets", "image-right", "bullets", "image-left", "bullets", "image-right"])).toBe(
      true,
    );
    expect(looksRotated(["metrics", "timeline", "image-right", "comparison", "icons-grid", "bullets"])).toBe(
      false,
    );
  });

  it("finds English fixed words on a non-English deck", () => {
    const source = "Geschichte der Stadt Kassel. Die Stadt wurde 913 erwähnt.";
    expect(englishFixedWords(["Geschichte der Stadt Kassel", "Overview", "Thank you"], source, "de")).toEqual(
      expect.arrayContaining(["Overview", "Thank you"]),
    );
    expect(englishFixedWords(["Agenda", "Resumen"], "Texto", "es")).toEqual([]);
    expect(englishFixedWords(["Overview"], "Text", "en")).toBeNull();
  });

  it("finds numbers the source does not state", () => {
    const deck = deckOf([
      { layout: "title", content: { title: "Results" } },
      {
        layout: "metrics",
        content: {
          title: "Key figures",
          metrics: [
            { value: "$36.9B", label: "Revenue" },
            { value: "1,000", label: "Staff" },
            { value: "42%", label: "Growth" },
          ],
        },
      },
    ]);
    const found = inventedNumbers(deck, "Revenue was $36.9 billion with 1000 staff.");
    expect(found.map((f) => f.number)).toEqual(["42"]);
  });
});

describe("one deck", () => {
  it("measures repeats, thin slides and continuation pages of a laid-out deck", () => {
    // Enough distinct text to continue on further pages (every bullet its own words).
    const long = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 10 }, (_, k) => `term${i * 10 + k}`).join(" "),
    );
    const deck = deckOf(
      [
        { layout: "title", content: { title: "Canal" } },
        { layout: "bullets", content: { title: "Canal locks", bullets: ["Canal locks"] } },
        { layout: "bullets", content: { title: "Works", bullets: long } },
        { layout: "bullets", content: { title: "Costs", bullets: ["The canal cost $352 million to build"] } },
        {
          layout: "bullets",
          content: { title: "Money", bullets: ["The canal cost $352 million to build in total"] },
        },
      ],
      "Canal",
    );
    const pages = layoutDeck(deck);
    const q = measureDeckQuality({
      source: "Canal\n\nThe canal cost $352 million to build.",
      language: "en",
      deck,
      pages,
      body: deckContext(deck).template.frame.body,
    });
    expect(q.titleOnly.map((f) => f.slide)).toEqual([2]);
    expect(q.repeatedPoints.map((f) => f.slide)).toEqual([5]);
    expect(q.thinSlides.map((f) => f.slide)).toEqual(expect.arrayContaining([2, 4, 5]));
    expect(q.continuations.length).toBe(pages.length - deck.slides.length);
    expect(q.continuations.every((c) => c.slide === 3 && c.justified)).toBe(true);
    expect(q.title).toMatchObject({ opensWithTitle: true, match: true });
  });

  it("tells metric cards apart by their figures", () => {
    const metrics = (values: string[]) =>
      deckOf([
        {
          layout: "metrics",
          content: {
            title: "Releases",
            metrics: values.map((value) => ({ value, label: "Actual release" })),
          },
        },
      ]);
    const repeats = (deck: TDeck) =>
      measureDeckQuality({
        source: "Releases",
        language: "en",
        deck,
        pages: layoutDeck(deck),
        body: deckContext(deck).template.frame.body,
      }).repeatedPoints.length;
    expect(repeats(metrics(["2022-10-24", "2023-06-06"]))).toBe(0);
    expect(repeats(metrics(["3.12.0", "3.12.0"]))).toBe(1);
  });
});
