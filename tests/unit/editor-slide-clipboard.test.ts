// Several slides at once (lib/editor/deck-ops.ts) and slides on the clipboard
// (lib/editor/slide-clipboard.ts): block moves keep the order, copies and pasted slides get fresh
// ids, a deck keeps one slide, and only valid copied slides are read back.
import { describe, expect, it } from "vitest";
import type { TDeck, TSlide } from "@/lib/deck/schema";
import { deleteSlides, duplicateSlides, insertSlides, moveSlidesBy } from "@/lib/editor/deck-ops";
import { copiedJson, readCopiedJson, slidesOutline } from "@/lib/editor/slide-clipboard";

const slide = (id: string): TSlide => ({
  id,
  layout: "bullets",
  content: { title: id.toUpperCase(), bullets: [`${id} point`] },
});
const DECK: TDeck = {
  version: 1,
  title: "Deck",
  language: "en",
  template: "general",
  theme: "light",
  slides: ["a", "b", "c", "d", "e"].map(slide),
};
const ids = (deck: TDeck) => deck.slides.map((s) => s.id);

describe("several slides at once", () => {
  it("moves a selection up or down as a block, in deck order, and not past an end", () => {
    expect(ids(moveSlidesBy(DECK, ["d", "b"], 1))).toEqual(["a", "c", "b", "e", "d"]);
    expect(ids(moveSlidesBy(DECK, ["b", "c"], -1))).toEqual(["b", "c", "a", "d", "e"]);
    expect(moveSlidesBy(DECK, ["a", "c"], -1)).toBe(DECK);
    expect(moveSlidesBy(DECK, ["e"], 1)).toBe(DECK);
  });

  it("duplicates after the last selected slide and deletes all but the last slide", () => {
    const copied = duplicateSlides(DECK, ["d", "b"]);
    expect(copied?.slides.map((s) => s.content.title)).toEqual(["B", "D"]);
    expect(ids(copied?.deck as TDeck).slice(0, 4)).toEqual(["a", "b", "c", "d"]);
    expect(new Set(ids(copied?.deck as TDeck)).size).toBe(7);
    expect(deleteSlides(DECK, ["b", "c"])).toMatchObject({ index: 1, count: 2 });
    expect(deleteSlides(DECK, ids(DECK))).toBeNull();
    expect(deleteSlides(DECK, ["zz"])).toBeNull();
  });

  it("pastes slides after a slide with fresh ids and their own content", () => {
    const pasted = insertSlides(DECK, "a", [slide("a"), slide("b")]);
    expect(pasted.deck.slides).toHaveLength(7);
    expect(pasted.slides.every((s) => !ids(DECK).includes(s.id))).toBe(true);
    expect(pasted.deck.slides[1]?.content.title).toBe("A");
    expect(pasted.slides[0]?.content).not.toBe(DECK.slides[0]?.content);
  });
});

describe("the clipboard", () => {
  it("reads back copied slides and refuses anything else", () => {
    const slides = [slide("a"), { ...slide("b"), notes: "Notes" }];
    expect(readCopiedJson(copiedJson(slides))).toEqual(slides);
    expect(readCopiedJson("plain words")).toBeNull();
    expect(
      readCopiedJson(
        JSON.stringify({
          deckforge: "slides",
          version: 1,
          slides: [{ id: "x", layout: "nope", content: {} }],
        }),
      ),
    ).toBeNull();
    expect(readCopiedJson(JSON.stringify({ deckforge: "slides", version: 1, slides: [] }))).toBeNull();
  });

  it("writes an outline of titles and points for other applications", () => {
    expect(
      slidesOutline([
        slide("a"),
        {
          id: "m",
          layout: "metrics",
          content: { title: "**Figures**", metrics: [{ value: "18%", label: "growth" }] },
        },
      ]),
    ).toBe("A\n- a point\n\nFigures\n- 18% growth");
  });
});
