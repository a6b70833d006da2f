// What the offline generator keeps of the source's structure: a markdown table reaches its slide
// as a table (then a table or chart slide), quotations reach a quote slide with who said them,
// figures stay verbatim and become metrics, dated steps become a timeline.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/generator-corpus";
import { buildDeck } from "@/lib/generate/build-deck";
import { readMetrics, readTimeline } from "@/lib/generate/content-shape";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { datedText, writeEventBullet, writeFigureBullet } from "@/lib/generate/offline/shape-bullets";
import { plainText } from "@/lib/generate/offline/tokenize";
import { type TGenerateOptions, type TOutlineSlide, ZGenerateOptions } from "@/lib/generate/types";

const options = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  ZGenerateOptions.parse({ content, ...extra });
const outline = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  generateOfflineOutline(options(content, extra)).slides;
const deckOf = (content: string, extra: Partial<TGenerateOptions> = {}) => {
  const opts = options(content, extra);
  return buildDeck(generateOfflineOutline(opts).slides, { ...opts, template: "general", theme: "light" });
};
const bulletsOf = (slides: TOutlineSlide[]) => slides.flatMap((s) => s.bullets.map(plainText));

const PRICES = `# Plans

## Pricing

Every plan includes unlimited projects and email support.

| Plan | Seats | Price per month |
| --- | --- | --- |
| Starter | 3 | $12 |
| Team | 10 | $49 |
| Business | 50 |

Annual billing saves two months.

## Support

Support answers within one working day. Business customers get a named contact and a quarterly review.
Enterprise contracts add a phone line that is open around the clock.`;

describe("tables", () => {
  it("puts a markdown table on its section's slide as {header, rows}, ragged rows padded", () => {
    const slides = outline(PRICES, { n_slides: 2 });
    const pricing = slides.find((s) => s.title === "Pricing");
    expect(pricing?.table).toEqual({
      header: ["Plan", "Seats", "Price per month"],
      rows: [
        ["Starter", "3", "$12"],
        ["Team", "10", "$49"],
        ["Business", "50", ""],
      ],
    });
    // The rows are on the slide as the table: no slide repeats them as bullets.
    expect(bulletsOf(slides).some((b) => /Starter|Business: 50/.test(b))).toBe(false);
  });

  it("keeps a short lead above the table and the table's cells verbatim", () => {
    const slides = outline(PRICES, { n_slides: 2 });
    const pricing = slides.find((s) => s.table);
    expect(pricing?.bullets.length).toBeGreaterThan(0);
    expect(pricing?.bullets.length).toBeLessThanOrEqual(2);
    expect(pricing?.notes).toContain("Team: 10, $49");
  });

  it("gives every table of a table-heavy document its own slide, drawn as a table or a chart", () => {
    const content = readCorpusText("table-cloud-costs.md");
    const slides = outline(content, { n_slides: 5 });
    const tables = slides.filter((s) => s.table);
    expect(tables.map((s) => s.table?.header[0])).toEqual(["Data class", "Tier", "Option"]);
    expect(tables.find((s) => s.table?.header[0] === "Tier")?.table?.rows).toContainEqual([
      "Cold",
      "4",
      "20",
      "90",
    ]);
    const layouts = deckOf(content, { n_slides: 5 }).slides.map((s) => s.layout);
    expect(layouts.filter((l) => l === "table" || l === "chart")).toHaveLength(3);
    // A numeric table becomes a chart; one with words in its columns stays a table.
    expect(layouts).toContain("chart");
    expect(layouts).toContain("table");
  });

  it("does not split a table from its rows when the count forces many slides", () => {
    for (const n of [2, 8, 14]) {
      const slides = outline(readCorpusText("table-cloud-costs.md"), { n_slides: n });
      // 14 is more than the text holds without repeating a point (one sentence is the cover's
      // subtitle) or cutting a short paragraph into one-sentence slides: a few slides fewer.
      if (n <= 8) expect(slides).toHaveLength(n);
      else expect(slides.length).toBeGreaterThanOrEqual(n - 4);
      const headers = slides.flatMap((s) => (s.table ? [s.table.header[0]] : []));
      // Merged into fewer slides, one table per slide still shows; the others stay in the notes.
      expect(new Set(headers).size).toBe(headers.length);
      if (n >= 5) expect(headers).toHaveLength(3);
    }
  });

  it("strips emphasis from table cells when markdown_emphasis is off", () => {
    const slides = outline("## Sizes\n\n| Size | Price |\n|---|---|\n| **Small** | $5 |\n| Large | $9 |", {
      n_slides: 1,
      markdown_emphasis: false,
    });
    expect(slides[0].table?.rows[0]).toEqual(["Small", "$5"]);
  });
});

