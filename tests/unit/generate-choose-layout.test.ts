import { describe, expect, it } from "vitest";
import { type TLayoutId, ZSlideContent } from "@/lib/deck/schema";
import { chooseLayout } from "@/lib/generate/choose-layout";
import { chartFromTable, readEvent, readMetric, readTimeline } from "@/lib/generate/content-shape";
import { GenerationInputError } from "@/lib/generate/errors";
import { slidesFromOutlineInputs } from "@/lib/generate/slides-from-inputs";

/** A point of 16 words: three of them are enough text for a slide of their own. */
const LONG_POINT = "A point that is long enough to not be a card in a grid of icons at all";

describe("content shape readers", () => {
  it.each([
    ["Revenue grew **18%**", { value: "18%", label: "Revenue grew" }],
    ["ARR: $2.4M", { value: "$2.4M", label: "ARR" }],
    ["120 new accounts in the EU", { value: "120", label: "New accounts in the EU" }],
    ["Churn down to 2.1%", { value: "2.1%", label: "Churn down to" }],
  ])("reads %j as a figure and its label", (text, metric) => {
    expect(readMetric(text)).toEqual(metric);
  });

  it("does not read a year, a numbered name or a figure-less sentence as a metric; a second figure is detail", () => {
    expect(readMetric("Founded in 2019 by two engineers")).toBeNull();
    expect(readMetric("Customers like the new onboarding")).toBeNull();
    expect(readMetric("Abschnitt 1: Planung und Ausschreibung")).toBeNull();
    expect(readMetric("Operating income was $4.2 million, compared with $3.1 million last year")).toEqual({
      value: "$4.2 million",
      label: "Operating income",
      detail: "compared with $3.1 million last year",
    });
    expect(readMetric("Revenue grew 18% in 2025")).toEqual({ value: "18%", label: "Revenue grew in 2025" });
  });

  it.each([
    ["2024: Pilot in three clinics", "2024", "Pilot in three clinics"],
    ["Q3 2025 – National rollout", "Q3 2025", "National rollout"],
    ["March 2026: Review", "March 2026", "Review"],
    ["Phase 2 - Scale to 40 sites", "Phase 2", "Scale to 40 sites"],
    ["12 May 2026: Contract signed", "12 May 2026", "Contract signed"],
    ["14:02: Alerts fired for the checkout service", "14:02", "Alerts fired for the checkout service"],
  ])("reads %j as a dated step", (text, date, title) => {
    expect(readEvent(text)).toMatchObject({ date, title });
  });

  it("needs every bullet dated to make a timeline", () => {
    expect(readTimeline(["2024: Pilot", "2025: Rollout"])).toHaveLength(2);
    expect(readTimeline(["2024: Pilot", "Then a rollout"])).toBeNull();
  });

  it("turns a label column with numeric columns into a chart, shares into a pie", () => {
    expect(
      chartFromTable({
        header: ["Region", "2024", "2025"],
        rows: [
          ["North", "12", "15"],
          ["South", "9", "11"],
        ],
      }),
    ).toEqual({
      type: "column",
      categories: ["North", "South"],
      series: [
        { name: "2024", values: [12, 9] },
        { name: "2025", values: [15, 11] },
      ],
    });
    const pie = chartFromTable({
      header: ["Channel", "Share"],
      rows: [
        ["Web", "60%"],
        ["Retail", "40%"],
      ],
    });
    expect(pie).toMatchObject({ type: "pie", unit: "%", series: [{ values: [60, 40] }] });
    expect(
      chartFromTable({
        header: ["Name", "Role"],
        rows: [
          ["Ada", "CTO"],
          ["Bo", "CEO"],
        ],
      }),
    ).toBeNull();
  });
});

