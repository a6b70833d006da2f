/**
 * A deck's outline for agents: each slide's number, id, layout, title and text, as JSON and as
 * markdown (the `deckforge://presentations/{id}/outline` resource). Pure.
 */
import { z } from "zod";
import type { TDeck } from "@/lib/deck/schema";
import { slideLines } from "@/lib/edit/offline/read-slide";

export const ZOutlineSlide = z.object({
  number: z.number().int().min(1).describe("Place in the deck, from 1: what edit_slide's `slide` takes."),
  id: z.string().describe("The slide's id; it survives reordering and edits."),
  layout: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  body: z.string().optional(),
  points: z
    .array(z.string())
    .describe("Bullets, columns, cards, figures, dated events, table rows and chart points, as lines."),
  notes: z.string().optional().describe("Speaker notes."),
});
export type TOutlineSlide = z.infer<typeof ZOutlineSlide>;

export const ZDeckOutline = z.object({
  presentation_id: z.uuid(),
  title: z.string(),
  version: z.number().int().min(1),
  language: z.string(),
  template: z.string(),
  theme: z.string(),
  slides: z.array(ZOutlineSlide),
});
export type TDeckOutline = z.infer<typeof ZDeckOutline>;

/** The outline of a stored deck. */
export function deckOutline(presentation: { id: string; version: number }, deck: TDeck): TDeckOutline {
  return {
    presentation_id: presentation.id,
    title: deck.title,
    version: presentation.version,
    language: deck.language,
    template: deck.template,
    theme: deck.theme,
    slides: deck.slides.map((slide, index) => {
      const { title, subtitle, body } = slide.content;
      return {
        number: index + 1,
        id: slide.id,
        layout: slide.layout,
        title: title?.trim() ?? "",
        ...(subtitle?.trim() ? { subtitle: subtitle.trim() } : {}),
        ...(body?.trim() ? { body: body.trim() } : {}),
        points: slideLines(slide.content),
        ...(slide.notes?.trim() ? { notes: slide.notes.trim() } : {}),
      };
    }),
  };
}

/** The outline as markdown: the deck title, then a `##` heading per slide with its text under it. */
export function outlineMarkdown(outline: TDeckOutline): string {
  const lines = [
    `# ${oneLine(outline.title) || "Untitled presentation"}`,
    "",
    `${outline.slides.length} ${outline.slides.length === 1 ? "slide" : "slides"} · template ${outline.template} · theme ${outline.theme} · language ${outline.language} · version ${outline.version}`,
  ];
  for (const slide of outline.slides) {
    lines.push("", `## ${slide.number}. ${oneLine(slide.title) || "(untitled)"}`, "");
    lines.push(`_Layout ${slide.layout}, id ${slide.id}_`);
    if (slide.subtitle) lines.push("", oneLine(slide.subtitle));
    if (slide.body) lines.push("", slide.body);
    if (slide.points.length > 0) lines.push("", ...slide.points.map((point) => `- ${oneLine(point)}`));
    if (slide.notes)
      lines.push(
        "",
        "Speaker notes:",
        "",
        ...slide.notes.split(/\r?\n/).map((line) => `> ${line}`.trimEnd()),
      );
  }
  return `${lines.join("\n")}\n`;
}

/** Text that must stay on its heading or list line. */
function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, " ").trim();
}
