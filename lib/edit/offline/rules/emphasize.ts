/**
 * "Emphasise / bold / highlight the numbers": the first figure of every line is set in bold
 * (money, percentages, quantities with units). "Remove the bold" takes all emphasis off. Pure.
 */
import type { TSlide } from "@/lib/deck/schema";
import { emphasizeFigures } from "@/lib/generate/offline/emphasize-figures";
import { plainText } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { mapContentText } from "../map-content";
import { notesField } from "../move-to-notes";
import { single, type TEditRule } from "../types";

const FIGURES = String.raw`(?:numbers?|figures?|stats|statistics|data|values?|amounts?|percentages?|key\s+figures|metrics)`;
const EMPHASISE = new RegExp(
  String.raw`\b(?:emphasi[sz]e|highlight|bold(?:en)?|stress|accent|call\s+out|make)\b.*\b${FIGURES}\b|\b${FIGURES}\b.*\b(?:in\s+bold|bold(?:er)?|stand\s+out|pop)\b`,
  "i",
);
const PLAIN =
  /\b(?:remove|drop|strip|no|without|undo)\s+(?:the\s+|all\s+)?(?:bold|emphasis|formatting|highlighting)\b|\bunbold\b|\bplain\s+text\b/i;

export const emphasizeRule: TEditRule = {
  id: "emphasize",
  help: '"emphasise the numbers" / "bold the figures" (or "remove the bold")',
  parse(prompt) {
    if (PLAIN.test(prompt)) return unbold;
    return EMPHASISE.test(prompt) ? bold : null;
  },
};

function bold(slide: TSlide) {
  let bolded = 0;
  const content = mapContentText(slide.content, (text, kind) => {
    if (kind === "title" || kind === "header" || kind === "attribution") return text;
    const out = emphasizeFigures(text);
    if (out !== text) bolded += 1;
    return out;
  });
  if (bolded === 0)
    throw new EditRefusal("The slide has no figures to emphasise (or they are already in bold).");
  return single(
    slide,
    { layout: slide.layout, content, ...notesField(slide.notes) },
    `set the figures of ${bolded} ${bolded === 1 ? "line" : "lines"} in bold`,
  );
}

function unbold(slide: TSlide) {
  const content = mapContentText(slide.content, (text) => plainText(text));
  if (JSON.stringify(content) === JSON.stringify(slide.content))
    throw new EditRefusal("The slide has no bold, italic or code text to make plain.");
  return single(
    slide,
    { layout: slide.layout, content, ...notesField(slide.notes) },
    "took the emphasis off the slide's text",
  );
}
