/**
 * Starter content for a new slide of each layout: every field the layout requires, with short
 * placeholder text the user overwrites. Client-safe.
 */
import { LAYOUT_SPECS, missingContent } from "@/lib/deck/layout-content";
import type { TColumn, TLayoutId, TSlideContent } from "@/lib/deck/schema";

const STARTER_COLUMNS: TColumn[] = [
  { heading: "Option A", bullets: ["What it offers", "What it costs"] },
  { heading: "Option B", bullets: ["What it offers", "What it costs"] },
];

const DEFAULTS: Record<TLayoutId, TSlideContent> = {
  title: { title: "Presentation title", subtitle: "What this deck is about" },
  section: { title: "Section title", subtitle: "What this part covers" },
  agenda: { title: "Agenda", bullets: ["First topic", "Second topic", "Third topic"] },
  bullets: { title: "Slide title", bullets: ["First point", "Second point", "Third point"] },
  "two-column": {
    title: "Two sides",
    columns: [
      { heading: "First", bullets: ["A point", "Another point"] },
      { heading: "Second", bullets: ["A point", "Another point"] },
    ],
  },
  "image-left": {
    title: "Slide title",
    body: "A sentence about the picture.",
    image: { query: "team meeting", alt: "People around a table" },
  },
  "image-right": {
    title: "Slide title",
    body: "A sentence about the picture.",
    image: { query: "city skyline", alt: "A city skyline" },
  },
  "icons-grid": {
    title: "Slide title",
    items: [
      { title: "Fast", body: "Why it matters", icon: "rocket" },
      { title: "Safe", body: "Why it matters", icon: "shield-check" },
      { title: "Shared", body: "Why it matters", icon: "users" },
    ],
  },
  metrics: {
    title: "Key figures",
    metrics: [
      { value: "42%", label: "First figure" },
      { value: "3×", label: "Second figure" },
      { value: "120", label: "Third figure" },
    ],
  },
  quote: { quote: { text: "A sentence worth quoting.", attribution: "Who said it" } },
  table: {
    title: "Slide title",
    table: {
      header: ["Item", "Detail"],
      rows: [
        ["First", "Its detail"],
        ["Second", "Its detail"],
      ],
    },
  },
  chart: {
    title: "Slide title",
    chart: {
      type: "column",
      categories: ["Q1", "Q2", "Q3"],
      series: [{ name: "Sales", values: [3, 5, 4] }],
    },
  },
  timeline: {
    title: "Timeline",
    timeline: [
      { date: "2024", title: "First step" },
      { date: "2025", title: "Second step" },
      { date: "2026", title: "Third step" },
    ],
  },
  comparison: { title: "Comparison", columns: STARTER_COLUMNS },
  closing: { title: "Thank you", subtitle: "Questions?" },
};

/** Fresh starter content for a new slide of `layout` (a deep copy: callers may change it). */
export function defaultContent(layout: TLayoutId): TSlideContent {
  return structuredClone(DEFAULTS[layout]);
}

/**
 * `content` made drawable with `layout`: the required fields it lacks come from the layout's starter
 * content (a comparison gets its second column); everything it has is kept.
 */
export function fillRequired(layout: TLayoutId, content: TSlideContent): TSlideContent {
  const starter = defaultContent(layout);
  const filled: TSlideContent = { ...content };
  for (const { field } of missingContent(layout, content)) {
    (filled as Record<string, unknown>)[field] = starter[field];
  }
  if (layout === "comparison" && filled.columns && filled.columns.length !== 2) {
    filled.columns = [...filled.columns, ...STARTER_COLUMNS].slice(0, 2);
  }
  return filled;
}

/** Whether `layout` draws `field` of a slide's content. */
export function layoutReads(layout: TLayoutId, field: keyof TSlideContent): boolean {
  return LAYOUT_SPECS[layout].reads.includes(field);
}
