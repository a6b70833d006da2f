// Every box the layout engine draws maps to the deck field it shows, and edits land in that field.
import { describe, expect, it } from "vitest";
import { LAYOUT_IDS, type TDeck, type TSlide, type TSlideContent, ZDeck } from "@/lib/deck/schema";
import { addableFields } from "@/lib/editor/addable-fields";
import {
  fieldForRole,
  imageTargetForRole,
  readRich,
  readText,
  setIn,
  type TRichField,
  type TTextField,
  writeRich,
  writeText,
} from "@/lib/editor/content-path";
import { defaultContent } from "@/lib/editor/default-content";
import { layoutSlide } from "@/lib/layouts/layout-deck";
import { stripInline } from "@/lib/layouts/parse-inline";

const FULL: TSlideContent = {
  title: "The title",
  subtitle: "The subtitle",
  body: "The body",
  bullets: ["One", "", "Three"],
  columns: [
    { heading: "Left", bullets: ["l1", "l2"], body: "Left body" },
    { heading: "Right", bullets: ["r1"], body: "Right body" },
  ],
  image: { query: "city" },
  icon: "rocket",
  items: [
    { title: "Card one", body: "c1", icon: "rocket" },
    { title: "Card two", body: "c2", icon: "star" },
    { title: "Card three" },
  ],
  metrics: [
    { value: "18%", label: "growth", detail: "yoy" },
    { value: "3", label: "teams" },
  ],
  timeline: [
    { date: "2020", title: "Start", body: "tb" },
    { date: "2021", title: "Next" },
  ],
  quote: { text: "Quoted words", attribution: "Someone" },
  table: { header: ["A", "B"], rows: [["1", "2"]] },
  chart: { type: "column", categories: ["a", "b"], series: [{ name: "s", values: [1, 2] }] },
};

function deckOf(slide: TSlide): TDeck {
  return {
    version: 1,
    title: "Deck title",
    author: "Ada",
    language: "English",
    template: "general",
    theme: "light",
    slides: [slide],
  };
}

describe("box roles → fields", () => {
  it.each(LAYOUT_IDS)("maps every box of a %s slide", (layout) => {
    const slide: TSlide = { id: "s1", layout, content: FULL };
    const deck = deckOf(slide);
    for (const box of layoutSlide(deck, slide).flatMap((page) => page.boxes)) {
      if (box.kind === "shape") continue;
      if (box.kind === "image") {
        expect(imageTargetForRole(box.role), box.role).not.toBeNull();
        continue;
      }
      if (box.kind === "table" || box.kind === "chart") {
        expect(box.role).toBe(box.kind);
        continue;
      }
      if (box.role === "decor" || /^bullets\.\d+\.number$/.test(box.role)) {
        expect(fieldForRole(deck, slide, box.role)).toBeNull();
        continue;
      }
      const field = fieldForRole(deck, slide, box.role);
      expect(field, `${layout} ${box.role}`).not.toBeNull();
      if (!field) continue;
      expect(field.roles).toContain(box.role);
      const drawn = box.paragraphs.map((p) => p.runs.map((run) => run.text).join("")).join("\n");
      if (field.kind === "rich") {
        const value = readRich(slide, field);
        const texts = [...value.body.split("\n"), ...value.bullets].filter(Boolean).map(stripInline);
        for (const line of drawn.split("\n")) expect(texts, `${layout} ${box.role}`).toContain(line);
      } else {
        expect(
          stripInline(readText(deck, slide, field)).replace(/\n/g, " "),
          `${layout} ${box.role}`,
        ).toContain(
          // Layouts decorate some fields: "— Name", “quoted”, an ellipsis where text is cut.
          drawn.split("\n")[0].replace(/^[—“\s]+|[”…\s]+$/g, ""),
        );
      }
    }
  });

  it("finds an agenda item among the non-empty ones, and falls back where the layout does", () => {
    const slide: TSlide = { id: "s1", layout: "agenda", content: { bullets: ["a", " ", "c"] } };
    const field = fieldForRole(deckOf(slide), slide, "bullets.1") as TTextField;
    expect(field.path).toEqual(["bullets", 2]);
    expect(readText(deckOf(slide), slide, fieldForRole(deckOf(slide), slide, "title") as TTextField)).toBe(
      "Agenda",
    );
    const cover: TSlide = { id: "s1", layout: "title", content: {} };
    expect(readText(deckOf(cover), cover, fieldForRole(deckOf(cover), cover, "title") as TTextField)).toBe(
      "Deck title",
    );
    expect(fieldForRole(deckOf(slide), slide, "bullets.9")).toBeNull();
  });
});

