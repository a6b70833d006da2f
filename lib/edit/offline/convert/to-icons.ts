/**
 * "Icons grid": the slide's lines become two to eight cards ("Fast: ships in a day" → a card
 * titled "Fast"), each with the shipped icon that best matches its words; figures and dated steps
 * keep their label as the card title. Lines past eight go to the notes. Server-only (icon set).
 */
import "server-only";
import { findIcon } from "@/lib/assets/icons/find-icon";
import type { TItem, TSlide } from "@/lib/deck/schema";
import { itemsFromBullets, readItems } from "@/lib/generate/content-shape";
import { plainText } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_CARDS = 8;

/** The slide as an icons grid. */
export function toIcons(slide: TSlide): TConverted {
  const c = slide.content;
  if (c.items?.length) throw new EditRefusal("The slide is already an icons grid.");
  let items: TItem[];
  let extra: string[] = [];
  if (c.metrics?.length) {
    items = c.metrics.map((m) => ({ title: m.label, body: m.detail ? `${m.value} — ${m.detail}` : m.value }));
  } else if (c.timeline?.length) {
    items = c.timeline.map((e) => ({ title: e.title, body: e.body ? `${e.date} — ${e.body}` : e.date }));
  } else {
    const lines = slideLines(c);
    items = readItems(lines) ?? itemsFromBullets(lines);
    extra = lines.slice(MAX_CARDS);
  }
  if (items.length > MAX_CARDS) {
    extra = [...extra, ...items.slice(MAX_CARDS).map((i) => (i.body ? `${i.title}: ${i.body}` : i.title))];
    items = items.slice(0, MAX_CARDS);
  }
  if (items.length < 2)
    throw new EditRefusal("An icons grid needs two or more bullets to make cards of; the slide has fewer.");
  const carried = carryOver(c, "icons-grid");
  const warnings = [...carried.warnings];
  if (extra.length)
    warnings.push(
      `An icons grid holds ${MAX_CARDS} cards; ${count(extra.length, "line")} moved to the notes.`,
    );
  return {
    layout: "icons-grid",
    content: { ...carried.content, items: withIcons(items) },
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...extra])),
    summary: `turned the slide into an icons grid of ${count(items.length, "card")}`,
    warnings,
  };
}

/** Cards with an icon each: their own, or the best match for their words. */
export function withIcons(items: readonly TItem[]): TItem[] {
  return items.map((item) => ({
    ...item,
    icon: item.icon ?? findIcon(plainText(`${item.title} ${item.body ?? ""}`)),
  }));
}
