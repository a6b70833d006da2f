/**
 * The model's brief for one AI edit: the request, the slide as JSON, where it sits in the deck,
 * every layout with what it draws and needs, and the answer's shape.
 */
import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import { LAYOUT_IDS, type TSlide } from "@/lib/deck/schema";
import { plainText } from "@/lib/generate/offline/tokenize";
import type { TEditContext } from "../edit-context";

export const EDIT_INSTRUCTIONS =
  "You are an expert presentation editor. You rewrite one slide of a deck as the user asks, keeping what they did not ask to change. You answer with JSON only.";

const FIELDS = [
  '"title": the slide title, at most 10 words',
  '"subtitle": one short line under the title (title, section and closing slides)',
  '"body": one or two sentences of lead text',
  '"bullets": the points, each one line',
  '"columns": exactly two panels for comparison (one or two for two-column), each {"heading", "bullets", "body"}',
  '"items": 2–8 cards, each {"title": 2–5 words, "body": one line, "icon": a Lucide icon name in English such as "rocket", "shield-check", "users"}',
  '"metrics": 1–6 figures, each {"value": "18%", "label": what it measures, "detail": optional context}',
  '"timeline": 2–10 steps in order, each {"date": the date or step as written, "title", "body"}',
  '"quote": {"text", "attribution"}',
  '"table": {"header": [column names], "rows": [[cells]]}, every row as long as the header',
  '"chart": {"type": "bar"|"column"|"line"|"pie"|"doughnut", "categories": [labels], "series": [{"name", "values": [one number per category]}], "unit": optional ("%", "$")}',
  '"image": {"query": a few English words describing a photograph, "alt": one sentence}; keep the slide\'s image object unchanged to keep its picture',
  '"icon": one Lucide icon name (section slides)',
];

/** The user prompt; `schemaText` in json mode, `problem` on a retry. */
export function editPrompt(
  request: string,
  ctx: TEditContext,
  schemaText: string | undefined,
  problem: string | undefined,
): string {
  const { deck } = ctx;
  const titles = deck.slides.map((s, i) => `${i + 1}. ${plainText(s.content.title ?? `(${s.layout})`)}`);
  const place =
    ctx.index >= 0
      ? `The slide being edited is slide ${ctx.index + 1} of ${deck.slides.length}.`
      : `The slide being edited is a new slide, not yet among the deck's ${deck.slides.length} slides.`;
  const lines = [
    `Edit one slide of the presentation "${plainText(deck.title)}" as the user asks.`,
    place,
    `The deck's slides, for context (do not repeat other slides' points): ${titles.join(" | ")}`,
    `Write in ${deck.language} (the deck's language) unless the request asks for another language.`,
    "Keep every figure, name and date exactly as the slide and its notes give them; invent no figures. Change only what the request asks for.",
    "You may mark a key term or figure with **bold**; no other markdown.",
    "",
    'Answer {"summary", "slides"}: "summary" is one sentence saying what you changed.',
    '"slides"[0] is the new version of the edited slide. Add further slides only when the request asks for new slides (e.g. "add a slide about …", "split into two slides"); they are inserted after it, in order. At most 10 slides.',
    'Each slide is {"layout", "content", "notes"}. "notes" are speaker notes: leave them out to keep the edited slide\'s notes as they are.',
    "Layouts (the content must have the fields a layout needs, and only fields it draws are shown):",
    ...LAYOUT_IDS.map((id) => {
      const spec = LAYOUT_SPECS[id];
      const needs = spec.requires.length ? `; needs ${spec.requires.join(", ")}` : "";
      return `- "${id}": ${spec.description} Draws ${spec.reads.join(", ")}${needs}.`;
    }),
    "Content fields:",
    ...FIELDS.map((f) => `- ${f}`),
  ];
  if (schemaText) lines.push(`The JSON must match this JSON Schema: ${schemaText}`);
  if (problem) lines.push(`Your previous answer was rejected: ${problem}. Answer again, correctly.`);
  lines.push(
    "",
    "<request>",
    request,
    "</request>",
    "",
    "<slide>",
    JSON.stringify(shownSlide(ctx.slide)),
    "</slide>",
  );
  return lines.join("\n");
}

/** The slide as the model sees it: a stored picture is described by its query and alt only. */
function shownSlide(slide: TSlide) {
  const { image, ...content } = slide.content;
  const picture = image
    ? { ...(image.query ? { query: image.query } : {}), ...(image.alt ? { alt: image.alt } : {}) }
    : undefined;
  return {
    layout: slide.layout,
    content: picture ? { ...content, image: picture } : content,
    ...(slide.notes ? { notes: slide.notes } : {}),
  };
}