describe("writing fields", () => {
  const slide: TSlide = { id: "s1", layout: "metrics", content: FULL };
  const deck = deckOf(slide);
  const field = (role: string) => fieldForRole(deck, slide, role) as TTextField;

  it("sets, removes and refuses text as the schema allows", () => {
    expect(writeText(deck, "s1", field("title"), "New **title**")?.slides[0].content.title).toBe(
      "New **title**",
    );
    expect(writeText(deck, "s1", field("title"), "  ")?.slides[0].content).not.toHaveProperty("title");
    expect(writeText(deck, "s1", field("metrics.0.value"), " ")).toBeNull();
    const long = writeText(deck, "s1", field("metrics.0.value"), "9".repeat(100));
    expect(long?.slides[0].content.metrics?.[0].value).toHaveLength(40);
    expect(writeText(deck, "s1", field("metrics.1.label"), "")?.slides[0].content.metrics?.[1]).toEqual({
      value: "3",
      label: "",
    });
    expect(writeText(deck, "s1", field("metrics.0.detail"), "")?.slides[0].content.metrics?.[0]).toEqual({
      value: "18%",
      label: "growth",
    });
    expect(writeText(deck, "s1", field("author"), "Grace")?.author).toBe("Grace");
    const agenda: TSlide = { id: "s1", layout: "agenda", content: { bullets: ["a", "b", "c"] } };
    const item = fieldForRole(deckOf(agenda), agenda, "bullets.1") as TTextField;
    expect(writeText(deckOf(agenda), "s1", item, "")?.slides[0].content.bullets).toEqual(["a", "", "c"]);
    for (const next of [
      writeText(deck, "s1", field("title"), "x"),
      writeText(deck, "s1", field("author"), "y"),
    ])
      expect(ZDeck.safeParse(next).success).toBe(true);
    expect(deck.slides[0].content.title).toBe("The title");
  });

  it("writes a body and its bullets together, dropping blanks", () => {
    const bullets: TSlide = {
      id: "s1",
      layout: "bullets",
      content: { title: "T", body: "Lead", bullets: ["a"] },
    };
    const rich = fieldForRole(deckOf(bullets), bullets, "bullets") as TRichField;
    expect(rich.kind).toBe("rich");
    expect(fieldForRole(deckOf(bullets), bullets, "body")?.key).toBe(rich.key);
    const next = writeRich(deckOf(bullets), "s1", rich, { body: "New\n\nlead", bullets: ["x", " ", "*y*"] });
    expect(next.slides[0].content).toEqual({ title: "T", body: "New\nlead", bullets: ["x", "*y*"] });
    const cleared = writeRich(deckOf(bullets), "s1", rich, { body: "", bullets: [] });
    expect(cleared.slides[0].content).toEqual({ title: "T" });
    const columns: TSlide = { id: "s1", layout: "two-column", content: FULL };
    const column = fieldForRole(deckOf(columns), columns, "columns.1.body") as TRichField;
    const edited = writeRich(deckOf(columns), "s1", column, { body: "", bullets: ["only"] });
    expect(edited.slides[0].content.columns?.[1]).toEqual({ heading: "Right", bullets: ["only"] });
    expect(edited.slides[0].content.columns?.[0]).toBe(FULL.columns?.[0]);
  });

  it("sets and removes values at paths without touching the input", () => {
    const root = { a: [{ b: 1 }, { b: 2 }] };
    expect(setIn(root, ["a", 1, "b"], 3)).toEqual({ a: [{ b: 1 }, { b: 3 }] });
    expect(setIn(root, ["a", 0], undefined)).toEqual({ a: [{ b: 2 }] });
    expect(setIn(root, ["c", 0], "x")).toEqual({ ...root, c: ["x"] });
    expect(root).toEqual({ a: [{ b: 1 }, { b: 2 }] });
  });
});

describe("text fields to add", () => {
  it.each(LAYOUT_IDS)("offers on a %s slide only fields that then get drawn", (layout) => {
    for (const content of [
      defaultContent(layout),
      { ...defaultContent(layout), subtitle: undefined, title: undefined },
    ]) {
      const slide: TSlide = { id: "s1", layout, content };
      for (const { field, value } of addableFields(slide)) {
        const added: TSlide = { ...slide, content: { ...content, ...value } };
        const roles = layoutSlide(deckOf(added), added).flatMap((page) =>
          page.boxes.flatMap((box) => (box.kind === "text" ? [box.role.split(".")[0]] : [])),
        );
        expect(roles, `${layout} + ${field}`).toContain(field === "column" ? "columns" : field);
      }
    }
  });

  it("offers the second column of a two-column slide drawn as bullets or one panel", () => {
    const bullets: TSlide = {
      id: "s1",
      layout: "two-column",
      content: { title: "Plan", bullets: ["Survey sites", "Order panels", "Train staff"] },
    };
    const [split] = addableFields(bullets).filter((f) => f.field === "column");
    expect(split).toMatchObject({
      label: "Split into two columns",
      value: {
        columns: [{ bullets: ["Survey sites", "Order panels"] }, { bullets: ["Train staff"] }],
        bullets: undefined,
      },
    });
    const one: TSlide = {
      id: "s1",
      layout: "comparison",
      content: { title: "Options", columns: [{ heading: "Solar", bullets: ["Quiet"] }] },
    };
    const [second] = addableFields(one).filter((f) => f.field === "column");
    expect(second).toMatchObject({
      label: "Add second column",
      value: {
        columns: [
          { heading: "Solar", bullets: ["Quiet"] },
          { heading: "Your heading", bullets: ["Your first point"] },
        ],
      },
    });
    const added: TSlide = { ...one, content: { ...one.content, ...second?.value } };
    const roles = layoutSlide(deckOf(added), added).flatMap((page) =>
      page.boxes.flatMap((box) => (box.kind === "text" ? [box.role] : [])),
    );
    expect(roles).toEqual(
      expect.arrayContaining(["columns.0.heading", "columns.1.heading", "columns.1.bullets"]),
    );
    const two: TSlide = {
      id: "s1",
      layout: "two-column",
      content: { columns: [{ bullets: ["A"] }, { bullets: ["B"] }] },
    };
    expect(addableFields(two).some((f) => f.field === "column")).toBe(false);
  });

  it("offers nothing the slide has, nor what its layout does not draw", () => {
    const cover: TSlide = { id: "s1", layout: "title", content: { title: "T", subtitle: "S" } };
    expect(addableFields(cover)).toEqual([]);
    const bare: TSlide = { id: "s1", layout: "bullets", content: {} };
    expect(addableFields(bare).map((f) => f.field)).toEqual(["title", "body", "bullets"]);
    const quote: TSlide = { id: "s1", layout: "quote", content: { quote: { text: "Q" } } };
    expect(addableFields(quote).map((f) => f.field)).toEqual(["title"]);
  });
});
