// A slide's text formatting applied by the layout engine: alignment on the box, size steps fitted
// again in the same box (larger only as far as the text fits, so a full box keeps its size), and
// formats of boxes the slide no longer has dropped on save.
import { describe, expect, it } from "vitest";
import { pruneTextFormat } from "@/lib/deck/prune-text-format";
import { type TDeck, type TSlide, ZSlide } from "@/lib/deck/schema";
import type { TTextBox } from "@/lib/layouts/boxes";
import { layoutSlide } from "@/lib/layouts/layout-deck";
import { textHeight } from "@/lib/layouts/text-height";

const DECK: Omit<TDeck, "slides"> = {
  version: 1,
  title: "D",
  language: "en",
  template: "general",
  theme: "light",
};
// Text of the CDC's handwashing guidance (tests/fixtures/corpus/howto-cdc-handwashing-five-steps.txt).
const SHORT: TSlide = {
  id: "s1",
  layout: "bullets",
  content: { title: "Five steps", bullets: ["Wet your hands", "Lather with soap", "Scrub for 20 seconds"] },
};
const text = (slide: TSlide, role: string) =>
  layoutSlide(DECK, slide)[0]?.boxes.find(
    (b): b is TTextBox => b.kind === "text" && b.role === role,
  ) as TTextBox;

describe("text box formatting", () => {
  it("aligns a box and sets its size a step larger or smaller, refitted in the same box", () => {
    const plain = text(SHORT, "bullets");
    const formatted: TSlide = {
      ...SHORT,
      format: { bullets: { align: "center", size: 1 }, title: { size: -2 } },
    };
    const bullets = text(formatted, "bullets");
    expect(bullets.align).toBe("center");
    expect(bullets.fontSize).toBeGreaterThan(plain.fontSize);
    expect(bullets.paragraphs.map((p) => p.runs.map((r) => r.text).join(""))).toEqual(SHORT.content.bullets);
    expect(text(formatted, "title").fontSize).toBeLessThan(text(SHORT, "title").fontSize);
  });

  it("grows a full box no further than its text fits", () => {
    const long: TSlide = {
      ...SHORT,
      content: {
        title: "Why",
        bullets: Array.from(
          { length: 9 },
          (_, i) =>
            `Step ${i + 1}: wash every surface of both hands, between the fingers and under the nails, for at least twenty seconds`,
        ),
      },
      format: { bullets: { size: 2 } },
    };
    const box = text(long, "bullets");
    const height = textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap);
    expect(height).toBeLessThanOrEqual(box.h + 0.01);
    expect(box.fontSize).toBeGreaterThanOrEqual(text({ ...long, format: undefined }, "bullets").fontSize);
  });

  it("drops formats of boxes the slide does not have, and refuses bad ones", () => {
    const deck: TDeck = {
      ...DECK,
      slides: [{ ...SHORT, format: { subtitle: { align: "right" }, bullets: { size: 1 }, title: {} } }],
    };
    expect(pruneTextFormat(deck).slides[0]?.format).toEqual({ bullets: { size: 1 } });
    expect(ZSlide.safeParse({ ...SHORT, format: { bullets: { size: 3 } } }).success).toBe(false);
    expect(ZSlide.safeParse({ ...SHORT, format: { "Not a box": { align: "left" } } }).success).toBe(false);
    expect(ZSlide.safeParse({ ...SHORT, format: { "columns.1.bullets": { align: "right" } } }).success).toBe(
      true,
    );
  });
});
