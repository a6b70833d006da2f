/**
 * "Section divider" / "title slide": the title stays, the lead (or the subtitle) stays under it,
 * and the slide's other text goes to the notes — a divider carries no bullets. Pure.
 */
import type { TSlide } from "@/lib/deck/schema";
import { capitalise } from "@/lib/generate/offline/title-case";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

/** The slide as a section divider or a title (cover) slide. */
export function toCover(slide: TSlide, layout: "section" | "title"): TConverted {
  const name = layout === "section" ? "a section divider" : "a title slide";
  if (slide.layout === layout) throw new EditRefusal(`The slide is already ${name}.`);
  const bare = capitalise(name.replace(/^an? /, ""));
  if (!slide.content.title?.trim()) throw new EditRefusal(`${bare} needs a title; give the slide one first.`);
  const lines = slideLines(slide.content);
  const carried = carryOver(slide.content, layout);
  const warnings = [...carried.warnings];
  if (lines.length)
    warnings.push(`${bare} shows no bullets: ${count(lines.length, "line")} moved to the speaker notes.`);
  return {
    layout,
    content: carried.content,
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...lines])),
    summary: `made the slide ${name}`,
    warnings,
  };
}
