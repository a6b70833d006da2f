// The offline editor's layout conversions: what each target layout makes of each kind of slide
// content, what goes to the notes, and what it refuses.
import { describe, expect, it } from "vitest";
import type { TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { buildEditContext } from "@/lib/edit/edit-context";
import { EditRefusal } from "@/lib/edit/edit-refusal";
import { convertTo, readLayoutName } from "@/lib/edit/offline/convert/convert-to";
import type { TConvertOptions } from "@/lib/edit/offline/convert/types";
import { metricLine, slideLines } from "@/lib/edit/offline/read-slide";
import { slideProblems } from "@/lib/edit/slide-problems";
import { SOLAR, slideOf } from "./ai-edit-fixtures";

function slide(layout: TLayoutId, content: TSlideContent, notes?: string): TSlide {
  return { id: "x1", layout, content, ...(notes ? { notes } : {}) };
}

/** Converts and checks the result is drawable as laid out. */
function convert(target: TLayoutId, from: TSlide, opts: TConvertOptions = {}) {
  const deck = { ...SOLAR, language: "English" };
  const out = convertTo(target, from, buildEditContext(deck, from), opts);
  expect(out.layout).toBe(target);
  expect(slideProblems(out.layout, out.content)).toEqual([]);
  return out;
}

function refused(target: TLayoutId, from: TSlide, opts: TConvertOptions = {}): string {
  try {
    convertTo(target, from, buildEditContext(SOLAR, from), opts);
  } catch (error) {
    expect(error).toBeInstanceOf(EditRefusal);
    return (error as Error).message;
  }
  throw new Error(`converting to ${target} was not refused`);
}

const METRICS = slide("metrics", {
  title: "Quarter",
  metrics: [
    { value: "$48.6M", label: "Revenue", detail: "up 18%" },
    { value: "46.3%", label: "Gross margin" },
  ],
});
const TIMELINE = slide("timeline", {
  title: "Plan",
  timeline: [
    { date: "2026", title: "Pilot", body: "12 clinics" },
    { date: "2027", title: "Roll-out" },
  ],
});

describe("to table", () => {
  it("makes label–value bullets a two-column table with a header", () => {
    const out = convert("table", slideOf(SOLAR, "s3"));
    expect(out.content).toEqual({
      title: "Costs per clinic",
      table: {
        header: ["Item", "Value"],
        rows: [
          ["Panels", "$6,000"],
          ["Batteries", "$4,500"],
          ["Installation", "$1,500"],
        ],
      },
    });
    expect(out.notes).toBe("Prices quoted by two suppliers in March.");
    expect(out.summary).toContain('"turn into a chart" draws them');
  });

  it("reads figures, dated steps, comparisons and rows of cells", () => {
    expect(convert("table", METRICS).content.table).toEqual({
      header: ["Item", "Value", "Details"],
      rows: [
        ["Revenue", "$48.6M", "up 18%"],
        ["Gross margin", "46.3%", ""],
      ],
    });
    expect(convert("table", TIMELINE).content.table?.header).toEqual(["Date", "Step", "Details"]);
    const compared = convert("comparison", slideOf(SOLAR, "s5"));
    expect(convert("table", slide("comparison", compared.content)).content.table).toEqual({
      header: ["Solar", "Diesel"],
      rows: [
        ["No fuel to buy", "Cheap to install"],
        ["Silent", "Loud and smoky"],
      ],
    });
    const cells = slide("bullets", {
      title: "Sales",
      bullets: ["Region | Units | Growth", "North | 120 | 14%", "South | 95 | 9%"],
    });
    expect(convert("table", cells).content.table).toEqual({
      header: ["Region", "Units", "Growth"],
      rows: [
        ["North", "120", "14%"],
        ["South", "95", "9%"],
      ],
    });
  });

  it("makes other bullets a one-column table headed with the word for an item, not the slide's title, and says why", () => {
    const out = convert("table", slideOf(SOLAR, "s10"));
    expect(out.content.table).toEqual({
      header: ["Item"],
      rows: [["Who maintains the batteries after the warranty ends"]],
    });
    expect(out.warnings[0]).toMatch(/not written as "Label: value" pairs/);
  });

  it("makes mostly label–value bullets two columns, a line without a label a row of its own", () => {
    const out = convert(
      "table",
      slide("bullets", {
        title: "Costs",
        bullets: ["Panels: $6,000", "Batteries: $4,500", "Shipping is extra"],
      }),
    );
    expect(out.content.table).toEqual({
      header: ["Item", "Details"],
      rows: [
        ["Panels", "$6,000"],
        ["Batteries", "$4,500"],
        ["Shipping is extra", ""],
      ],
    });
  });

  it("uses the deck's language for its header words", () => {
    const from = slideOf(SOLAR, "s3");
    const out = convertTo("table", from, buildEditContext({ ...SOLAR, language: "Deutsch" }, from));
    expect(out.content.table?.header).toEqual(["Punkt", "Wert"]);
  });

  it("refuses a table slide and a quotation", () => {
    expect(refused("table", slide("table", { table: { header: ["A"], rows: [["1"]] } }))).toBe(
      "The slide is already a table.",
    );
    expect(refused("table", slide("quote", { quote: { text: "Hi" } }))).toMatch(/no rows or columns/);
  });
});

describe("to chart", () => {
  it("charts label–value figures with their unit, keeps the notes", () => {
    const out = convert("chart", slideOf(SOLAR, "s3"));
    expect(out.content.chart).toEqual({
      type: "column",
      categories: ["Panels", "Batteries", "Installation"],
      series: [{ name: "Costs per clinic", values: [6000, 4500, 1500] }],
      unit: "$",
    });
  });

  it("draws shares of a whole as a pie, or the type asked for", () => {
    expect(convert("chart", slideOf(SOLAR, "s9")).content.chart?.type).toBe("pie");
    expect(convert("chart", slideOf(SOLAR, "s9"), { chartType: "bar" }).content.chart).toMatchObject({
      type: "bar",
      categories: ["Grid", "Diesel", "Solar"],
      series: [{ values: [30, 55, 15] }],
      unit: "%",
    });
  });

  it("charts dated figures against their dates as a line; a date alone is not a value", () => {
    const dated = slide("bullets", {
      title: "Clinics powered",
      bullets: ["2024: 12 clinics", "2025: 40 clinics", "2026: 95 clinics", "2027: Review"],
    });
    const out = convert("chart", dated);
    expect(out.content.chart).toEqual({
      type: "line",
      categories: ["2024", "2025", "2026"],
      series: [{ name: "Clinics powered", values: [12, 40, 95] }],
    });
    expect(out.content.bullets).toEqual(["2027: Review"]);
    expect(refused("chart", slideOf(SOLAR, "s4"))).toMatch(/^A chart needs two or more figures/);
  });

  it("charts a table's numeric columns and keeps the whole table in the notes when a column is left out", () => {
    const table = slide("table", {
      title: "Sites",
      table: {
        header: ["Site", "Panels", "Owner"],
        rows: [
          ["Mbale", "40", "Ministry"],
          ["Gulu", "32", "NGO"],
        ],
      },
    });
    const out = convert("chart", table);
    expect(out.content.chart).toEqual({
      type: "column",
      categories: ["Mbale", "Gulu"],
      series: [{ name: "Panels", values: [40, 32] }],
    });
    expect(out.notes).toBe("• Mbale: Panels 40; Owner Ministry\n• Gulu: Panels 32; Owner NGO");
    expect(out.warnings[0]).toMatch(/^1 column is not charted \(no figures, or past six series\)/);
  });

  it("changes a chart's type, and refuses a pie of negative values", () => {
    const chart = slide("chart", {
      title: "Change",
      chart: { type: "column", categories: ["A", "B"], series: [{ name: "Δ", values: [5, -3] }] },
    });
    expect(convert("chart", chart, { chartType: "line" }).content.chart?.type).toBe("line");
    expect(refused("chart", chart, { chartType: "pie" })).toBe(
      "That chart cannot be drawn: Pie values cannot be negative.",
    );
    expect(refused("chart", chart)).toBe("The slide is already a column chart.");
  });

  it("refuses figures that share no unit", () => {
    expect(refused("chart", METRICS)).toBe(
      "The slide's figures all have different units, so no two of them can share a chart.",
    );
  });
});

describe("to timeline, columns, quote, icons, metrics", () => {
  it("makes dated bullets a timeline and moves undated ones to the notes", () => {
    const from = slide("bullets", {
      title: "Plan",
      bullets: ["2026: Pilot in 12 clinics", "Q3 2027 – Roll-out", "Funding to be agreed"],
    });
    const out = convert("timeline", from);
    expect(out.content.timeline).toEqual([
      { date: "2026", title: "Pilot in 12 clinics" },
      { date: "Q3 2027", title: "Roll-out" },
    ]);
    expect(out.notes).toBe("• Funding to be agreed");
    expect(refused("timeline", slideOf(SOLAR, "s3"))).toMatch(/the slide has none\.$/);
  });

  it("makes a three-column table a comparison of its value columns", () => {
    const from = slide("table", {
      title: "Options",
      table: {
        header: ["", "Solar", "Diesel"],
        rows: [
          ["Cost", "$12,000", "$3,000"],
          ["Noise", "None", "Loud"],
        ],
      },
    });
    expect(convert("comparison", from).content.columns).toEqual([
      { heading: "Solar", bullets: ["Cost: $12,000", "Noise: None"] },
      { heading: "Diesel", bullets: ["Cost: $3,000", "Noise: Loud"] },
    ]);
    expect(refused("comparison", slideOf(SOLAR, "s10"))).toMatch(
      /^A comparison needs two sides the slide names/,
    );
  });

  it("sets a quotation with its attribution, or the slide's central line without one", () => {
    expect(convert("quote", slideOf(SOLAR, "s8")).content.quote).toEqual({
      text: "Power cuts spoil our vaccines every week.",
      attribution: "Grace Akello, head nurse",
    });
    const plain = convert("quote", slideOf(SOLAR, "s10"));
    expect(plain.content.quote).toEqual({ text: "Who maintains the batteries after the warranty ends" });
    expect(plain.warnings).toContain(
      "The slide does not say who said this, so the quote has no attribution: add one in the editor.",
    );
  });

  it("makes figures an icons grid with an icon per card", () => {
    const out = convert("icons-grid", METRICS);
    expect(out.content.items?.map((i) => [i.title, i.body])).toEqual([
      ["Revenue", "$48.6M — up 18%"],
      ["Gross margin", "46.3%"],
    ]);
    for (const item of out.content.items ?? []) expect(item.icon).toMatch(/^[a-z0-9-]+$/);
    expect(refused("icons-grid", slideOf(SOLAR, "s10"))).toMatch(/two or more bullets/);
  });

  it("makes labelled figures metrics, and says when there are none", () => {
    expect(convert("metrics", slideOf(SOLAR, "s3")).content.metrics).toEqual([
      { value: "$6,000", label: "Panels" },
      { value: "$4,500", label: "Batteries" },
      { value: "$1,500", label: "Installation" },
    ]);
    expect(refused("metrics", slideOf(SOLAR, "s10"))).toMatch(/no figures to show as metrics/);
  });

  it("shows a figure with its detail apart, labels without the verb, and no year as a figure", () => {
    const out = convert(
      "metrics",
      slide("bullets", {
        title: "Results",
        bullets: [
          "Revenue: $2.4M, up 12%",
          "Batteries: $4,500, replaced after eight years",
          "Churn fell to 2%",
          "Customers: 1,200",
          "2023: pilot in three clinics",
        ],
      }),
    );
    expect(out.content.metrics).toEqual([
      { value: "$2.4M", label: "Revenue", detail: "up 12%" },
      { value: "$4,500", label: "Batteries", detail: "replaced after eight years" },
      { value: "2%", label: "Churn" },
      { value: "1,200", label: "Customers" },
    ]);
  });
});

describe("to list and cover layouts", () => {
  it("writes any content out as bullets", () => {
    expect(convert("bullets", TIMELINE).content).toEqual({
      title: "Plan",
      bullets: ["2026: Pilot — 12 clinics", "2027: Roll-out"],
    });
    expect(refused("bullets", slideOf(SOLAR, "s3"))).toBe("The slide is already bullet points.");
  });

  it("keeps a stored picture on a picture layout and drops it, with a warning, where none is drawn", () => {
    const pictured = slideOf(SOLAR, "s7");
    expect(convert("image-left", pictured).content.image).toEqual(pictured.content.image);
    const table = convert("table", pictured);
    expect(table.content.image).toBeUndefined();
    expect(table.warnings).toContain("A table slide draws no picture, so the slide's picture was left out.");
  });

  it("makes a divider of the title and lead, the bullets going to the notes", () => {
    const out = convert("section", slideOf(SOLAR, "s10"));
    expect(out.content).toEqual({ title: "Open questions" });
    expect(out.notes).toBe(
      `${slideOf(SOLAR, "s10").notes}\n\n• Who maintains the batteries after the warranty ends`,
    );
  });
});

describe("reading slides", () => {
  it("writes figures as lines a reader (and the readers) understand", () => {
    expect(metricLine({ value: "$5.9 million", label: "Operating income was" })).toBe(
      "Operating income was $5.9 million",
    );
    expect(metricLine({ value: "46.3%", label: "Gross margin", detail: "up 2.4 points" })).toBe(
      "Gross margin: 46.3% (up 2.4 points)",
    );
    expect(slideLines(slideOf(SOLAR, "s11").content)).toEqual([
      "Cold chain: Vaccines stay cold",
      "Lighting",
      "Water pumps",
    ]);
  });

  it.each([
    ["a pie chart", { layout: "chart", chartType: "pie" }],
    ["the image-right layout", { layout: "image-right" }],
    ["a grid of icons", { layout: "icons-grid" }],
    ["side by side", { layout: "two-column" }],
    ["a roadmap", { layout: "timeline" }],
    ["something else", null],
  ])("names %j", (phrase, target) => {
    expect(readLayoutName(phrase)).toEqual(target);
  });
});
