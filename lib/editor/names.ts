/** Readable names of layouts, themes and templates for the editor's menus. Client-safe. */
import type { TBuiltInTemplateId, TLayoutId, TThemeId } from "@/lib/deck/schema";

export const LAYOUT_NAMES: Record<TLayoutId, string> = {
  title: "Title",
  section: "Section divider",
  agenda: "Agenda",
  bullets: "Bullet points",
  "two-column": "Two columns",
  "image-left": "Picture left",
  "image-right": "Picture right",
  "icons-grid": "Icon cards",
  metrics: "Key figures",
  quote: "Quote",
  table: "Table",
  chart: "Chart",
  timeline: "Timeline",
  comparison: "Comparison",
  closing: "Closing",
};

export const THEME_NAMES: Record<TThemeId, string> = {
  light: "Light",
  dark: "Dark",
  ocean: "Ocean",
  forest: "Forest",
  sunset: "Sunset",
  midnight: "Midnight",
  slate: "Slate",
  royal: "Royal",
};

export const TEMPLATE_NAMES: Record<TBuiltInTemplateId, string> = {
  general: "General",
  modern: "Modern",
  standard: "Standard",
  swift: "Swift",
};
