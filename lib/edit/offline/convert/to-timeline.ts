/**
 * "Turn into a timeline": lines that start with a date or a step ("2024: Pilot", "Q3 2025 – Rollout",
 * "Phase 2: Scale") become the timeline's steps, in the slide's order; undated lines go to the
 * notes. Pure.
 */
import type { TSlide, TTimelineEvent } from "@/lib/deck/schema";
import { readEvent } from "@/lib/generate/content-shape";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_STEPS = 10;

/** The slide as a timeline slide. */
export function toTimeline(slide: TSlide): TConverted {
  const c = slide.content;
  if (c.timeline?.length) throw new EditRefusal("The slide is already a timeline.");
  const lines = slideLines(c);
  const events: TTimelineEvent[] = [];
  const undated: string[] = [];
  for (const line of lines) {
    const event = readEvent(line);
    if (event && events.length < MAX_STEPS) events.push(event);
    else undated.push(line);
  }
  if (events.length < 2)
    throw new EditRefusal(
      `A timeline needs two or more lines that start with a date or a step, such as "2024: Pilot" or "Phase 2: Rollout"; the slide has ${events.length === 0 ? "none" : "one"}.`,
    );
  const carried = carryOver(c, "timeline");
  const warnings = [...carried.warnings];
  if (undated.length)
    warnings.push(
      `${count(undated.length, "line")} without a date (or past ${MAX_STEPS} steps) moved to the speaker notes.`,
    );
  return {
    layout: "timeline",
    content: { ...carried.content, timeline: events },
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...undated])),
    summary: `turned the slide into a timeline of ${count(events.length, "step")}`,
    warnings,
  };
}
