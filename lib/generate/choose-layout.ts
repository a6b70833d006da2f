/**
 * Picks a layout for a content slide from its shape and fills the fields that layout reads.
 * Only the skeleton set is used: section, bullets, two-column (title/agenda/closing are placed by
 * the deck writer, or asked for explicitly).
 */
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";
import { countWords } from "./offline/tokenize";
import { splitColumns } from "./split-columns";
import type { TOutlineSlide } from "./types";

const SHORT_BULLET_WORDS = 6;
const MANY_SHORT_BULLETS = 8;

/** Layout and content for one outline slide. */
export function chooseLayout(slide: TOutlineSlide): { layout: TLayoutId; content: TSlideContent } {
  const title = slide.title;
  if (slide.bullets.length === 0 && !slide.body) return { layout: "section", content: { title } };
  const columns = splitColumns(slide.bullets);
  if (columns) return { layout: "two-column", content: withBody({ title, columns }, slide.body) };
  const short = slide.bullets.every((b) => countWords(b) <= SHORT_BULLET_WORDS);
  if (slide.bullets.length >= MANY_SHORT_BULLETS && short) {
    const half = Math.ceil(slide.bullets.length / 2);
    const columns = [{ bullets: slide.bullets.slice(0, half) }, { bullets: slide.bullets.slice(half) }];
    return { layout: "two-column", content: withBody({ title, columns }, slide.body) };
  }
  const content: TSlideContent = { title };
  if (slide.bullets.length) content.bullets = slide.bullets;
  return { layout: "bullets", content: withBody(content, slide.body) };
}

function withBody(content: TSlideContent, body: string | undefined): TSlideContent {
  return body ? { ...content, body } : content;
}
