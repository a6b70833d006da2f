/**
 * The last pass over every provider's content slides before they become the deck: what a model
 * (or the offline rules) left that no presenter would keep. Empty points go, a point already made
 * on an earlier slide is not made again, a point that stops mid-clause ("…while also") loses
 * the words it stops on, and one cut inside brackets or a quotation loses the half-open mark. Overflow is the layout engine's: it measures and fits every box.
 */
import type { TSlideContent } from "@/lib/deck/schema";
import { plainText } from "./offline/tokenize";
import { closeBrackets, endsMidClause, trimOpenEnding } from "./offline/write-bullet";

type TContentSlide = { content: TSlideContent };

/** Polishes the slides in place order and returns them (new objects; the input is not changed). */
export function polishSlides<T extends TContentSlide>(slides: readonly T[]): T[] {
  const seen = new Set<string>();
  return slides.map((slide) => {
    const content = slide.content;
    if (!content.bullets?.length) return slide;
    const kept: string[] = [];
    for (const raw of content.bullets) {
      const text = closeBrackets(endsMidClause(raw) ? trimOpenEnding(raw) : raw);
      const key = plainText(text)
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
      if (!key) continue;
      if (seen.has(key)) continue;
      seen.add(key);
      kept.push(text);
    }
    // A slide whose every point was made before keeps them rather than go blank.
    const bullets = kept.length ? kept : content.bullets.filter((b) => plainText(b).trim());
    return { ...slide, content: { ...content, bullets } };
  });
}
