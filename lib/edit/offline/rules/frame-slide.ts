/**
 * "Add an agenda / a summary / a thank-you slide": slides made from the deck itself, placed after
 * the edited slide (or before it: "… before this one"), which stays as it is.
 * - An agenda lists the deck's section titles (its content slides' titles when it has fewer than
 *   two sections), without repeats or "(cont.)" continuations.
 * - A summary ("key takeaways", "recap", "conclusion") takes one point from each content slide —
 *   its first line that reads whole, shortened at a clean boundary — up to six, spread over the deck.
 * - A closing ("thank you", "questions", "Q&A") is the closing layout in the deck's language.
 * Nothing is made up: a deck with too little to list or summarise is refused. Pure.
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { chooseLayout } from "@/lib/generate/choose-layout";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { bulletKey, endsMidClause, isNearDuplicate } from "@/lib/generate/offline/write-bullet";
import { getPhrases } from "@/lib/generate/phrases";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { count, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { shortenText } from "../shorten-text";
import type { TEditOutcome, TEditRule, TSlideDraft } from "../types";

type TFrameKind = "agenda" | "summary" | "closing";

const KINDS: [RegExp, TFrameKind][] = [
  [
    /^(?:agenda|table of contents|contents(?: page)?|toc|overview|outline|roadmap of the (?:talk|deck))$/,
    "agenda",
  ],
  [
    /^(?:summary|recap|key takeaways?|takeaways?|main points|key points|conclusions?|wrap[- ]?up|tl;?dr)$/,
    "summary",
  ],
  [
    /^(?:closing|thank[- ]?you|thanks|final|end(?:ing)?|q ?(?:&|and) ?a|questions(?: and answers)?|goodbye)$/,
    "closing",
  ],
];

const ADD =
  /^(?:add|insert|create|make|append|include|write|put(?:\s+in)?|give\s+me|new)\s+(?:a\s+|an\s+|the\s+|one\s+)?(?:new\s+|short\s+|final\s+|closing\s+)?(.+?)(?:\s+(?:slide|page|section))?(?:\s+(after|before|at\s+the\s+end)(?:\s+(?:this|it|this\s+one|this\s+slide|the\s+slide|of\s+the\s+deck))?)?$/i;
// "summarise the deck", "recap the presentation", "wrap it up"
const VERB =
  /^(?:(?:summari[sz]e|recap)\s+the\s+(?:whole\s+)?(?:deck|presentation|talk|slides)|recap|conclude|wrap\s+(?:it\s+)?up)(?:\s+(?:on|in)\s+(?:a|one)\s+slide)?$/i;

/** The slide the prompt asks for and where it goes, or null. */
export function readFrameSlide(prompt: string): { kind: TFrameKind; before: boolean } | null {
  const text = prompt.trim();
  if (VERB.test(text)) return { kind: "summary", before: false };
  const m = ADD.exec(text);
  if (!m) return null;
  const name = m[1]
    .toLowerCase()
    .replace(/\s+(?:slide|page|section)$/, "")
    .trim();
  const kind = KINDS.find(([pattern]) => pattern.test(name))?.[1];
  return kind ? { kind, before: m[2]?.toLowerCase() === "before" } : null;
}

export const frameSlideRule: TEditRule = {
  id: "frame-slide",
  help: '"add an agenda" / "add a summary slide" / "add a thank-you slide" (from the deck\'s own slides)',
  parse(prompt) {
    const asked = readFrameSlide(prompt);
    return asked ? (slide, ctx) => addFrameSlide(slide, ctx, asked.kind, asked.before) : null;
  },
};

const FRAME_LAYOUTS = new Set(["title", "section", "agenda", "closing"]);
const MAX_AGENDA_ITEMS = 8;
const MAX_TAKEAWAYS = 6;
const TAKEAWAY_WORDS = 18;
const MIN_TAKEAWAY_WORDS = 4;

