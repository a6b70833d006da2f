/**
 * The text fields a slide's layout would draw but the slide leaves empty, so the inspector can offer
 * "Add subtitle", "Add bullet points"… — only where the added text actually shows. The inspector
 * opens the added box for typing, its starter text selected. Client-safe.
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { layoutReads } from "./default-content";

export type TAddableField = "title" | "subtitle" | "body" | "bullets";

const STARTERS: Record<TAddableField, { label: string; value: Partial<TSlideContent> }> = {
  title: { label: "title", value: { title: "Your title" } },
  subtitle: { label: "subtitle", value: { subtitle: "Your subtitle" } },
  body: { label: "text", value: { body: "Your text" } },
  bullets: { label: "bullet points", value: { bullets: ["Your first point"] } },
};

function empty(content: TSlideContent, field: TAddableField): boolean {
  const value = content[field];
  return value === undefined || (Array.isArray(value) ? value.length === 0 : !value.trim());
}

/** Fields to offer, in order, with their button label and the starter content they add. */
export function addableFields(
  slide: TSlide,
): { field: TAddableField; label: string; value: Partial<TSlideContent> }[] {
  const { layout, content } = slide;
  const fields = (["title", "subtitle", "body", "bullets"] as const).filter(
    (field) => layoutReads(layout, field) && empty(content, field),
  );
  const shown = fields.filter((field) => {
    // A cover or divider draws its subtitle, or else its body, in one place.
    if ((layout === "title" || layout === "section") && (field === "subtitle" || field === "body"))
      return field === "subtitle" && empty(content, "body");
    // A closing slide draws no bullets; two columns draw the slide's body and bullets only without columns.
    if (layout === "closing" && field === "bullets") return false;
    if (layout === "two-column" && content.columns?.length && (field === "body" || field === "bullets"))
      return false;
    // An agenda without items draws its title only ("Agenda").
    return true;
  });
  return shown.map((field) => ({ field, ...STARTERS[field] }));
}
