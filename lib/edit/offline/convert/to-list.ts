/**
 * "Bullet points" and the other list layouts (agenda, closing, picture beside bullets): whatever
 * the slide holds — cards, figures, steps, columns, rows, a quotation — is written out as bullets.
 * A picture layout keeps the slide's picture, or asks for one matching the title. Pure.
 */
import type { TImage, TSlide } from "@/lib/deck/schema";
import { plainText } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_BULLETS = 30;

export type TListLayout = "bullets" | "agenda" | "closing" | "image-left" | "image-right";

const NAMES: Record<TListLayout, string> = {
  bullets: "bullet points",
  agenda: "an agenda",
  closing: "a closing slide",
  "image-left": "bullets with a picture on the left",
  "image-right": "bullets with a picture on the right",
};

/** The slide in a list layout. */
export function toList(slide: TSlide, layout: TListLayout): TConverted {
  if (slide.layout === layout) throw new EditRefusal(`The slide is already ${NAMES[layout]}.`);
  const c = slide.content;
  const lines = slideLines(c);
  const carried = carryOver(c, layout);
  const warnings = [...carried.warnings];
  const content = { ...carried.content };
  if (lines.length) content.bullets = lines.slice(0, MAX_BULLETS);
  const over = lines.slice(MAX_BULLETS);
  if (over.length)
    warnings.push(`A slide holds ${MAX_BULLETS} bullets; ${count(over.length, "line")} moved to the notes.`);
  if (layout === "image-left" || layout === "image-right") content.image = c.image ?? pictureFor(slide);
  return {
    layout,
    content,
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...over])),
    summary: `laid the slide out as ${NAMES[layout]}${lines.length ? ` (${count(Math.min(lines.length, MAX_BULLETS), "bullet")})` : ""}`,
    warnings,
  };
}

/** A picture asked for by the slide's title (or first line): the offline graphic, or a stock photo. */
function pictureFor(slide: TSlide): TImage {
  const topic = plainText(slide.content.title ?? slideLines(slide.content)[0] ?? "")
    .trim()
    .slice(0, 300);
  return topic ? { query: topic, alt: topic.slice(0, 500) } : {};
}
