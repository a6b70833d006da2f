// The editor's deck operations: every result is a valid Deck, ids stay unique, inputs are untouched.
import { describe, expect, it } from "vitest";
import { ZJsonSlide } from "@/lib/api/schemas/generate";
import { LAYOUT_IDS, type TDeck, type TSlide, ZDeck } from "@/lib/deck/schema";
import { slideProblems } from "@/lib/edit/slide-problems";
import {
  addSlide,
  deleteSlide,
  duplicateSlide,
  moveSlide,
  moveSlideOnto,
  patchContent,
  replaceWithSlides,
  setNotes,
} from "@/lib/editor/deck-ops";
import { defaultContent, fillRequired } from "@/lib/editor/default-content";
import { layoutSlide } from "@/lib/layouts/layout-deck";

function deck(...ids: string[]): TDeck {
  return {
    version: 1,
    title: "Deck",
    language: "English",
    template: "general",
    theme: "light",
    slides: ids.map((id) => ({ id, layout: "bullets", content: { title: `Slide ${id}`, bullets: [id] } })),
  };
}
const ids = (d: TDeck) => d.slides.map((slide) => slide.id);

describe("starter content", () => {
  it.each(LAYOUT_IDS)("a new %s slide passes the checks create/from-json applies, and lays out", (layout) => {
    const { deck: next, slide } = addSlide(deck("a"), layout, "a");
    expect(ZJsonSlide.safeParse({ layout, content: slide.content }).error).toBeUndefined();
    expect(layoutProblems(layout, slide.content)).toEqual([]);
    expect(ZDeck.parse(next)).toEqual(next);
    const pages = layoutSlide(next, slide);
    expect(pages).toHaveLength(1);
    expect(pages[0].boxes.some((box) => box.kind === "text")).toBe(true);
  });

  it("gives every call its own copy", () => {
    const a = defaultContent("table");
    a.table?.rows[0].splice(0, 1, "changed");
    expect(defaultContent("table").table?.rows[0][0]).toBe("First");
    expect(defaultContent("table").table).toEqual({
      header: ["Item", "Detail"],
      rows: [
        ["First", "Its detail"],
        ["Second", "Its detail"],
      ],
    });
  });

  it("fills only what a layout switch lacks, keeping the slide's own content", () => {
    const content = { title: "Mine", bullets: ["kept"] };
    expect(layoutProblems("table", content)).toEqual(["The 'table' layout needs 'table'."]);
    const filled = fillRequired("table", content);
    expect(filled).toEqual({ ...content, table: defaultContent("table").table });
    expect(layoutProblems("table", filled)).toEqual([]);
    expect(layoutProblems("bullets", content)).toEqual([]);
    const oneColumn = { columns: [{ heading: "Only" }] };
    expect(layoutProblems("comparison", oneColumn)).toEqual(["A comparison needs exactly two columns."]);
    expect(fillRequired("comparison", oneColumn).columns?.map((c) => c.heading)).toEqual([
      "Only",
      "Option A",
    ]);
  });
});

describe("deck operations", () => {
  it("adds after the current slide with a fresh id, or at the end", () => {
    const start = deck("a", "b");
    const { deck: afterA, slide } = addSlide(start, "chart", "a");
    expect(ids(afterA)).toEqual(["a", slide.id, "b"]);
    expect(slide.id).toMatch(/^s-[a-z0-9]{8}$/);
    expect(ids(addSlide(start, "quote", null).deck).slice(0, 2)).toEqual(["a", "b"]);
    expect(ids(start)).toEqual(["a", "b"]);
  });

  it("duplicates with a fresh id and a deep copy of content and notes", () => {
    const start = setNotes(deck("a", "b"), "a", "Say hello");
    const result = duplicateSlide(start, "a");
    if (!result) throw new Error("no duplicate");
    const copy = result.deck.slides[1];
    expect(ids(result.deck)).toEqual(["a", copy.id, "b"]);
    expect(copy.id).not.toBe("a");
    expect(copy.content).toEqual(start.slides[0].content);
    expect(copy.notes).toBe("Say hello");
    copy.content.bullets?.push("x");
    expect(start.slides[0].content.bullets).toEqual(["a"]);
    expect(new Set(ids(duplicateSlide(result.deck, copy.id)?.deck as TDeck)).size).toBe(4);
    expect(duplicateSlide(start, "nope")).toBeNull();
  });

  it("deletes and tells where the slide was", () => {
    expect(deleteSlide(deck("a", "b", "c"), "b")).toEqual({ deck: deck("a", "c"), index: 1 });
    expect(deleteSlide(deck("a"), "x")).toBeNull();
  });

  it("reorders by index and by drop target", () => {
    expect(ids(moveSlide(deck("a", "b", "c"), 0, 2))).toEqual(["b", "c", "a"]);
    expect(ids(moveSlide(deck("a", "b", "c"), 2, 0))).toEqual(["c", "a", "b"]);
    expect(ids(moveSlideOnto(deck("a", "b", "c"), "c", "b"))).toEqual(["a", "c", "b"]);
    const same = deck("a", "b");
    expect(moveSlide(same, 0, 5)).toBe(same);
    expect(moveSlideOnto(same, "a", "a")).toBe(same);
  });

  it("replaces a slide with a proposal in its order, renaming ids that clash", () => {
    const start = deck("a", "b", "c");
    const edited: TSlide = { id: "b", layout: "quote", content: { quote: { text: "Short" } } };
    const added: TSlide = { id: "new-1", layout: "bullets", content: { title: "Risks" } };
    const clash: TSlide = { id: "a", layout: "bullets", content: { title: "Clash" } };
    const next = replaceWithSlides(start, "b", [edited, added, clash]);
    expect(ids(next).slice(0, 3)).toEqual(["a", "b", "new-1"]);
    expect(next.slides[1]).toEqual(edited);
    expect(next.slides[3].content.title).toBe("Clash");
    expect(next.slides[3].id).not.toBe("a");
    expect(ids(next)[4]).toBe("c");
    expect(new Set(ids(next)).size).toBe(5);
    expect(replaceWithSlides(start, "zzz", [edited])).toBe(start);
  });

  it("patches content (undefined removes a field) and notes (blank removes them)", () => {
    const start = deck("a");
    const next = patchContent(start, "a", { bullets: undefined, subtitle: "Sub" });
    expect(next.slides[0].content).toEqual({ title: "Slide a", subtitle: "Sub" });
    expect("bullets" in next.slides[0].content).toBe(false);
    expect(setNotes(setNotes(start, "a", "x"), "a", "  ").slides[0]).not.toHaveProperty("notes");
  });
});

/** What keeps `content` from being drawn with `layout`, in words. */
function layoutProblems(
  layout: Parameters<typeof slideProblems>[0],
  content: Parameters<typeof slideProblems>[1],
) {
  return slideProblems(layout, content).map(({ message }) => message);
}