describe("quotations", () => {
  it("shows an author's block quote on a quote slide, attributed, in the interview", () => {
    const content = readCorpusText("interview-ceramics.md");
    const slides = outline(content, { n_slides: 6 });
    const quotes = slides.filter((s) => s.quote);
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    for (const s of quotes) {
      expect(s.quote?.attribution).toBe("Ines Corvo");
      expect(s.bullets).toEqual([]);
      expect(content.replace(/\n> /g, " ")).toContain(s.quote?.text.split(". ")[0]);
    }
    expect(deckOf(content, { n_slides: 6 }).slides.some((s) => s.layout === "quote")).toBe(true);
  });

  it("reads a quoted sentence attributed to a person, and the sentence that goes on with it", () => {
    const text =
      'The bakery changed three things.\n\n"We thought we knew what sold," said co-owner Rachel Miller. "We were wrong about almost everything."';
    const slides = outline(text, { n_slides: 1 });
    expect(slides[0].quote).toEqual({
      text: "We thought we knew what sold. We were wrong about almost everything.",
      attribution: "co-owner Rachel Miller",
    });
  });

  it("reads French guillemets with « explique Name »", () => {
    const slides = outline(readCorpusText("fr-article-cantine.md"), { n_slides: 5, language: "French" });
    const quote = slides.find((s) => s.quote)?.quote;
    expect(quote?.attribution).toBe("Jeanne Morel, maraîchère à Saint-Aubin");
    expect(quote?.text).toMatch(/^Avant, je vendais mes carottes.*les mangent\.$/);
  });
});

describe("figures", () => {
  const report = readCorpusText("report-quarterly-results.md");

  it("writes figure bullets the layout chooser reads as metrics, figures verbatim", () => {
    const b = writeFigureBullet(
      "Northwind Outdoor closed the third quarter with revenue of $48.6 million, up 18% from $41.2 million a year earlier.",
      "standard",
    );
    expect(b?.text).toContain("$48.6 million");
    expect(readMetrics([b?.text ?? "", "Gross margin: 46.3%"])).not.toBeNull();
    expect(
      writeFigureBullet("Freight costs fell 14% per order after we moved fulfilment.", "concise")?.text,
    ).toBe("Freight costs fell 14% per order");
    expect(writeFigureBullet("The team met on Tuesday to discuss the roadmap.", "standard")).toBeNull();
  });

  it("routes a figure-heavy section to a metrics slide whose values appear in the source", () => {
    const deck = deckOf(report, { n_slides: 5 });
    const metrics = deck.slides.filter((s) => s.layout === "metrics" || s.layout === "chart");
    expect(metrics.length).toBeGreaterThanOrEqual(2);
    for (const m of metrics.flatMap((s) => s.content.metrics ?? []))
      expect(report.replace(/\*\*/g, "")).toContain(m.value.replace(/\s+/g, " "));
  });

  it("keeps the figures with 'keep the numbers' and ranks sentences with figures higher", () => {
    const count = (slides: TOutlineSlide[]) => bulletsOf(slides).filter((b) => /\d/.test(b)).length;
    for (const file of ["article-heat-pumps.md", "prose-library-renewal.txt"]) {
      const text = readCorpusText(file);
      const base = outline(text, { n_slides: 3 });
      const numbers = generateOfflineOutline(
        options(text, { n_slides: 3, instructions: "Keep the numbers" }),
      );
      expect(numbers.unhonoured).toEqual([]);
      expect(count(numbers.slides), file).toBeGreaterThan(count(base));
    }
  });
});

