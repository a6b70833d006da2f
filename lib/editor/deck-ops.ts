/**
 * Pure operations on a Deck for the editor: each returns a new deck and leaves its input alone, so
 * the history can keep every state. Client-safe.
 */
import type { TDeck, TLayoutId, TSlide, TSlideContent, TTextFormat } from "@/lib/deck/schema";
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

/** The ids among `ids` that are slides of the deck, in deck order. */
export function inDeckOrder(deck: TDeck, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return deck.slides.filter((slide) => wanted.has(slide.id)).map((slide) => slide.id);
}

/**
 * The deck without the slides of `ids` (one slide always stays: null when they are all of them, or
 * none is a slide of the deck), and the index the first removed one had.
 */
export function deleteSlides(
  deck: TDeck,
  ids: Iterable<string>,
): { deck: TDeck; index: number; count: number } | null {
  const gone = new Set(inDeckOrder(deck, ids));
  if (gone.size === 0 || gone.size >= deck.slides.length) return null;
  const index = deck.slides.findIndex((slide) => gone.has(slide.id));
  return {
    deck: { ...deck, slides: deck.slides.filter((slide) => !gone.has(slide.id)) },
    index,
    count: gone.size,
  };
}

/** Copies of the slides of `ids` (fresh ids), in deck order, right after the last of them. */
export function duplicateSlides(
  deck: TDeck,
  ids: Iterable<string>,
): { deck: TDeck; slides: TSlide[] } | null {
  const order = inDeckOrder(deck, ids);
  if (order.length === 0) return null;
  const copies = order.map((id) => deck.slides[slideIndex(deck, id)] as TSlide);
  return insertSlides(deck, order.at(-1) ?? null, copies);
}

/**
 * `slides` (pasted, or copies) after the slide with `afterId` (at the end when it is null or
 * unknown), each with a fresh id and its own copy of the content.
 */
export function insertSlides(
  deck: TDeck,
  afterId: string | null,
  slides: readonly TSlide[],
): { deck: TDeck; slides: TSlide[] } {
  const taken = new Set<string>();
  const incoming = slides.map((slide) => {
    const id = freshSlideId(deck, taken);
    taken.add(id);
    return { ...structuredClone(slide), id };
  });
  const index = afterId === null ? -1 : slideIndex(deck, afterId);
  const at = index === -1 ? deck.slides.length : index + 1;
  return {
    deck: { ...deck, slides: [...deck.slides.slice(0, at), ...incoming, ...deck.slides.slice(at)] },
    slides: incoming,
  };
}

/**
 * Moves the slides of `ids` one place up (-1) or down (+1) as a block, keeping their order; the
 * same deck when the block is already at that end.
 */
export function moveSlidesBy(deck: TDeck, ids: Iterable<string>, step: -1 | 1): TDeck {
  const moving = new Set(inDeckOrder(deck, ids));
  if (moving.size === 0) return deck;
  const slides = [...deck.slides];
  const indexes = slides.flatMap((slide, i) => (moving.has(slide.id) ? [i] : []));
  if ((step === -1 && indexes[0] === 0) || (step === 1 && indexes.at(-1) === slides.length - 1)) return deck;
  // Each moving slide swaps with its neighbour, nearest the direction of travel first.
  for (const i of step === -1 ? indexes : [...indexes].reverse()) {
    [slides[i], slides[i + step]] = [slides[i + step] as TSlide, slides[i] as TSlide];
  }
  return { ...deck, slides };
}

/** Sets one text box's formatting on a slide (removed when it is empty: the layout's own look). */
export function setTextFormat(deck: TDeck, slideId: string, role: string, format: TTextFormat): TDeck {
  return updateSlide(deck, slideId, (slide) => {
    const clean: TTextFormat = {
      ...(format.align ? { align: format.align } : {}),
      ...(format.size ? { size: format.size } : {}),
    };
    const { [role]: _old, ...others } = slide.format ?? {};
    const next = Object.keys(clean).length ? { ...others, [role]: clean } : others;
    const { format: _format, ...rest } = slide;
    return Object.keys(next).length ? { ...rest, format: next } : rest;
  });
}
