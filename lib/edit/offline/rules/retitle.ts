/** "Title: …" / "rename the title to …" / "call it …": the slide gets the title as written. Pure. */
import type { TSlide } from "@/lib/deck/schema";
import { EditRefusal } from "../../edit-refusal";
import { notesField } from "../move-to-notes";
import { single, type TEditRule } from "../types";

const FORMS: RegExp[] = [
  /^(?:new\s+)?(?:slide\s+)?title\s*[:=]\s*(.+)$/i,
  /^(?:rename|change|set|update|make|replace)\s+(?:the\s+|this\s+)?(?:slide(?:'s)?\s+)?(?:title|heading|headline)\s+(?:to|into|as|with)\s*:?\s*(.+)$/i,
  /^(?:retitle|rename)\s+(?:it|this|the\s+slide|this\s+slide)?\s*(?:to|as)?\s*:?\s*(.+)$/i,
  /^(?:call|name|title)\s+(?:it|this|the\s+slide|this\s+slide)\s*:?\s*(.+)$/i,
  /^(?:use|give\s+it)\s+(?:the\s+)?title\s*:?\s*(.+)$/i,
];
const QUOTES = /^["“”'‘’«»„]+|["“”'‘’«»„]+$/g;
const MAX_TITLE = 300;

/** The title the prompt asks for, or null. */
export function readTitle(prompt: string): string | null {
  for (const form of FORMS) {
    const m = form.exec(prompt.trim());
    if (m) {
      const title = m[1].trim().replace(QUOTES, "").trim();
      if (title) return title;
    }
  }
  return null;
}

export const retitleRule: TEditRule = {
  id: "retitle",
  help: '"title: <new title>" / "rename the title to <title>"',
  parse(prompt) {
    const title = readTitle(prompt);
    if (title === null) return null;
    return (slide: TSlide) => {
      if (title.length > MAX_TITLE) throw new EditRefusal(`A title has at most ${MAX_TITLE} characters.`);
      if (title === slide.content.title) throw new EditRefusal(`The slide is already titled "${title}".`);
      return single(
        slide,
        { layout: slide.layout, content: { ...slide.content, title }, ...notesField(slide.notes) },
        `retitled the slide "${title}"`,
      );
    };
  },
};
