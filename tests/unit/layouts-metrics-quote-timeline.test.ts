// The metrics, quote, timeline and comparison layouts: what each draws and how it copes with more.
import { describe, expect, it } from "vitest";
import type { TDeck, TSlideContent, TTemplateId, TThemeId } from "@/lib/deck/schema";
import type { TBox, TRenderedSlide, TShapeBox, TTextBox } from "@/lib/layouts/boxes";
import { layoutSlide } from "@/lib/layouts/layout-deck";
import { TEMPLATES } from "@/lib/layouts/templates";
import { THEMES } from "@/lib/layouts/themes";

const LONG =
  "Our platform team rebuilt the ingestion pipeline so that every event is validated, enriched and stored within two seconds, which lets analysts answer questions before lunch.";

function layOut(
  layout: "metrics" | "quote" | "timeline" | "comparison",
  content: TSlideContent,
  template: TTemplateId = "general",
  theme: TThemeId = "light",
): TRenderedSlide[] {
  const deck: Omit<TDeck, "slides"> = { version: 1, title: "Deck", language: "en", template, theme };
  return layoutSlide(deck, { id: "s", layout, content });
}

const texts = (page: TRenderedSlide) => page.boxes.filter((box): box is TTextBox => box.kind === "text");
const shapes = (page: TRenderedSlide) => page.boxes.filter((box): box is TShapeBox => box.kind === "shape");
const byRole = (page: TRenderedSlide, pattern: RegExp) => texts(page).filter((box) => pattern.test(box.role));
const one = (page: TRenderedSlide, role: string) => {
  const found = texts(page).filter((box) => box.role === role);
  expect(found, role).toHaveLength(1);
  return found[0];
};
const shape = (page: TRenderedSlide, id: string) => {
  const found = page.boxes.find((box): box is TShapeBox => box.kind === "shape" && box.id === id);
  if (!found) throw new Error(`no shape ${id}`);
  return found;
};
const textOf = (box: TTextBox) =>
  box.paragraphs.map((p) => p.lines.map((l) => l.runs.map((r) => r.text).join("")).join(" ")).join(" ");
const titleOf = (page: TRenderedSlide) => texts(page).find((box) => box.role === "title");
const distinct = (values: number[]) => [...new Set(values.map((v) => Math.round(v * 100) / 100))];
const centreX = (box: TBox) => box.x + box.w / 2;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

const METRICS = [
  { value: "$12.4M", label: "Annual recurring revenue", detail: "Up from $9.1M" },
  { value: "18%", label: "Revenue growth", detail: "Quarter over quarter" },
  { value: "4.4%", label: "Self-serve conversion" },
  { value: "312", label: "New enterprise accounts" },
  { value: "24h", label: "Support backlog" },
  { value: "+9", label: "Net promoter score" },
];

