/**
 * The last pass over every provider's content slides before they become the deck: what a model
 * (or the offline rules) left that no presenter would keep. Empty points go, a point (bullet or
 * card) an earlier slide already made is not made again, a point that stops mid-clause ("…while
 * also") loses the words it stops on, and one cut inside brackets or a quotation loses the
 * half-open mark. Overflow is the layout engine's: it measures and fits every box.
 */
import type { TSlideContent } from "@/lib/deck/schema";
import { jaccard } from "./offline/similarity";
import { plainText } from "./offline/tokenize";
import { bulletKey, closeBrackets, endsMidClause, trimOpenEnding } from "./offline/write-bullet";

type TContentSlide = { content: TSlideContent };

/** Two points say the same when most of their terms are shared (the deck-quality bench's measure). */
const SAME_POINT = 0.6;

/** Cards a slide keeps at the least: fewer and the card layout no longer reads as one. */
const MIN_CARDS = 3;

/**
 * Polishes the slides in place order and returns them (new objects; the input is not changed).
 * A bullet or card that says what an earlier slide already said (most terms shared: "Draft
 * preliminary roadmap themes" / "Draft roadmap themes") is not said again.
 */
export function polishSlides<T extends TContentSlide>(slides: readonly T[]): T[] {
  const earlier: Set<string>[] = [];
  return slides.map((slide) => {
    const content = slide.content;
    const madeBefore = (text: string) => {
      const key = bulletKey(plainText(text));
      return key.size > 0 && earlier.some((u) => jaccard(key, u) >= SAME_POINT);
    };
    const bullets = content.bullets?.length ? polishBullets(content.bullets, madeBefore) : content.bullets;
    const fresh = content.items?.filter((item) => !madeBefore([item.title, item.body].join(" ")));
    const items = fresh && fresh.length >= MIN_CARDS ? fresh : content.items;
    for (const point of [
      ...(bullets ?? []),
      ...(items ?? []).map((item) => [item.title, item.body].join(" ")),
      ...(content.columns ?? []).flatMap((column) => column.bullets ?? []),
    ]) {
      const key = bulletKey(plainText(point));
      if (key.size > 0) earlier.push(key);
    }
    if (bullets === content.bullets && items === content.items) return slide;
    return { ...slide, content: { ...content, bullets, items } };
  });
}

/** A slide's bullets without empty ones, repeats and cut endings; all of them if every one was made before. */
function polishBullets(bullets: readonly string[], madeBefore: (text: string) => boolean): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of bullets) {
    const text = closeBrackets(endsMidClause(raw) ? trimOpenEnding(raw) : raw);
    const key = plainText(text)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key || seen.has(key) || madeBefore(text)) continue;
    seen.add(key);
    kept.push(text);
  }
  // A slide whose every point was made before keeps them rather than go blank.
  return kept.length ? kept : bullets.filter((b) => plainText(b).trim());
}
