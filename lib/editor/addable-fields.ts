/**
 * The text fields a slide's layout would draw but the slide leaves empty, so the inspector can offer
 * "Add subtitle", "Add bullet points"…, and the second column of a two-column slide that has one —
 * only where the added text actually shows. The inspector
 * opens the added box for typing, its starter text selected. Client-safe.
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { layoutReads } from "./default-content";

export type TAddableField = "title" | "subtitle" | "body" | "bullets" | "column";

const STARTERS: Record<Exclude<TAddableField, "column">, { label: string; value: Partial<TSlideContent> }> = {
  title: { label: "title", value: { title: "Your title" } },
  subtitle: { label: "subtitle", value: { subtitle: "Your subtitle" } },
  body: { label: "text", value: { body: "Your text" } },
  bullets: { label: "bullet points", value: { bullets: ["Your first point"] } },
};

function empty(content: TSlideContent, field: Exclude<TAddableField, "column">): boolean {
  const value = content[field];
  return value === undefined || (Array.isArray(value) ? value.length === 0 : !value.trim());
}

const COLUMN_LAYOUTS = new Set(["two-column", "comparison"]);
const STARTER_POINT = "Your first point";

/**
 * A two-column (or comparison) slide with fewer than two columns draws as plain bullets or one
 * wide panel: the second column to add. Bullets without columns are split in two (the first half
 * stays left) when there are two or more; otherwise they become the first column, and the second
 * starts with one point (and a heading when the first has one).
 */
function secondColumn(slide: TSlide): TAddable | null {
  const { layout, content } = slide;
  const columns = content.columns ?? [];
  if (!COLUMN_LAYOUTS.has(layout) || columns.length >= 2) return null;
  const bullets = content.bullets ?? [];
  if (columns.length === 0 && bullets.length >= 2) {
    const half = Math.ceil(bullets.length / 2);
    return {
      field: "column",
      label: "Split into two columns",
      starter: false,
      value: {
        columns: [{ bullets: bullets.slice(0, half) }, { bullets: bullets.slice(half) }],
        bullets: undefined,
      },
    };
  }
  const first = columns[0] ?? { bullets: bullets.length ? bullets : [STARTER_POINT] };
  const second = { ...(first.heading?.trim() ? { heading: "Your heading" } : {}), bullets: [STARTER_POINT] };
  return {
    field: "column",
    label: "Add second column",
    starter: true,
    value: { columns: [first, second], ...(columns.length === 0 ? { bullets: undefined } : {}) },
  };
}

/** Something to add: its button label, the content it sets, and whether that holds starter text to type over. */
export type TAddable = {
  field: TAddableField;
  label: string;
  value: Partial<TSlideContent>;
  starter: boolean;
};

/** Fields to offer, in order, with their button label and the starter content they add. */
export function addableFields(slide: TSlide): TAddable[] {
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
  const column = secondColumn(slide);
  return [
    ...shown.map((field) => ({
      field,
      label: `Add ${STARTERS[field].label}`,
      value: STARTERS[field].value,
      starter: true,
    })),
    ...(column ? [column] : []),
  ];
}