describe("metrics", () => {
  it("sets up to four figures in one row with one value size, in the accent and heading font", () => {
    const [page] = layOut("metrics", { title: "Numbers", metrics: METRICS.slice(0, 4) }, "modern", "dark");
    const values = byRole(page, /^metrics\.\d\.value$/);
    expect(values).toHaveLength(4);
    expect(distinct(values.map((box) => box.y))).toHaveLength(1);
    expect(distinct(values.map((box) => box.fontSize))).toHaveLength(1);
    for (const box of values) {
      expect(box.color).toBe(THEMES.dark.palette.accent);
      expect(box.font).toBe(THEMES.dark.fonts.heading);
      expect(box.bold).toBe(true);
    }
    // "$12.4M" is too wide for a quarter of the slide at the template's size, so all four shrink.
    expect(values[0].fontSize).toBeLessThan(TEMPLATES.modern.sizes.metric);
    expect(values[0].paragraphs[0].lines).toHaveLength(1);
    // Labels sit under their values, all at one size; details are muted.
    const labels = byRole(page, /\.label$/);
    expect(labels).toHaveLength(4);
    expect(distinct(labels.map((box) => box.fontSize))).toHaveLength(1);
    for (const [index, label] of labels.entries())
      expect(label.y).toBeGreaterThanOrEqual(values[index].y + values[index].h);
    for (const detail of byRole(page, /\.detail$/)) expect(detail.color).toBe(THEMES.dark.palette.muted);
    // Rounded templates frame each figure in a card.
    expect(shapes(page).filter((box) => /^metrics\.\d\.card$/.test(box.id))).toHaveLength(4);
  });

  it("keeps short values at the template's preferred size", () => {
    const [page] = layOut("metrics", {
      metrics: [
        { value: "18%", label: "Growth" },
        { value: "2x", label: "Speed" },
      ],
    });
    for (const box of byRole(page, /\.value$/)) expect(box.fontSize).toBe(TEMPLATES.general.sizes.metric);
  });

  it("makes two rows of three for six figures, and centres a second row of two for five", () => {
    const [six] = layOut("metrics", { title: "Six", metrics: METRICS });
    const sixValues = byRole(six, /\.value$/);
    const rows = distinct(sixValues.map((box) => box.y));
    expect(rows).toHaveLength(2);
    expect(sixValues.filter((box) => box.y === sixValues[0].y)).toHaveLength(3);
    expect(distinct(sixValues.map((box) => box.fontSize))).toHaveLength(1);
    expect(distinct(byRole(six, /\.label$/).map((box) => box.fontSize))).toHaveLength(1);

    const [five] = layOut("metrics", { title: "Five", metrics: METRICS.slice(0, 5) }, "standard");
    const second = byRole(five, /\.value$/).slice(3);
    expect(second).toHaveLength(2);
    const middle = (second[0].x + second[1].x + second[1].w) / 2;
    const { marginX, contentW } = TEMPLATES.standard.frame;
    expect(middle).toBeCloseTo(marginX + contentW / 2, 0);
  });

  it("draws open columns under accent rules in square templates and centres text in centred ones", () => {
    const [general] = layOut("metrics", { metrics: METRICS.slice(0, 3) }, "general");
    expect(shapes(general).filter((box) => box.id.endsWith(".card"))).toHaveLength(0);
    const rules = shapes(general).filter((box) => /^metrics\.\d\.rule$/.test(box.id));
    expect(rules).toHaveLength(3);
    for (const rule of rules) expect(rule.fill).toBe(THEMES.light.palette.accent);

    const [swift] = layOut("metrics", { metrics: METRICS.slice(0, 3) }, "swift");
    for (const box of byRole(swift, /^metrics/)) expect(box.align).toBe("center");
  });

  it("puts a short lead above the figures and a very long one on a page of its own first", () => {
    const [page] = layOut("metrics", { title: "T", body: "What the board asked for.", metrics: METRICS });
    const lead = one(page, "body");
    for (const value of byRole(page, /\.value$/)) expect(value.y).toBeGreaterThan(lead.y + lead.h);

    const pages = layOut("metrics", { title: "T", body: Array(20).fill(LONG).join(" "), metrics: METRICS });
    expect(pages.length).toBeGreaterThan(1);
    expect(byRole(pages[0], /\.value$/)).toHaveLength(0);
    const last = pages[pages.length - 1];
    expect(byRole(last, /\.value$/)).toHaveLength(6);
    expect(textOf(titleOf(last) as TTextBox)).toBe("T (cont.)");
  });

  it("falls back to a bullet slide without metrics", () => {
    const [page] = layOut("metrics", { title: "No figures", bullets: ["One point"] });
    expect(one(page, "bullets")).toBeDefined();
  });
});

