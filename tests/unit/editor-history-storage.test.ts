// The undo steps kept in sessionStorage across a reload: they come back equal, shared slides are
// stored once, they are dropped for another version or a broken text, and the text stays bounded.
import { describe, expect, it } from "vitest";
import type { TDeck } from "@/lib/deck/schema";
import {
  decodeHistory,
  encodeHistory,
  STORED_STEPS_LIMIT,
  type TStoredDoc,
} from "@/lib/editor/history-storage";

/** A deck of `count` slides with long bullets, its first slide titled `title`. */
function deck(title: string, count = 10): TDeck {
  return {
    version: 1,
    title: "Deck",
    language: "English",
    template: "general",
    theme: "light",
    slides: Array.from({ length: count }, (_, i) => ({
      id: `s${i}`,
      layout: "bullets" as const,
      content: { title: i === 0 ? title : `Slide ${i}`, bullets: [`${"Long bullet text ".repeat(20)}${i}`] },
    })),
  };
}

const step = (title: string): TStoredDoc => ({ deck: deck(title), selectedId: "s0" });

describe("undo steps in sessionStorage", () => {
  it("come back equal for the version they were kept at, and not for another", () => {
    const past = [step("one"), step("two")];
    const future = [step("four")];
    const text = encodeHistory(7, past, future);
    expect(text).not.toBeNull();
    expect(decodeHistory(text, 7)).toEqual({ past, future });
    expect(decodeHistory(text, 8)).toBeNull();
  });

  it("store a slide shared by many steps once", () => {
    const steps = Array.from({ length: 40 }, (_, i) => step(`title ${i}`));
    const text = encodeHistory(1, steps, []) ?? "";
    const single = encodeHistory(1, [steps[0]], []) ?? "";
    // 40 steps of 10 slides, 9 of them the same in every step: a fraction of 40 single steps.
    expect(text.length).toBeLessThan(single.length * 10);
    expect(decodeHistory(text, 1)?.past.map((s) => s.deck.slides[0].content.title)).toEqual(
      steps.map((s) => s.deck.slides[0].content.title),
    );
  });

  it("keep the newest steps within the step limit and the size bound", () => {
    const steps = Array.from({ length: STORED_STEPS_LIMIT + 20 }, (_, i) => step(`t${i}`));
    const limited = decodeHistory(encodeHistory(1, steps, []), 1);
    expect(limited?.past).toHaveLength(STORED_STEPS_LIMIT);
    expect(limited?.past.at(-1)?.deck.slides[0].content.title).toBe(`t${STORED_STEPS_LIMIT + 19}`);

    const distinct = Array.from({ length: 30 }, (_, i) => ({ deck: deck(`d${i}`, 1), selectedId: "s0" }));
    const oneSize = (encodeHistory(1, [distinct[0]], []) ?? "").length;
    const bounded = encodeHistory(1, distinct, [], oneSize * 10);
    expect(bounded?.length).toBeLessThanOrEqual(oneSize * 10);
    const kept = decodeHistory(bounded, 1)?.past ?? [];
    expect(kept.length).toBeGreaterThan(0);
    // The oldest went; the newest stayed.
    expect(kept.at(-1)?.deck.slides[0].content.title).toBe("d29");
    expect(kept[0].deck.slides[0].content.title).not.toBe("d0");
    // Nothing fits: nothing is kept.
    expect(encodeHistory(1, distinct, [], 10)).toBeNull();
    expect(encodeHistory(1, [], [])).toBeNull();
  });

  it("drop a text that is not a valid history", () => {
    expect(decodeHistory(null, 1)).toBeNull();
    expect(decodeHistory("{", 1)).toBeNull();
    expect(
      decodeHistory(JSON.stringify({ format: 2, version: 1, pool: [], steps: [], pastCount: 0 }), 1),
    ).toBeNull();
    const text = encodeHistory(1, [step("a")], []) ?? "";
    const broken = JSON.parse(text);
    broken.pool[0].layout = "no-such-layout";
    expect(decodeHistory(JSON.stringify(broken), 1)).toBeNull();
  });
});
