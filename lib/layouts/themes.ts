/**
 * Themes: named palettes with a font pair and chart colours, light and dark. Colours are CSS hex
 * strings ("#RRGGBB"); the PPTX renderer drops the "#". Client-safe.
 */
import type { TCustomTemplateId, TThemeId } from "@/lib/deck/schema";
import type { TBrandFontKey, TFontKey } from "./font-families";

export type TPalette = {
  background: string;
  /** Panels and cards drawn on the background. */
  surface: string;
  /** Hairlines and separators. */
  border: string;
  text: string;
  muted: string;
  accent: string;
  /** A second accent for variety (timeline dots, second series, decorations). */
  accent2: string;
  /** Text drawn on an accent-filled background. */
  onAccent: string;
  onAccentMuted: string;
  /** Behind highlighted text (inline `[text]{.highlight}`): a highlighter that keeps `text` readable. */
  highlight: string;
};

export type TTheme = {
  /** A built-in theme's id, or the brand template's for a look built from an uploaded file. */
  id: TThemeId | TCustomTemplateId;
  name: string;
  mode: "light" | "dark";
  palette: TPalette;
  /** Font keys of titles and of body text (see font-families.ts): ours, or a brand's own font. */
  fonts: { heading: TFontKey | TBrandFontKey; body: TFontKey | TBrandFontKey };
  /** Series / slice colours of charts, in order. */
  chart: string[];
};

export const THEMES: Record<TThemeId, TTheme> = {
  light: {
    id: "light",
    name: "Light",
    mode: "light",
    palette: {
      background: "#FFFFFF",
      surface: "#F1F5F9",
      border: "#E2E8F0",
      text: "#1E293B",
      muted: "#64748B",
      accent: "#2563EB",
      accent2: "#0EA5E9",
      onAccent: "#FFFFFF",
      onAccentMuted: "#DBEAFE",
      highlight: "#FEF08A",
    },
    fonts: { heading: "sans", body: "sans" },
    chart: ["#2563EB", "#0EA5E9", "#F59E0B", "#10B981", "#8B5CF6", "#EF4444"],
  },
  dark: {
    id: "dark",
    name: "Dark",
    mode: "dark",
    palette: {
      background: "#0F172A",
      surface: "#1E293B",
      border: "#334155",
      text: "#F8FAFC",
      muted: "#94A3B8",
      accent: "#3B82F6",
      accent2: "#22D3EE",
      onAccent: "#FFFFFF",
      onAccentMuted: "#DBEAFE",
      highlight: "#854D0E",
    },
    fonts: { heading: "sans", body: "sans" },
    chart: ["#60A5FA", "#22D3EE", "#FBBF24", "#34D399", "#A78BFA", "#F87171"],
  },
  ocean: {
    id: "ocean",
    name: "Ocean",
    mode: "light",
    palette: {
      background: "#F7FBFC",
      surface: "#E3F2F5",
      border: "#C5E1E7",
      text: "#0B3440",
      muted: "#4B6E78",
      accent: "#0E7490",
      accent2: "#14B8A6",
      onAccent: "#FFFFFF",
      onAccentMuted: "#CFFAFE",
      highlight: "#FDE68A",
    },
    fonts: { heading: "sans", body: "sans" },
    chart: ["#0E7490", "#14B8A6", "#F97316", "#6366F1", "#84CC16", "#E11D48"],
  },
  forest: {
    id: "forest",
    name: "Forest",
    mode: "light",
    palette: {
      background: "#FBFAF5",
      surface: "#EEF2E6",
      border: "#D6DEC8",
      text: "#1F2A1C",
      muted: "#5B6B55",
      accent: "#3F6212",
      accent2: "#B45309",
      onAccent: "#FFFFFF",
      onAccentMuted: "#ECFCCB",
      highlight: "#FEF08A",
    },
    fonts: { heading: "serif", body: "sans" },
    chart: ["#3F6212", "#B45309", "#0F766E", "#A16207", "#7C3AED", "#BE123C"],
  },
  sunset: {
    id: "sunset",
    name: "Sunset",
    mode: "light",
    palette: {
      background: "#FFFBF7",
      surface: "#FDEBDD",
      border: "#F6D3BA",
      text: "#3B1F14",
      muted: "#7C5A4B",
      accent: "#C2410C",
      accent2: "#DB2777",
      onAccent: "#FFFFFF",
      onAccentMuted: "#FFEDD5",
      highlight: "#FDE68A",
    },
    fonts: { heading: "serif", body: "serif" },
    chart: ["#C2410C", "#DB2777", "#CA8A04", "#7C3AED", "#0891B2", "#16A34A"],
  },
  midnight: {
    id: "midnight",
    name: "Midnight",
    mode: "dark",
    palette: {
      background: "#0B1020",
      surface: "#161D33",
      border: "#26304F",
      text: "#F4F1E8",
      muted: "#A3A9BF",
      accent: "#D4A72C",
      accent2: "#7DD3FC",
      onAccent: "#0B1020",
      onAccentMuted: "#3A2F0B",
      highlight: "#6B4F0E",
    },
    fonts: { heading: "serif", body: "sans" },
    chart: ["#D4A72C", "#7DD3FC", "#F472B6", "#86EFAC", "#C4B5FD", "#FDBA74"],
  },
  slate: {
    id: "slate",
    name: "Slate",
    mode: "dark",
    palette: {
      background: "#1C1F24",
      surface: "#2A2F36",
      border: "#3B424C",
      text: "#ECEFF3",
      muted: "#A0A8B4",
      accent: "#10B981",
      accent2: "#F59E0B",
      onAccent: "#0B1F17",
      onAccentMuted: "#064E3B",
      highlight: "#7C5E10",
    },
    fonts: { heading: "sans", body: "sans" },
    chart: ["#10B981", "#F59E0B", "#60A5FA", "#F472B6", "#A78BFA", "#F87171"],
  },
  royal: {
    id: "royal",
    name: "Royal",
    mode: "dark",
    palette: {
      background: "#1E1033",
      surface: "#2D1B4A",
      border: "#44306A",
      text: "#F7F2FF",
      muted: "#B9A8D6",
      accent: "#E879F9",
      accent2: "#FBBF24",
      onAccent: "#1E1033",
      onAccentMuted: "#4A1D5A",
      highlight: "#6B21A8",
    },
    fonts: { heading: "serif", body: "sans" },
    chart: ["#E879F9", "#FBBF24", "#38BDF8", "#4ADE80", "#FB7185", "#A5B4FC"],
  },
};