describe("quote", () => {
  const QUOTE = {
    text: "Deckforge turned a week of slide wrangling into an afternoon.",
    attribution: "Grace Hopper",
  };

  it("sets the quotation large and italic, with an accent mark beside it and the attribution below", () => {
    const [page] = layOut("quote", { title: "Customers", quote: QUOTE }, "general", "dark");
    const text = one(page, "quote.text");
    expect(text.fontSize).toBe(TEMPLATES.general.sizes.quote);
    expect(text.font).toBe(THEMES.dark.fonts.heading);
    expect(text.paragraphs[0].runs.every((run) => run.italic)).toBe(true);
    const mark = texts(page).find((box) => box.id === "quote.mark") as TTextBox;
    expect(mark.paragraphs[0].runs[0].text).toBe("\u201C");
    expect(mark.color).toBe(THEMES.dark.palette.accent);
    expect(mark.fontSize).toBeGreaterThan(2 * text.fontSize);
    // Left-aligned templates hang the mark in a gutter before the text.
    expect(mark.x + mark.w).toBeLessThanOrEqual(text.x);
    const attribution = one(page, "quote.attribution");
    expect(textOf(attribution)).toBe("\u2014 Grace Hopper");
    expect(attribution.color).toBe(THEMES.dark.palette.muted);
    expect(attribution.y).toBeGreaterThanOrEqual(text.y + text.h);
  });

  it("centres the quotation under its mark in centred templates", () => {
    const [page] = layOut("quote", { quote: QUOTE }, "swift");
    const text = one(page, "quote.text");
    const mark = texts(page).find((box) => box.id === "quote.mark") as TTextBox;
    expect(text.align).toBe("center");
    expect(one(page, "quote.attribution").align).toBe("center");
    expect(centreX(mark)).toBeCloseTo(centreX(text), 0);
    expect(mark.y + mark.h).toBeLessThanOrEqual(text.y);
  });

  it("sets emphasised words upright inside the italic quotation", () => {
    const [page] = layOut("quote", { quote: { text: "We ship *every* week" } });
    const runs = one(page, "quote.text").paragraphs[0].runs;
    expect(runs.find((run) => run.text === "every")?.italic).toBe(false);
    expect(runs.find((run) => run.text.startsWith("We"))?.italic).toBe(true);
  });

  it("continues a long quotation on (cont.) pages at one size, losing no word, attributed once", () => {
    const text = Array(30).fill(LONG).join(" ");
    const pages = layOut("quote", { title: "Testimony", quote: { text, attribution: "A. Person" } });
    expect(pages.length).toBeGreaterThan(1);
    const boxes = pages.map((page) => one(page, "quote.text"));
    expect(distinct(boxes.map((box) => box.fontSize))).toHaveLength(1);
    expect(boxes[0].fontSize).toBeLessThan(TEMPLATES.general.sizes.quote);
    expect(words(boxes.map(textOf).join(" "))).toEqual(words(text));
    expect(textOf(titleOf(pages[1]) as TTextBox)).toBe("Testimony (cont.)");
    expect(pages.map((page) => byRole(page, /^quote\.attribution$/).length)).toEqual([
      ...Array(pages.length - 1).fill(0),
      1,
    ]);
    // The mark opens the quotation once.
    expect(pages.map((page) => texts(page).filter((box) => box.id === "quote.mark").length)).toEqual([
      1,
      ...Array(pages.length - 1).fill(0),
    ]);
  });

  it("falls back to a bullet slide without a quotation", () => {
    const [page] = layOut("quote", { title: "Nothing quoted", bullets: ["A point"] });
    expect(one(page, "bullets")).toBeDefined();
  });
});

