// A slide's title names what the slide shows, and a short text's slides look at the material from
// another angle (its quotation, its labelled fields, its dated events) rather than splitting it.
// Sources and licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { plainText, terms } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) })).slides.map(
    (s) => ({ ...s, bullets: s.bullets.map((b) => plainText(b)) }),
  );

describe("a slide whose quotation another slide shows (Microsoft's Q2 FY2020 results, 5 slides)", () => {
  it("is not titled by a phrase of that quotation", () => {
    const slides = outline(readCorpusText("earnings-microsoft-q2-fy2020.txt"), 5);
    const shared = (title: string, bullets: string[]) => {
      const said = new Set(bullets.flatMap((b) => terms(b)));
      return terms(title).some((t) => said.has(t));
    };
    const returned = slides.find((s) =>
      s.bullets.some((b) => b.startsWith("Microsoft returned $8.5 billion")),
    );
    expect(returned).toBeDefined();
    expect(shared(returned?.title ?? "", returned?.bullets ?? []), returned?.title).toBe(true);
    expect(slides.map((s) => s.title)).not.toContain("Commercial Cloud Revenue");
  });
});
