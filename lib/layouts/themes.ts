/**
 * Theme palettes. Colours are CSS hex strings ("#RRGGBB"); the PPTX renderer drops the "#".
 * Client-safe.
 */
import type { TThemeId } from "@/lib/deck/schema";

export type TPalette = {
  background: string;
  /** Panels and cards drawn on the background. */
  surface: string;
  /** Hairlines and separators. */
  border: string;
  text: string;
  muted: string;
  accent: string;
  /** Text drawn on an accent-filled background. */
  onAccent: string;
  onAccentMuted: string;
};

export const THEMES: Record<TThemeId, TPalette> = {
  light: {
    background: "#FFFFFF",
    surface: "#F1F5F9",
    border: "#E2E8F0",
    text: "#1E293B",
    muted: "#64748B",
    accent: "#2563EB",
    onAccent: "#FFFFFF",
    onAccentMuted: "#DBEAFE",
  },
  dark: {
    background: "#0F172A",
    surface: "#1E293B",
    border: "#334155",
    text: "#F8FAFC",
    muted: "#94A3B8",
    accent: "#3B82F6",
    onAccent: "#FFFFFF",
    onAccentMuted: "#DBEAFE",
  },
};