describe("timeline", () => {
  const EVENTS = [
    { date: "Q1 2025", title: "Discovery", body: "Interviews with 40 customers" },
    { date: "Q2 2025", title: "Beta", body: "Private beta with ten partners" },
    { date: "Q3 2025", title: "Launch", body: "Public launch and pricing" },
    { date: "Q4 2025", title: "Scale", body: "EU region and SOC 2" },
  ];

  it("puts a dot per step on one line, dates above in accent bold, titles and text below", () => {
    const [page] = layOut("timeline", { title: "Roadmap", timeline: EVENTS }, "modern", "dark");
    const dots = shapes(page).filter((box) => /^timeline\.\d+\.dot$/.test(box.id));
    expect(dots).toHaveLength(4);
    expect(distinct(dots.map((dot) => dot.y))).toHaveLength(1);
    const { palette } = THEMES.dark;
    expect(dots.map((dot) => dot.fill)).toEqual([
      palette.accent,
      palette.accent2,
      palette.accent,
      palette.accent2,
    ]);
    const line = shapes(page).find((box) => box.id.endsWith(".line")) as TShapeBox;
    expect(line.y).toBeGreaterThan(dots[0].y);
    expect(line.y + line.h).toBeLessThan(dots[0].y + dots[0].h);
    for (const [index, dot] of dots.entries()) {
      const date = one(page, `timeline.${index}.date`);
      const title = one(page, `timeline.${index}.title`);
      const body = one(page, `timeline.${index}.body`);
      expect(date.color).toBe(palette.accent);
      expect(date.bold).toBe(true);
      expect(date.y + date.h).toBeLessThanOrEqual(dot.y);
      expect(title.bold).toBe(true);
      expect(title.y).toBeGreaterThanOrEqual(dot.y + dot.h);
      expect(body.y).toBeGreaterThanOrEqual(title.y + title.h);
    }
    for (const role of ["date", "title", "body"])
      expect(distinct(byRole(page, new RegExp(`\\.${role}$`)).map((box) => box.fontSize))).toHaveLength(1);
  });

  it("sets six to ten short steps in two rows on one page", () => {
    const timeline = Array.from({ length: 8 }, (_, i) => ({ date: `${2016 + i}`, title: `Step ${i + 1}` }));
    const pages = layOut("timeline", { title: "History", timeline });
    expect(pages).toHaveLength(1);
    const dots = shapes(pages[0]).filter((box) => box.id.endsWith(".dot"));
    expect(dots).toHaveLength(8);
    const rows = distinct(dots.map((dot) => dot.y));
    expect(rows).toHaveLength(2);
    expect(dots.filter((dot) => dot.y === dots[0].y)).toHaveLength(4);
  });

  it("continues long steps on (cont.) pages of at most five, each step once, one size per role", () => {
    const timeline = Array.from({ length: 10 }, (_, i) => ({
      date: `Week ${i + 1}`,
      title: `Milestone ${i + 1} with a longer name`,
      body: `${LONG} ${LONG}`,
    }));
    const pages = layOut("timeline", { title: "Plan", timeline }, "standard");
    expect(pages.length).toBeGreaterThan(1);
    expect(textOf(titleOf(pages[1]) as TTextBox)).toBe("Plan (cont.)");
    const dates = pages.flatMap((page) => byRole(page, /\.date$/));
    expect(dates.map(textOf)).toEqual(timeline.map((event) => event.date));
    for (const page of pages) {
      const dots = shapes(page).filter((box) => box.id.endsWith(".dot"));
      expect(dots.length).toBeLessThanOrEqual(5);
      expect(distinct(dots.map((dot) => dot.y))).toHaveLength(1);
    }
    for (const role of ["date", "title", "body"]) {
      const boxes = pages.flatMap((page) => byRole(page, new RegExp(`\\.${role}$`)));
      expect(distinct(boxes.map((box) => box.fontSize))).toHaveLength(1);
    }
  });

  // Events as the generator wrote them from the corpus's curl history (two with a line of text)
  // and the steps of its tire how-to under their lead: each used to spread over two pages, the
  // first of them far from full (tests/fixtures/corpus: history-curl-how-curl-became-like-this,
  // howto-change-a-tire-sherwood-ford).
  it("keeps eight events on one page, shrinking their titles before their texts", () => {
    const timeline = [
      { date: "January 2004", title: "Curl 7.11.0 introduced large file support" },
      { date: "June 2004", title: "Curl 7.12.0 introduced IDN support" },
      { date: "August 2004", title: "Curl and libcurl 7.12.1" },
      { date: "April 2005", title: "Added the multi_socket() API" },
      { date: "December 2005", title: "Security vulnerability", body: "Libcurl URL Buffer Overflow" },
      { date: "March 2006", title: "Security vulnerability", body: "Libcurl TFTP Packet Buffer Overflow" },
      { date: "September 2006", title: "The major SONAME number for libcurl was bumped" },
      { date: "November 2006", title: "Added SCP and SFTP support" },
    ];
    const pages = layOut("timeline", { title: "2004–2006: Libcurl URL Buffer Overflow", timeline });
    expect(pages).toHaveLength(1);
    const titles = byRole(pages[0], /\.title$/);
    const bodies = byRole(pages[0], /\.body$/);
    expect(titles).toHaveLength(8);
    expect(bodies.map(textOf)).toEqual([
      "Libcurl URL Buffer Overflow",
      "Libcurl TFTP Packet Buffer Overflow",
    ]);
    // The texts stay readable (16 or more); the titles above them are never smaller.
    expect(bodies[0].fontSize).toBeGreaterThanOrEqual(16);
    expect(titles[0].fontSize).toBeGreaterThanOrEqual(bodies[0].fontSize);
    expect(distinct([...titles, ...bodies].map((box) => (textOf(box).endsWith("…") ? 1 : 0)))).toEqual([0]);
  });

  it("keeps eight steps of one sentence each on one page under their lead", () => {
    const steps = [
      "Always change a tire in a safe location",
      "To make sure your vehicle doesn't roll, apply the parking brake and block your other wheels",
      "Loosen the lug nuts by turning counterclockwise with a lug wrench",
      "Place a jack below your vehicle's frame, near the wheel that you are changing",
      "You may remove the lug nuts and gently remove the tire",
      "Line up the spare tire with the lug bolts and slide it in place",
      "Lower your vehicle with the jack",
      "Lower your vehicle completely and replace the hubcap",
    ];
    const timeline = steps.map((title, i) => ({ date: `Step ${i + 1}`, title }));
    const body = "Here is a quick step-by-step on how to change a tire.";
    const pages = layOut("timeline", { title: "Step by step", body, timeline });
    expect(pages).toHaveLength(1);
    const titles = byRole(pages[0], /\.title$/);
    expect(titles.map(textOf)).toEqual(steps);
    // With no text under them, the titles are the text: read at 16 or more, never cut.
    expect(titles[0].fontSize).toBeGreaterThanOrEqual(16);
  });

  it("centres steps under their dots in centred templates", () => {
    const [page] = layOut("timeline", { timeline: EVENTS }, "swift");
    const dot = shape(page, "timeline.2.dot");
    const title = one(page, "timeline.2.title");
    expect(title.align).toBe("center");
    expect(centreX(title)).toBeCloseTo(centreX(dot), 0);
  });

  it("falls back to a bullet slide without steps", () => {
    const [page] = layOut("timeline", { title: "None", bullets: ["A point"] });
    expect(one(page, "bullets")).toBeDefined();
  });
});

