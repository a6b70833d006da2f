/**
 * "Make it visual": a text slide takes the most visual layout its content has the shape for —
 * figures → key figures (a chart when there are four or more), dated lines → a timeline, a few
 * short or "label: text" lines → icon cards — and otherwise a picture beside its text. A slide
 * that already shows a picture, chart, table, figures, cards or a timeline is left as it is (the
 * request is refused, saying what it shows). Server-only (icons).
 */
import "server-only";
import type { TLayoutId, TSlide } from "@/lib/deck/schema";
import { chooseLayout } from "@/lib/generate/choose-layout";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { convertTo } from "../convert/convert-to";
import { slideLines } from "../read-slide";
import { single, type TEditRule } from "../types";

const ASKS =
  /^(?:make|turn|render|do)\s+(?:it|this|this slide|the slide)\s+(?:(?:more|a\s+bit\s+more|much\s+more)\s+)?(?:visual(?:ly\s+appealing)?|graphic(?:al)?)$|^(?:more\s+)?visual(?:s|ly)?$|^visuali[sz]e(?:\s+(?:it|this|the\s+slide|the\s+(?:content|data|points)))?$|^(?:add|use|with)\s+(?:some\s+|more\s+)?(?:visuals?|graphics?)$/i;

export const visualizeRule: TEditRule = {
  id: "visualize",
  help: '"make it visual" (figures, a timeline, icon cards or a picture, as the content allows)',
  parse(prompt) {
    return ASKS.test(prompt.trim()) ? visualize : null;
  },
};

/** What a slide already shows, by layout: the words of the refusal. */
const SHOWS: Partial<Record<TLayoutId, string>> = {
  chart: "a chart",
  table: "a table",
  metrics: "key figures",
  timeline: "a timeline",
  "icons-grid": "icon cards",
  "image-left": "a picture",
  "image-right": "a picture",
  quote: "a quotation",
};

const CARD_WORDS = 14;
const MAX_CARDS = 6;

function visualize(slide: TSlide, ctx: TEditContext) {
  const shows = SHOWS[slide.layout];
  if (shows)
    throw new EditRefusal(
      `The slide already shows ${shows}. Ask for another layout by name ("turn into a chart", "… a timeline").`,
    );
  const target = visualLayout(slide);
  const converted = convertTo(target, slide, ctx);
  return single(
    slide,
    {
      layout: converted.layout,
      content: converted.content,
      ...(converted.notes ? { notes: converted.notes } : {}),
    },
    converted.summary,
    converted.warnings,
  );
}

/** The most visual layout the slide's lines have the shape for. */
export function visualLayout(slide: TSlide): TLayoutId {
  const lines = slideLines(slide.content).map((l) => plainText(l));
  if (lines.length === 0) return "image-right";
  const chosen = chooseLayout({ title: slide.content.title ?? "", bullets: lines });
  if (["metrics", "chart", "timeline", "icons-grid", "table"].includes(chosen.layout)) return chosen.layout;
  const cards =
    lines.length >= 2 && lines.length <= MAX_CARDS && lines.every((l) => countWords(l) <= CARD_WORDS);
  return cards ? "icons-grid" : "image-right";
}