function addFrameSlide(slide: TSlide, ctx: TEditContext, kind: TFrameKind, before: boolean): TEditOutcome {
  const phrases = getPhrases(ctx.deck.language);
  const made =
    kind === "agenda"
      ? agenda(ctx, phrases.agenda)
      : kind === "summary"
        ? summary(ctx, phrases.takeaways)
        : closing(phrases.thankYou, phrases.questions);
  const kept: TSlideDraft = {
    id: slide.id,
    layout: slide.layout,
    content: slide.content,
    ...notesField(slide.notes),
  };
  const where = before ? "before" : "after";
  return {
    slides: before ? [made.slide, kept] : [kept, made.slide],
    summary: `added ${made.what} ${where} the slide`,
    warnings: [],
  };
}

const isContent = (s: TSlide) => !FRAME_LAYOUTS.has(s.layout);
const titleOf = (s: TSlide) => plainText(s.content.title ?? "").trim();
const CONT = /\s*\((?:cont\.?|continued|fortsetzung|suite|cont\.)\)\s*$/i;

function agenda(ctx: TEditContext, title: string): { slide: TSlideDraft; what: string } {
  const sections = ctx.deck.slides.filter((s) => s.layout === "section");
  const listed = sections.length >= 2 ? sections : ctx.deck.slides.filter(isContent);
  const seen = new Set<string>();
  const items: string[] = [];
  for (const s of listed) {
    const name = titleOf(s).replace(CONT, "");
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    items.push(name);
  }
  if (items.length < 2)
    throw new EditRefusal(
      "An agenda lists the deck's sections or slide titles, and this deck has fewer than two to list.",
    );
  const bullets = items.slice(0, MAX_AGENDA_ITEMS);
  const more = items.length - bullets.length;
  return {
    slide: { layout: "agenda", content: { title, bullets } },
    what: `an agenda of ${count(bullets.length, sections.length >= 2 ? "section" : "slide title")}${more > 0 ? ` (the first ${bullets.length} of ${items.length})` : ""}`,
  };
}

function summary(ctx: TEditContext, title: string): { slide: TSlideDraft; what: string } {
  const content = ctx.deck.slides.filter(isContent);
  const points: { text: string; from: string }[] = [];
  const used: Set<string>[] = [];
  for (const s of spread(content, MAX_TAKEAWAYS)) {
    const point = takeaway(s.content);
    if (!point) continue;
    const key = bulletKey(point);
    if (isNearDuplicate(key, used)) continue;
    used.push(key);
    points.push({ text: point, from: titleOf(s) || "an untitled slide" });
  }
  if (points.length < 2)
    throw new EditRefusal(
      "A summary takes one point from each content slide, and this deck has fewer than two content slides with text to summarise.",
    );
  const chosen = chooseLayout({ title, bullets: points.map((p) => p.text) });
  const layout = chosen.layout === "bullets" || chosen.layout.startsWith("image") ? "bullets" : chosen.layout;
  const body: TSlideContent =
    layout === "bullets" ? { title, bullets: points.map((p) => p.text) } : chosen.content;
  return {
    slide: {
      layout,
      content: body,
      notes: `One point from each of: ${points.map((p) => p.from).join("; ")}.`,
    },
    what: `a summary slide "${title}" with ${count(points.length, "point")}, one from each content slide`,
  };
}

/**
 * A slide's point: its first line (a bullet, a card, a figure, a step) or its lead that reads
 * whole in at most TAKEAWAY_WORDS words, cut at a clean boundary when it is longer; a line no
 * clean cut brings under that is passed over for the next.
 */
function takeaway(content: TSlideContent): string | null {
  const lines = [...slideLines(content), content.body ?? "", content.subtitle ?? ""].map((l) =>
    plainText(l).trim(),
  );
  for (const line of lines) {
    if (countWords(line) < MIN_TAKEAWAY_WORDS) continue;
    const point = countWords(line) <= TAKEAWAY_WORDS ? line : shortenText(line, 8, TAKEAWAY_WORDS);
    if (countWords(point) <= TAKEAWAY_WORDS && !endsMidClause(point)) return point.replace(/[.;:,]+$/, "");
  }
  return null;
}

/** Up to `n` of `items`, evenly spread from the first to the last. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))] as T);
}

function closing(thankYou: string, questions: string): { slide: TSlideDraft; what: string } {
  return {
    slide: { layout: "closing", content: { title: thankYou, subtitle: questions } },
    what: `a closing slide "${thankYou}"`,
  };
}