describe("comparison", () => {
  const COLUMNS = [
    { heading: "Build", bullets: ["Full control", "Needs a team"] },
    { heading: "Buy", body: "Live in a week.", bullets: ["Predictable cost"] },
  ];

  it("contrasts two cards with a round vs badge between them", () => {
    const [page] = layOut("comparison", { title: "Build or buy", columns: COLUMNS }, "modern", "dark");
    const { palette } = THEMES.dark;
    const first = shape(page, "columns.0.card");
    const second = shape(page, "columns.1.card");
    const tint = shape(page, "columns.1.tint");
    expect(first.fill).toBe(palette.surface);
    expect(second.stroke?.color).toBe(palette.accent);
    expect(tint.fill).toBe(palette.accent);
    expect(tint.opacity).toBeLessThan(0.5);
    expect(first.h).toBe(second.h);
    const badge = shape(page, "columns.badge");
    expect(badge.shape).toBe("ellipse");
    expect(badge.w).toBe(badge.h);
    expect(centreX(badge)).toBeCloseTo((first.x + first.w + second.x) / 2, 5);
    expect(badge.y + badge.h / 2).toBeCloseTo(first.y + first.h / 2, 5);
    const vs = texts(page).find((box) => box.id === "columns.badge.label") as TTextBox;
    expect(textOf(vs)).toBe("vs");
    expect(vs.color).toBe(palette.onAccent);
  });

  it("sets bold headings at one size and both sides' text at one size", () => {
    const [page] = layOut("comparison", {
      columns: [
        { heading: "A much longer heading for the first option", bullets: ["Short"] },
        { heading: "B", bullets: [LONG, LONG, LONG] },
      ],
    });
    const headings = byRole(page, /heading$/);
    expect(headings).toHaveLength(2);
    expect(headings.every((box) => box.bold)).toBe(true);
    expect(distinct(headings.map((box) => box.fontSize))).toHaveLength(1);
    expect(headings[1].color).toBe(THEMES.light.palette.accent);
    expect(distinct(byRole(page, /^columns\.\d\.bullets$/).map((box) => box.fontSize))).toHaveLength(1);
  });

  it("continues long sides on (cont.) pages that repeat the headings, losing no bullet", () => {
    const bullets = Array.from({ length: 24 }, (_, i) => `Point ${i + 1}: ${LONG}`);
    const pages = layOut("comparison", {
      title: "Options",
      body: "A short lead.",
      columns: [
        { heading: "Left", bullets },
        { heading: "Right", bullets: bullets.slice(0, 4) },
      ],
    });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(textOf(one(page, "columns.0.heading"))).toBe("Left");
      expect(textOf(one(page, "columns.1.heading"))).toBe("Right");
      expect(shape(page, "columns.badge")).toBeDefined();
    }
    expect(textOf(titleOf(pages[1]) as TTextBox)).toBe("Options (cont.)");
    expect(byRole(pages[0], /^body$/)).toHaveLength(1);
    expect(byRole(pages[1], /^body$/)).toHaveLength(0);
    const left = pages.flatMap((page) => byRole(page, /^columns\.0\.bullets$/));
    expect(words(left.map(textOf).join(" "))).toEqual(words(bullets.join(" ")));
    expect(
      distinct(pages.flatMap((page) => byRole(page, /bullets$/)).map((box) => box.fontSize)),
    ).toHaveLength(1);
  });

  it("draws a single column as a two-column slide and none as bullets", () => {
    const [single] = layOut("comparison", { columns: [COLUMNS[0]] });
    expect(shape(single, "columns.0.panel")).toBeDefined();
    expect(single.boxes.some((box) => box.id === "columns.badge")).toBe(false);
    const [none] = layOut("comparison", { title: "T", bullets: ["A point"] });
    expect(one(none, "bullets")).toBeDefined();
  });
});
