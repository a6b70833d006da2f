// Table and chart slides shared by the layout and renderer tests.
import type { TDeck, TSlide, TTemplateId, TThemeId } from "@/lib/deck/schema";

export const TABLE: TSlide = {
  id: "table",
  layout: "table",
  content: {
    title: "Regional results",
    body: "Revenue by region for the **first half**.",
    table: {
      header: ["Region", "Revenue", "Growth", "Notes"],
      rows: [
        ["North America", "$12.4M", "18%", "Enterprise renewals closed **two weeks early**"],
        ["Europe", "$8.1M", "9%", "The `eu-west` launch brought 120 new accounts"],
        ["Asia Pacific", "$5.6M", "24%", "Strong self-serve conversion"],
        ["Latin America", "$2.2M", "-3%", "Currency headwinds"],
        ["Middle East", "$1.1M", "—", ""],
      ],
    },
  },
};

export const LONG_TABLE: TSlide = {
  id: "long",
  layout: "table",
  content: {
    title: "Every account",
    table: {
      header: ["#", "Account", "Owner", "ARR", "Status"],
      rows: Array.from({ length: 50 }, (_, i) => [
        String(i + 1),
        `Account ${i + 1} with a name long enough to wrap in a narrow column of the table`,
        ["Ada", "Grace", "Linus"][i % 3],
        `$${(i * 13.7 + 5).toFixed(1)}k`,
        i % 4 ? "Active" : "Renewal due next quarter, pending legal review of the new terms",
      ]),
    },
  },
};

export const HUGE_CELL: TSlide = {
  id: "huge",
  layout: "table",
  content: {
    title: "One enormous cell",
    table: {
      header: ["Topic", "Detail"],
      rows: [
        ["Scope", "word ".repeat(900).trim()],
        ["Next", "Ship"],
      ],
    },
  },
};

export const chartSlide = (
  type: "bar" | "column" | "line" | "pie" | "doughnut",
  withText = false,
): TSlide => ({
  id: `chart-${type}`,
  layout: "chart",
  content: {
    title: `Revenue by quarter (${type})`,
    ...(withText
      ? { body: "Revenue rose every quarter.", bullets: ["Q4 was the best yet", "Costs flat"] }
      : {}),
    chart:
      type === "pie" || type === "doughnut"
        ? {
            type,
            categories: ["Enterprise", "Mid-market", "Self-serve", "Partners", "Other"],
            series: [{ name: "Share", values: [42, 23, 18, 12, 5] }],
            unit: "%",
          }
        : {
            type,
            categories: ["Q1", "Q2", "Q3", "Q4"],
            series: [
              { name: "Revenue", values: [12.5, 14.2, 15.8, 19.1] },
              { name: "Costs", values: [10.1, 10.4, 10.2, 10.9] },
            ],
            unit: "M€",
          },
  },
});

export function deckOf(
  slides: TSlide[],
  template: TTemplateId = "general",
  theme: TThemeId = "light",
): TDeck {
  return { version: 1, title: "Tables and charts", language: "en", template, theme, slides };
}
