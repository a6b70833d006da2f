/**
 * Request-facing generation types and the provider interface. Every provider (the offline
 * extractive one now, LLMs later) turns the same options into an outline, then into slides.
 */
import { z } from "zod";
import { type TSlide, ZLayoutId } from "@/lib/deck/schema";
import type { TFrame } from "./frame-slides";

/** Tones the API accepts; the offline provider shows each by rules (see offline/apply-tone.ts). */
export const TONES = ["default", "casual", "professional", "funny", "educational", "sales_pitch"] as const;
export const ZTone = z.enum(TONES);
export type TTone = z.infer<typeof ZTone>;

/** Bullet length: concise ≈ 8 words, standard ≈ 15, text-heavy full sentences. */
export const VERBOSITIES = ["concise", "standard", "text-heavy"] as const;
export const ZVerbosity = z.enum(VERBOSITIES);
export type TVerbosity = z.infer<typeof ZVerbosity>;

/** What the caller asks for. Limits on n_slides and content size are enforced by lib/api. */
export const ZGenerateOptions = z.object({
  /** Source text (markdown or plain). Files are converted to text before they get here. */
  content: z.string(),
  /** Free-text wishes; the offline provider honours what its rules can and reports the rest. */
  instructions: z.string().optional(),
  tone: ZTone.default("default"),
  verbosity: ZVerbosity.default("standard"),
  /** Language name or ISO code for the words the generator writes itself. */
  language: z.string().min(1).max(64).default("English"),
  /** Number of content slides: the API's n_slides less the deck's frame (title, agenda, closing; frame-slides.ts). */
  n_slides: z.number().int().min(1).max(200).default(8),
  include_title_slide: z.boolean().default(true),
  include_table_of_contents: z.boolean().default(false),
  /** Keep (and add) markdown emphasis in slide text; false strips it. */
  markdown_emphasis: z.boolean().default(true),
});
export type TGenerateOptions = z.infer<typeof ZGenerateOptions> & {
  /** Stops a provider's model calls (the task was cancelled): the generation throws its reason. */
  signal?: AbortSignal;
};

/** One content slide of an outline: what the user reviews before slides are written. */
export const ZOutlineSlide = z.object({
  title: z.string(),
  bullets: z.array(z.string()),
  body: z.string().optional(),
  /** Speaker notes: for the offline provider, the source sentences the slide was built from. */
  notes: z.string().optional(),
  /** A table the source gave for this slide (markdown table: first row is the header). */
  table: z.object({ header: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
  /** A quotation the source gave (markdown block quote not labelled as notes). */
  quote: z.object({ text: z.string(), attribution: z.string().optional() }).optional(),
  /**
   * The layout a provider chose for the slide (an LLM picks from the template's catalogue); used
   * when the slide's content can fill it, else the layout is chosen from the content's shape.
   */
  layout: ZLayoutId.optional(),
});
export type TOutlineSlide = z.infer<typeof ZOutlineSlide>;

/** Options for turning an outline into slides; the deck-level extras come on top. */
export type TWriteOptions = TGenerateOptions & {
  /** Deck title; derived from the content when absent. */
  title?: string;
  /** Append a closing ("Thank you" / "Questions?") slide. Off unless the caller asks. */
  includeClosing?: boolean;
  /**
   * The frame slides to write (title, agenda, closing), when the caller has fitted them into
   * n_slides (frame-slides.ts); default: as include_* and the instructions ask.
   */
  frame?: TFrame;
  /** The deck's author (the account's name, when the request allows it); shown on the cover. */
  author?: string;
  /**
   * Told how many content slides are written so far (`done` of `total`), for progress reports;
   * providers that write slide by slide call it after each one.
   */
  onSlideWritten?: (done: number, total: number) => void;
};

/** Something the caller should be told: an instruction not applied, a translation not made. */
export type TGenerationWarning = {
  code:
    | "instruction_not_applied"
    | "translation_unavailable"
    /** LLM providers: the content was cut to fit the model's input budget. */
    | "content_truncated"
    /** LLM providers: the model's outline had the wrong slide count and was trimmed or split. */
    | "outline_adjusted"
    /** LLM providers: a slide's answer stayed invalid, so the outline's own bullets were used. */
    | "slide_repaired"
    /** LLM providers: the layout the model chose cannot hold the slide's content; another was used. */
    | "layout_replaced"
    /** The offline generator: the text is too short for n_slides distinct content slides. */
    | "fewer_slides";
  message: string;
  /** The instruction text that was not applied, verbatim. */
  instruction?: string;
};

/** A source of slide content. Chosen by LLM_PROVIDER; see get-provider.ts. */
export interface GenerationProvider {
  readonly id: string;
  /**
   * `opts.n_slides` content slides in presentation order; the offline provider makes fewer when
   * the text has no more to show without repeating a point.
   */
  generateOutline(opts: TGenerateOptions): Promise<TOutlineSlide[]>;
  /** Chooses layouts and fills content: title/agenda/closing slides as asked, then the outline. */
  writeSlides(outline: TOutlineSlide[], opts: TWriteOptions): Promise<TSlide[]>;
  /** What of the request this provider cannot honour, so the API can report it. */
  listWarnings(opts: TGenerateOptions): TGenerationWarning[];
}
