import type { TTone, TVerbosity } from "@/lib/generate/types";

/** Step one's choices: what the outline is made from and how the deck will look. */
export type TSourceSettings = {
  content: string;
  nSlides: number;
  tone: TTone;
  verbosity: TVerbosity;
  language: string;
  template: string;
  theme: string;
  instructions: string;
};

export const DEFAULT_SETTINGS: TSourceSettings = {
  content: "",
  nSlides: 8,
  tone: "default",
  verbosity: "standard",
  language: "English",
  template: "general",
  theme: "light",
  instructions: "",
};

export const TONE_LABELS: Record<TTone, string> = {
  default: "Default",
  casual: "Casual",
  professional: "Professional",
  funny: "Funny",
  educational: "Educational",
  sales_pitch: "Sales pitch",
};

export const VERBOSITY_LABELS: Record<TVerbosity, string> = {
  concise: "Concise (short bullets)",
  standard: "Standard",
  "text-heavy": "Text-heavy (full sentences)",
};