describe("dated steps", () => {
  it("turns a section of dated steps into timeline bullets, every step kept", () => {
    const slides = outline(readCorpusText("project-plan-clinic.md"), { n_slides: 6 });
    const timeline = slides.find((s) => s.title === "Timeline");
    expect(timeline?.bullets).toHaveLength(6);
    expect(readTimeline(timeline?.bullets ?? [])?.map((e) => e.date)).toEqual([
      "January 2026",
      "February 2026",
      "April 2026",
      "June 2026",
      "September 2026",
      "December 2026",
    ]);
  });

  it("moves an opening date to the front: 'In April 2026, …' → 'April 2026: …'", () => {
    expect(datedText("In April 2026, the pilot goes live in two clinics.")).toBe(
      "April 2026: The pilot goes live in two clinics.",
    );
    expect(datedText("The pilot goes live soon.")).toBeNull();
    expect(
      writeEventBullet("By Q3 2026 the remaining ten clinics switch to electronic referrals.", "concise")
        ?.text,
    ).toBe("Q3 2026: The remaining ten clinics switch");
    const text = [
      "## Roadmap",
      "",
      "In March 2026, we hire the first two engineers. In June 2026, the beta opens to fifty schools.",
      "By September 2026 every school in the district can sign up. In 2027 we plan to expand to two more districts.",
    ].join("\n");
    const slide = outline(text, { n_slides: 1 })[0];
    expect(readTimeline(slide.bullets)?.map((e) => e.date)).toEqual([
      "March 2026",
      "June 2026",
      "September 2026",
      "2027",
    ]);
  });
});

