/**
 * Pure operations on a Deck for the editor: each returns a new deck and leaves its input alone, so
 * the history can keep every state. Client-safe.
 */
import type { TDeck, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { defaultContent } from "./default-content";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A slide id no slide of `deck` has ("s-k3x9q2m7"). */
export function freshSlideId(deck: TDeck, taken: ReadonlySet<string> = new Set()): string {
  const used = new Set([...deck.slides.map((slide) => slide.id), ...taken]);
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const id = `s-${[...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("")}`;
    if (!used.has(id)) return id;
  }
}

/** Index of the slide with `id`, or -1. */
export function slideIndex(deck: TDeck, id: string): number {
  return deck.slides.findIndex((slide) => slide.id === id);
}

/** Inserts `slide` after the slide with `afterId` (at the end when it is null or unknown). */
export function insertSlideAfter(deck: TDeck, afterId: string | null, slide: TSlide): TDeck {
  const index = afterId === null ? -1 : slideIndex(deck, afterId);
  const at = index === -1 ? deck.slides.length : index + 1;
  return { ...deck, slides: [...deck.slides.slice(0, at), slide, ...deck.slides.slice(at)] };
}

/** A new slide of `layout` with its starter content, after `afterId`; answers the deck and the slide. */
export function addSlide(
  deck: TDeck,
  layout: TLayoutId,
  afterId: string | null,
): { deck: TDeck; slide: TSlide } {
  const slide: TSlide = { id: freshSlideId(deck), layout, content: defaultContent(layout) };
  return { deck: insertSlideAfter(deck, afterId, slide), slide };
}

/** A copy of the slide with `id` (a fresh id, same content and notes) right after it. */
export function duplicateSlide(deck: TDeck, id: string): { deck: TDeck; slide: TSlide } | null {
  const source = deck.slides[slideIndex(deck, id)];
  if (!source) return null;
  const slide: TSlide = { ...structuredClone(source), id: freshSlideId(deck) };
  return { deck: insertSlideAfter(deck, id, slide), slide };
}

/** The deck without the slide with `id`, and where it was; null when there is no such slide. */
export function deleteSlide(deck: TDeck, id: string): { deck: TDeck; index: number } | null {
  const index = slideIndex(deck, id);
  if (index === -1) return null;
  return { deck: { ...deck, slides: deck.slides.filter((slide) => slide.id !== id) }, index };
}

/** Moves the slide at `from` to position `to` (indexes into the deck's slides). */
export function moveSlide(deck: TDeck, from: number, to: number): TDeck {
  const count = deck.slides.length;
  if (from === to || from < 0 || to < 0 || from >= count || to >= count) return deck;
  const slides = [...deck.slides];
  const [moved] = slides.splice(from, 1);
  slides.splice(to, 0, moved);
  return { ...deck, slides };
}

/** Moves the slide with `activeId` to where the slide with `overId` is (a drag-and-drop's end). */
export function moveSlideOnto(deck: TDeck, activeId: string, overId: string): TDeck {
  return moveSlide(deck, slideIndex(deck, activeId), slideIndex(deck, overId));
}

/**
 * Replaces the slide with `id` by `slides` in their order (an accepted AI proposal): the one keeping
 * `id` is its new version, the others are added where they stand. A proposed slide whose id another
 * slide of the deck already has gets a fresh one, so ids stay unique.
 */
export function replaceWithSlides(deck: TDeck, id: string, slides: readonly TSlide[]): TDeck {
  const index = slideIndex(deck, id);
  if (index === -1 || slides.length === 0) return deck;
  const others = new Set(deck.slides.filter((slide) => slide.id !== id).map((slide) => slide.id));
  const taken = new Set<string>();
  const incoming = slides.map((slide) => {
    const clash = others.has(slide.id) || taken.has(slide.id);
    const next = clash ? { ...slide, id: freshSlideId(deck, taken) } : slide;
    taken.add(next.id);
    return next;
  });
  return { ...deck, slides: [...deck.slides.slice(0, index), ...incoming, ...deck.slides.slice(index + 1)] };
}

/** Applies `change` to the slide with `id`; the same deck when there is no such slide. */
export function updateSlide(deck: TDeck, id: string, change: (slide: TSlide) => TSlide): TDeck {
  const index = slideIndex(deck, id);
  if (index === -1) return deck;
  const slides = [...deck.slides];
  slides[index] = change(slides[index]);
  return { ...deck, slides };
}

/** Sets fields of the slide's content; a field set to undefined is removed. */
export function patchContent(deck: TDeck, id: string, patch: Partial<TSlideContent>): TDeck {
  return updateSlide(deck, id, (slide) => {
    const content: Record<string, unknown> = { ...slide.content, ...patch };
    for (const key of Object.keys(patch)) if (content[key] === undefined) delete content[key];
    return { ...slide, content: content as TSlideContent };
  });
}

/** Sets the slide's speaker notes (removed when blank). */
export function setNotes(deck: TDeck, id: string, notes: string): TDeck {
  return updateSlide(deck, id, (slide) => {
    const { notes: _old, ...rest } = slide;
    return notes.trim() ? { ...rest, notes } : rest;
  });
}
