import { describe, expect, it } from "vitest";
import type { TDeck } from "@/lib/deck/schema";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TRenderedSlide,
  type TTextBox,
  type TTextRun,
} from "@/lib/layouts/boxes";
import { bulletIndent } from "@/lib/layouts/bullet-style";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { textHeight } from "@/lib/layouts/text-height";
import { SAMPLE_DECK } from "./render-sample-deck";

const EPSILON = 1e-6;
const LONG =
  "Our platform team rebuilt the ingestion pipeline so that every event is validated, enriched and stored within two seconds, which lets analysts answer questions before lunch.";

const textBoxes = (slides: TRenderedSlide[]) =>
  slides.flatMap((slide) => slide.boxes.filter((box): box is TTextBox => box.kind === "text"));
const textOf = (runs: TTextRun[]) => runs.map((run) => run.text).join("");

function expectWellFormed(slides: TRenderedSlide[]) {
  for (const slide of slides) {
    const ids = slide.boxes.map((box) => box.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const box of slide.boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(SLIDE_WIDTH);
      expect(box.y + box.h).toBeLessThanOrEqual(SLIDE_HEIGHT);
    }
  }
  for (const box of textBoxes(slides)) {
    expect(textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap)).toBeLessThanOrEqual(
      box.h + EPSILON,
    );
    for (const paragraph of box.paragraphs) {
      const room = box.w - (paragraph.bullet ? bulletIndent(box.fontSize) : 0);
      for (const line of paragraph.lines) expect(line.width).toBeLessThanOrEqual(room + EPSILON);
    }
  }
}

const deckWith = (slides: TDeck["slides"], theme: TDeck["theme"] = "light"): TDeck => ({
  ...SAMPLE_DECK,
  theme,
  slides,
});

describe("layoutDeck", () => {
  it("lays out one page per slide when everything fits, keeping ids and notes", () => {
    const slides = layoutDeck(SAMPLE_DECK);
    expect(slides.map((slide) => slide.slideId)).toEqual(SAMPLE_DECK.slides.map((slide) => slide.id));
    expect(slides[0].notes).toBe(SAMPLE_DECK.slides[0].notes);
    expect(slides[1].notes).toBeUndefined();
    expectWellFormed(slides);
  });

  it("keeps every box inside its bounds in both themes", () => {
    const light = layoutDeck(SAMPLE_DECK);
    const dark = layoutDeck({ ...SAMPLE_DECK, theme: "dark" });
    expectWellFormed(dark);
    expect(dark[3].background).not.toBe(light[3].background);
  });

  it("shows each content field in a box whose role names it", () => {
    const slides = layoutDeck(SAMPLE_DECK);
    const roles = (index: number) => textBoxes([slides[index]]).map((box) => box.role);
    expect(roles(0)).toEqual(["title", "subtitle", "author"]);
    expect(roles(1)).toContain("bullets.4");
    expect(roles(3)).toEqual(["title", "body", "bullets"]);
    expect(roles(4)).toEqual([
      "title",
      "columns.0.heading",
      "columns.1.heading",
      "columns.0.bullets",
      "columns.1.bullets",
    ]);
    const bullets = textBoxes([slides[3]]).find((box) => box.role === "bullets");
    expect(bullets?.paragraphs.map((paragraph) => textOf(paragraph.runs))).toEqual([
      "Enterprise renewals closed two weeks early",
      "Self-serve conversion rose from 3.1% to 4.4% after the pricing page redesign",
      "The eu-west region launch brought 120 new accounts",
    ]);
  });

  it("continues bullets that do not fit at the floor on pages of the same size", () => {
    const bullets = Array.from({ length: 24 }, (_, index) => `${index + 1}: ${LONG}`);
    const slides = layoutDeck(
      deckWith([{ id: "long", layout: "bullets", content: { title: "Many points", bullets }, notes: "n" }]),
    );
    expect(slides.length).toBeGreaterThan(1);
    expect(slides.every((slide) => slide.slideId === "long")).toBe(true);
    expect(slides.filter((slide) => slide.notes)).toHaveLength(1);
    expectWellFormed(slides);
    const titles = textBoxes(slides).filter((box) => box.role === "title");
    expect(textOf(titles[0].paragraphs[0].runs)).toBe("Many points");
    expect(titles.slice(1).every((box) => textOf(box.paragraphs[0].runs) === "Many points (cont.)")).toBe(
      true,
    );
    const lists = textBoxes(slides).filter((box) => box.role === "bullets");
    expect(new Set(lists.map((box) => box.fontSize)).size).toBe(1);
    expect(lists.flatMap((box) => box.paragraphs.map((paragraph) => textOf(paragraph.runs)))).toEqual(
      bullets,
    );
  });

  it("continues long agendas with the numbering carried on", () => {
    const items = Array.from({ length: 13 }, (_, index) => `Topic ${index + 1}`);
    const slides = layoutDeck(deckWith([{ id: "agenda", layout: "agenda", content: { bullets: items } }]));
    expect(slides).toHaveLength(2);
    expectWellFormed(slides);
    const numbers = textBoxes(slides)
      .filter((box) => box.role.endsWith(".number"))
      .map((box) => textOf(box.paragraphs[0].runs));
    expect(numbers).toEqual(items.map((_, index) => String(index + 1).padStart(2, "0")));
  });

  it("fits long titles, columns and closing text without overflowing", () => {
    const slides = layoutDeck(
      deckWith(
        [
          { id: "t", layout: "title", content: { title: LONG.repeat(3), subtitle: LONG.repeat(2) } },
          { id: "s", layout: "section", content: { title: LONG, body: LONG } },
          {
            id: "c",
            layout: "two-column",
            content: {
              title: LONG,
              columns: [
                { heading: LONG, body: LONG, bullets: [LONG, LONG, LONG, LONG] },
                { heading: "Short", bullets: ["One"] },
              ],
            },
          },
          { id: "z", layout: "closing", content: { title: LONG, subtitle: LONG, body: LONG } },
        ],
        "dark",
      ),
    );
    expectWellFormed(slides);
    const title = textBoxes(slides).find((box) => box.role === "title");
    expect(textOf(title?.paragraphs[0].runs ?? [])).toMatch(/\u2026$/);
  });

  it("falls back to a bullets layout for a two-column slide without columns", () => {
    const slides = layoutDeck(
      deckWith([{ id: "x", layout: "two-column", content: { title: "T", bullets: ["a", "b"] } }]),
    );
    expect(textBoxes(slides).map((box) => box.role)).toEqual(["title", "bullets"]);
  });
});

describe("a short text beside a picture", () => {
  it("is set larger than the column's body size and centred on the picture; a full column stays at the top", () => {
    const deckWith = (bullets: string[]): TDeck => ({
      ...SAMPLE_DECK,
      slides: [{ id: "s1", layout: "image-right", content: { title: "Black Canyon", bullets } }],
    });
    const body = (deck: TDeck) => {
      const [page] = layoutDeck(deck);
      const box = page.boxes.find((b) => b.kind === "text" && b.role === "bullets");
      if (box?.kind !== "text") throw new Error("no bullets box");
      return box;
    };
    const short = body(deckWith(["Considered a wonder of civil engineering"]));
    const full = body(deckWith(Array.from({ length: 5 }, () => LONG)));
    expect(short.fontSize).toBeGreaterThan(full.fontSize * 1.3);
    expect(short.valign).toBe("middle");
    expect(full.valign).toBe("top");
  });
});