describe("chooseLayout", () => {
  const slide = (bullets: string[], extra = {}) => ({ title: "T", bullets, ...extra });

  it("routes each content shape to its layout, with valid content", () => {
    const cases: [ReturnType<typeof slide>, string][] = [
      [
        slide([], {
          table: {
            header: ["Plan", "Seats"],
            rows: [
              ["Pro", "Ten"],
              ["Team", "Fifty"],
            ],
          },
        }),
        "table",
      ],
      [
        slide([], {
          table: {
            header: ["Year", "Sales"],
            rows: [
              ["2024", "12"],
              ["2025", "19"],
            ],
          },
        }),
        "chart",
      ],
      [slide([], { quote: { text: "Be brief.", attribution: "Ada" } }), "quote"],
      [slide(["Revenue: $2.4M", "Churn: 2%"]), "metrics"],
      [slide(["North: 12%", "South: 18%", "East: 9%", "West: 21%"]), "chart"],
      [slide(["2024: Pilot", "2025: Rollout", "2026: Scale"]), "timeline"],
      [slide(["Pros: cheap", "Pros: fast", "Cons: noisy"]), "comparison"],
      [slide(["Fast setup", "Secure by default", "Works offline", "Open source"]), "icons-grid"],
      // A short slide gets a picture beside it; one with enough text stands alone.
      [
        slide(["One long point that explains a lot of detail about the plan and why it matters to us all"]),
        "image-right",
      ],
      [slide(Array.from({ length: 4 }, () => LONG_POINT)), "bullets"],
      [slide([]), "section"],
    ];
    for (const [input, layout] of cases) {
      const chosen = chooseLayout(input);
      expect(chosen.layout, JSON.stringify(input)).toBe(layout);
      expect(ZSlideContent.safeParse(chosen.content).success).toBe(true);
    }
  });

  it("gives short slides a picture on alternating sides and leaves full ones their whole width", () => {
    // Pictures follow what a slide says, not a rotation: a run of full slides stays plain…
    const full = [LONG_POINT, LONG_POINT, LONG_POINT];
    const previous: TLayoutId[] = [];
    for (let i = 0; i < 4; i++) previous.push(chooseLayout(slide(full), { previous }).layout);
    expect(previous).toEqual(["bullets", "bullets", "bullets", "bullets"]);
    // …and nearly empty ones each get a picture, alternating sides.
    const short: TLayoutId[] = [];
    for (let i = 0; i < 3; i++)
      short.push(chooseLayout(slide(["A short point"]), { previous: short }).layout);
    expect(short).toEqual(["image-right", "image-left", "image-right"]);
  });

  it("gives a slide of 20–40 words a picture only when the slide before has none", () => {
    const medium = [
      "The first point of the slide says enough to stand on its own line here",
      "A second point adds the detail that a reader needs to follow the argument",
    ];
    const previous: TLayoutId[] = [];
    for (let i = 0; i < 4; i++) previous.push(chooseLayout(slide(medium), { previous }).layout);
    expect(previous).toEqual(["image-right", "bullets", "image-left", "bullets"]);
  });

  it("gives every nearly empty bullet slide a picture, on alternating sides, so none looks empty", () => {
    const short = ["A point that is long enough to not be a card in a grid of icons at all"];
    const previous: TLayoutId[] = [];
    for (let i = 0; i < 4; i++) previous.push(chooseLayout(slide(short), { previous }).layout);
    expect(previous).toEqual(["image-right", "image-left", "image-right", "image-left"]);
  });
});

describe("v3 items with a named layout", () => {
  it("fills the named data layout from the item's markdown", () => {
    const [table, chart, timeline] = slidesFromOutlineInputs([
      { content: "## Plans\n| Plan | Price |\n|---|---|\n| Pro | $10 |\n| Team | $40 |", layout: "table" },
      { content: "## Share\n- Web: 60%\n- Retail: 30%\n- Partners: 10%", layout: "chart" },
      { content: "## Plan\n- Q1 2026: Pilot\n- Q3 2026: Launch", layout: "timeline" },
    ]);
    expect(table.content.table).toEqual({
      header: ["Plan", "Price"],
      rows: [
        ["Pro", "$10"],
        ["Team", "$40"],
      ],
    });
    expect(chart.content.chart?.series[0].values).toEqual([60, 30, 10]);
    expect(timeline.content.timeline?.map((e) => e.date)).toEqual(["Q1 2026", "Q3 2026"]);
  });

  it("refuses a data layout whose data the item lacks, naming the slide", () => {
    const run = () =>
      slidesFromOutlineInputs([
        { content: "## Intro\n- hello", layout: null },
        { content: "## Mood\n- good", layout: "chart" },
      ]);
    expect(run).toThrow(GenerationInputError);
    expect(run).toThrow(/chart/);
    try {
      run();
    } catch (error) {
      expect((error as GenerationInputError).path).toBe("slides.1.layout");
    }
  });
});