describe("a release schedule (reStructuredText, each date after its milestone)", () => {
  // PEP 693, the Python 3.12 release schedule (tests/fixtures/corpus, public domain / CC0).
  const pep = readFileSync(
    path.resolve(import.meta.dirname, "../fixtures/corpus/roadmap-python-3-12-release-schedule.txt"),
    "utf8",
  );
  const deck = deckOf(pep);
  const texts = deck.slides.flatMap((s) => [
    s.content.title ?? "",
    ...(s.content.bullets ?? []),
    ...(s.content.timeline ?? []).flatMap((e) => [e.date, e.title, e.body ?? ""]),
    ...(s.content.metrics ?? []).flatMap((m) => [m.value, m.label]),
    ...(s.content.items ?? []).flatMap((i) => [i.title, i.body ?? ""]),
  ]);

  it("reads 'milestone: Weekday, ISO date' as timeline events, whole dates first, weekday dropped", () => {
    expect(readTimeline(["3.12.0 beta 1: Monday, 2023-05-22", "3.12.0 final: Monday, 2023-10-02"])).toEqual([
      { date: "2023-05-22", title: "3.12.0 beta 1" },
      { date: "2023-10-02", title: "3.12.0 final" },
    ]);
    expect(datedText("3.12.10: Tuesday, 2025-04-08 (Final regular bugfix release)")).toBe(
      "2025-04-08: 3.12.10 (Final regular bugfix release)",
    );
    const events = deck.slides.flatMap((s) => s.content.timeline ?? []);
    expect(events.length).toBeGreaterThanOrEqual(8);
    for (const e of events) expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$|^[A-Z][a-z]+ \d{4}$/);
    // The first schedule (16 milestones) goes on to a second slide, in order: all of it shows.
    const at = deck.slides.findIndex(
      (s) => s.layout === "timeline" && /3\.12\.0/.test(s.content.title ?? ""),
    );
    const schedule = [at, at + 1].flatMap((i) => deck.slides[i]?.content.timeline ?? []);
    expect(schedule).toHaveLength(16);
    expect(schedule[0]).toMatchObject({ date: "2022-05-08" });
    expect(schedule.at(-1)).toMatchObject({ date: "2023-10-02" });
  });

  it("shows no version number as a metric and no reStructuredText markup", () => {
    expect(readMetrics(["3.12.1: Thursday, 2023-12-07", "3.12.2: Tuesday, 2024-02-06"])).toBeNull();
    expect(deck.slides.some((s) => s.layout === "metrics")).toBe(false);
    const all = texts.join("\n");
    expect(all).not.toMatch(/\.\. release schedule|:pep:|`__|<https?:/);
    expect(all).not.toMatch(/^Actual: /m);
    expect(all).toContain("What’s New In Python 3.12");
    // "3.12.0 schedule" names a release: its number is not a section number to strip.
    expect(deck.slides.map((s) => s.content.title)).toContain("3.12.0 schedule");
  });
});

describe("figures and dates the text gives in its own way", () => {
  const corpus = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8");

  it("labels an amount that opens an entry by what it is for (EPA grant announcement)", () => {
    const deck = deckOf(corpus("grant-epa-brownfields-267-million.txt"));
    const metrics = deck.slides.find((s) => s.layout === "metrics");
    expect(metrics?.content.metrics?.map((m) => [m.value, m.label])).toEqual([
      ["$121.8 million", "Assessment Grants"],
      ["$88.2 million", "Cleanup Grants"],
      ["$15 million", "Revolving Loan Fund grants"],
    ]);
    // The sentence that introduces the list stays above its figures, not alone on a slide.
    expect(metrics?.content.body).toBe(
      "Brownfield Assessment, Revolving Loan Fund, and Cleanup Grants includes:",
    );
  });

  it("dates a month under a year heading with that year, and titles merged year sections by their span (curl history)", () => {
    const deck = deckOf(corpus("history-curl-how-curl-became-like-this.txt"));
    const titles = deck.slides.map((s) => s.content.title ?? "");
    for (const t of titles) expect(t).not.toMatch(/^\d{4}$/);
    expect(titles.some((t) => /^\d{4}–\d{4}: \D+$/.test(t))).toBe(true);
    const events = deck.slides.flatMap((s) => (s.layout === "timeline" ? (s.content.timeline ?? []) : []));
    expect(events.length).toBeGreaterThanOrEqual(10);
    // "February: Added support for the axTLS backend" sits under "2011" in the source.
    expect(events).toContainEqual(expect.objectContaining({ date: "February 2011" }));
    for (const e of events)
      expect(e.date).not.toMatch(
        /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/,
      );
    // "The curl website gets 1300 visits weekly": a count, not the year 1300.
    expect(events.map((e) => e.date)).not.toContain("1300");
  });
});

describe("a Japanese chronology", () => {
  it("reads 'date(era date) event' lines as timeline events (Mito botanical park history)", () => {
    expect(
      readTimeline(["1994年9月(平成6年9月) 植物館が開館", "2003年5月(平成15年5月) 公式ホームページを開設"]),
    ).toEqual([
      { date: "1994年9月", title: "植物館が開館" },
      { date: "2003年5月", title: "公式ホームページを開設" },
    ]);
    const deck = deckOf(
      readFileSync(
        path.resolve(import.meta.dirname, "../fixtures/corpus/ja-history-mito-botanical-park-timeline.txt"),
        "utf8",
      ),
    );
    expect(deck.slides.filter((s) => s.layout === "timeline").length).toBeGreaterThanOrEqual(2);
  });
});

describe("lists of amounts, two schedules, the cover's sentence", () => {
  const corpus = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8");

  it("shows a list of amounts as a table: amount, thing (banana bread recipe)", () => {
    const slide = outline(corpus("recipe-banana-bread.txt")).find((s) => s.title === "Ingredients");
    expect(slide?.table?.header).toEqual(["Quantity", "Item"]);
    expect(slide?.table?.rows.slice(0, 3)).toEqual([
      ["2 cups", "Flour"],
      ["2 teaspoons", "Baking powder"],
      ["1/2 teaspoon", "Cinnamon"],
    ]);
    expect(slide?.table?.rows).toContainEqual(["5", "Large bananas (mashed)"]);
    expect(slide?.bullets).toEqual([]);
    // The header follows the deck's language.
    const es = outline(corpus("recipe-banana-bread.txt"), { language: "Spanish" }).find((s) => s.table);
    expect(es?.table?.header).toEqual(["Cantidad", "Elemento"]);
  });

  it("never mixes two schedules on one timeline; the second is named by the sentence before it (PEP 602)", () => {
    const deck = deckOf(corpus("long-release-plan-pep-602-annual-cycle.txt"));
    const timelines = deck.slides.filter((s) => s.layout === "timeline");
    const proposed = timelines.find((s) => s.content.title === "Example");
    const current = timelines.find((s) => s.content.title === "Current release schedule");
    // The dates of each list in the source: the plan (first) and the schedule it replaces.
    const text = corpus("long-release-plan-pep-602-annual-cycle.txt");
    const at = text.indexOf("In comparison, if this PEP is rejected");
    const datesIn = (part: string) => new Set(part.match(/\d{4}-\d{2}-\d{2}/g));
    const [plan, replaced] = [datesIn(text.slice(text.indexOf("Example\n"), at)), datesIn(text.slice(at))];
    expect(proposed?.content.timeline?.length).toBeGreaterThanOrEqual(5);
    expect(current?.content.timeline?.length).toBeGreaterThanOrEqual(5);
    for (const e of proposed?.content.timeline ?? []) expect(plan.has(e.date)).toBe(true);
    for (const e of current?.content.timeline ?? []) expect(replaced.has(e.date)).toBe(true);
    // Each keeps its last milestone: 3.9.0 final.
    expect(proposed?.content.timeline?.at(-1)?.date).toBe("2020-10-05");
    expect(current?.content.timeline?.at(-1)?.date).toBe("2021-04-19");
  });

  it("says the subtitle's sentence on the cover only, not again on a slide (PEP 602)", async () => {
    const { createOfflineProvider } = await import("@/lib/generate/offline/offline-provider");
    const provider = createOfflineProvider();
    const opts = options(corpus("long-release-plan-pep-602-annual-cycle.txt"));
    const slides = await provider.writeSlides(await provider.generateOutline(opts), opts);
    const subtitle = slides[0].content.subtitle ?? "";
    // From the abstract, not a sentence from the middle of the text.
    expect(subtitle).toMatch(/^This change accelerates the release cadence/);
    const said = slides.slice(1).flatMap((s) => [...(s.content.bullets ?? []), s.content.body ?? ""]);
    for (const text of said) expect(plainText(text)).not.toContain(subtitle);
  });
});

describe("a quotation that goes on, key terms the metrics show", () => {
  const corpus = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8");

  it("reads '“A,” Ness said. “B. C.”' as one quotation of three sentences (AP story)", () => {
    const quotes = outline(corpus("news-georgia-pacific-duluth-plant-closing.txt")).flatMap((s) =>
      s.quote ? [s.quote] : [],
    );
    expect(quotes[0]).toEqual({
      text: "We will start working immediately to support new operations at the plant. Meanwhile, our focus will be on the work force that will be displaced. This is unfortunate and untimely news for our community.",
      attribution: "Ness",
    });
  });

  it("gives no key term that a metric's label already names (EPA grants)", () => {
    const slides = outline(corpus("grant-epa-brownfields-267-million.txt"));
    const metrics = slides.find((s) => s.bullets.some((b) => b.includes("Revolving Loan Fund grants")));
    expect(metrics).toBeDefined();
    const terms = slides.find((s) => s.title === "Key Terms")?.bullets ?? [];
    expect(terms.map(plainText)).not.toContain("Revolving Loan Fund");
  });
});

describe("bullet endings", () => {
  it("ends no bullet on the source's ellipsis, an opening bracket or a quotation closed elsewhere", async () => {
    const { writeBullet } = await import("@/lib/generate/offline/write-bullet");
    const write = (text: string) => writeBullet(text, "standard", "sentence").text;
    expect(write("The ultimate good desired is better reached by free trade in ideas …")).toBe(
      "The ultimate good desired is better reached by free trade in ideas",
    );
    expect(write("(Note that this requires at least a working C compiler, make, autoconf,")).not.toMatch(
      /^\(/,
    );
    expect(write("That at any rate is the theory of our Constitution.”")).not.toMatch(/”$/);
  });

  it("keeps what was told in a shortened sentence, not only who was told (AP story)", async () => {
    const { writeBullet } = await import("@/lib/generate/offline/write-bullet");
    const text =
      "Georgia-Pacific told its 140 workers at its Duluth plant on Tuesday that it will permanently close the plant at the end of the month.";
    expect(writeBullet(text, "standard", "sentence").text).toMatch(
      /that it will permanently close the plant/,
    );
  });

  it("reads a date line above a column as its date, and a credit line under a story as neither", () => {
    const opinion = outline(
      "Opinions matter\nMarch 25, 2009\nThe ultimate good desired is better reached by free trade in ideas. The opinion page should serve as a trading ground for ideas.\n\n___\n\nInformation from: WDIO-TV, http://www.wdio.com",
      { n_slides: 1, include_title_slide: false },
    );
    const said = bulletsOf(opinion).join("\n");
    expect(said).toMatch(/^The ultimate good desired/m);
    expect(said).not.toMatch(/March 25, 2009 The|WDIO/);
  });

  it("reads a bullet ending on its year as whole, not as ending on 'in'", async () => {
    const { endsMidClause, writeBullet } = await import("@/lib/generate/offline/write-bullet");
    expect(endsMidClause("The new rules replace the guidance issued in 2023")).toBe(false);
    expect(endsMidClause("Cool completely on a rack while also")).toBe(true);
    expect(
      writeBullet(
        "The new rules take effect on 1 March and replace the interim guidance issued in 2023.",
        "standard",
        "sentence",
      ).text,
    ).toBe("The new rules take effect on 1 March and replace the interim guidance issued in 2023");
  });
});
