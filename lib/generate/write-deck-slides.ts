/**
 * Outline → the deck's slides: an optional title slide, an optional agenda, the content slides
 * (layout chosen from each slide's shape) and an optional closing slide. Ids are "s1", "s2", …
 */
import { LAYOUT_IDS, type TLayoutId, type TSlide, type TSlideContent } from "@/lib/deck/schema";
import { chooseLayout, pictureRoom, slideWords } from "./choose-layout";
import { GenerationInputError } from "./errors";
import { planFrame } from "./frame-slides";
import { interpretInstructions } from "./offline/interpret-instructions";
import { plainText } from "./offline/tokenize";
import { getPhrases, type TPhrases } from "./phrases";
import { polishSlides } from "./polish-slides";
import { resolveDeckTitle } from "./resolve-deck-title";
import { fillLayout } from "./slides-from-inputs";
import type { TOutlineSlide, TTone, TWriteOptions } from "./types";

// Schema limits (lib/deck/schema.ts): keep every slide valid whatever the outline holds.
const MAX_BULLETS = 30;
const MAX_INLINE = 5000;
const MAX_AGENDA_ITEMS = 12;

/** A content slide before ids, limits and emphasis are applied. */
export type TContentSlide = { layout: TLayoutId; content: TSlideContent };

/**
 * Layout and content of each outline slide, chosen from its shape (chooseLayout), in order: each
 * choice sees the layouts before it so the deck varies. Which bullet slides take a picture is
 * decided for the whole deck (picturedSlides), from how much each says.
 */
export function planContentSlides(
  outline: readonly TOutlineSlide[],
  /** Told of each slide whose outline named a layout its content cannot fill (0-based index). */
  onReplaced?: (index: number, asked: TLayoutId, used: TLayoutId, why: string) => void,
): TContentSlide[] {
  const deckWords = median(outline.map(slideWords));
  const plan = (picture: (index: number) => boolean, replaced?: typeof onReplaced) => {
    const previous: TLayoutId[] = [];
    return outline.map((s, i) => {
      // "Key Contents of a README (cont.)" goes on with the cards of the slide before.
      const before = outline[i - 1]?.title;
      const continues = !!before && s.title !== before && s.title.startsWith(before);
      const chosen = s.layout
        ? askedLayout(s, s.layout, i, previous, replaced)
        : chooseLayout(s, { previous, deckWords, continues, picture: picture(i) });
      previous.push(chosen.layout);
      return chosen;
    });
  };
  const plain = plan(() => false);
  const pictured = picturedSlides(outline, plain, deckWords);
  return plan((i) => pictured.has(i), onReplaced);
}

/**
 * The bullet slides that take a picture beside them: every one that looks empty alone, then the
 * shortest of those with room for one, until about half the bullet slides have one — so which
 * slides get pictures follows what they say, not a rotation — and never three slides in a row.
 */
function picturedSlides(
  outline: readonly TOutlineSlide[],
  plain: readonly TContentSlide[],
  deckWords: number | undefined,
): Set<number> {
  const bullets = plain.flatMap((slide, i) => (slide.layout === "bullets" && !outline[i].layout ? [i] : []));
  const room = new Map(bullets.map((i) => [i, pictureRoom(outline[i], deckWords)]));
  const pictured = new Set(bullets.filter((i) => room.get(i) === "always"));
  const quota = Math.ceil(bullets.length / 2);
  const fits = bullets
    .filter((i) => room.get(i) === "fits")
    .sort((a, b) => slideWords(outline[a]) - slideWords(outline[b]) || a - b);
  const run = (i: number) => {
    let length = 1;
    for (let j = i - 1; pictured.has(j); j--) length++;
    for (let j = i + 1; pictured.has(j); j++) length++;
    return length;
  };
  for (const i of fits) {
    if (pictured.size >= quota) break;
    if (run(i) <= 2) pictured.add(i);
  }
  return pictured;
}

function median(values: readonly number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Layouts a content slide may name: the deck's frame (title, agenda, closing) is not one. */
const CONTENT_LAYOUTS = new Set<TLayoutId>(
  LAYOUT_IDS.filter((l) => !["title", "agenda", "closing"].includes(l)),
);

/** The layout the outline names, filled from the slide's text; the shape's choice when it cannot be. */
function askedLayout(
  slide: TOutlineSlide,
  layout: TLayoutId,
  index: number,
  previous: readonly TLayoutId[],
  onReplaced?: (index: number, asked: TLayoutId, used: TLayoutId, why: string) => void,
): TContentSlide {
  let why = `'${layout}' is not a layout for a content slide`;
  if (CONTENT_LAYOUTS.has(layout)) {
    try {
      return { layout, content: fillLayout(layout, slide, `slides.${index}`) };
    } catch (error) {
      if (!(error instanceof GenerationInputError)) throw error;
      why = error.message;
    }
  }
  const chosen = chooseLayout(slide, { previous });
  onReplaced?.(index, layout, chosen.layout, why);
  return chosen;
}

/** What a provider wrote itself, in place of what the outline alone gives. */
export type TWrittenParts = {
  /** The content slides, one per outline slide in order; default: planContentSlides(outline). */
  written?: readonly TContentSlide[];
  /** The cover's title and subtitle; default: resolveDeckTitle (asked, instructed or from the content). */
  cover?: { title: string; subtitle?: string };
};

/**
 * Writes all slides of the deck in order. An LLM provider passes the parts it wrote; the deck
 * framing — title slide, agenda, closing, limits, emphasis — is the same for every provider.
 */
export function writeDeckSlides(
  outline: readonly TOutlineSlide[],
  opts: TWriteOptions,
  parts: TWrittenParts = {},
): TSlide[] {
  const written = polishSlides(parts.written ?? planContentSlides(outline));
  if (written.length !== outline.length)
    throw new Error(`writeDeckSlides: ${written.length} written slides for ${outline.length} outline slides`);
  const phrases = getPhrases(opts.language);
  const plan = interpretInstructions(opts.instructions);
  const tone: TTone = opts.tone === "default" ? (plan.tone ?? "default") : opts.tone;
  const slides: Omit<TSlide, "id">[] = [];

  const frame = opts.frame ?? planFrame(opts);
  if (frame.title) {
    const { title, subtitle } = parts.cover ?? resolveDeckTitle(outline, opts);
    slides.push({ layout: "title", content: { title, ...(subtitle ? { subtitle } : {}) } });
  }
  if (frame.agenda) {
    slides.push({
      layout: "agenda",
      content: { title: phrases.agenda, bullets: agendaItems(outline, phrases) },
    });
  }
  outline.forEach((s, i) => {
    const { layout, content } = written[i];
    slides.push({ layout, content, ...(s.notes ? { notes: s.notes } : {}) });
  });
  if (frame.closing) slides.push({ layout: "closing", content: closingContent(tone, phrases) });

  return slides.map((s, i) => ({
    id: `s${i + 1}`,
    layout: s.layout,
    content: finishContent(s.content, opts.markdown_emphasis),
    ...(s.notes ? { notes: s.notes.slice(0, 20000) } : {}),
  }));
}

/** Content slide titles, without repeats or "(cont.)" continuations. */
function agendaItems(outline: readonly TOutlineSlide[], phrases: TPhrases): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const s of outline) {
    const title = s.title.replace(phrases.cont, "").trim();
    const key = plainText(title).toLowerCase();
    if (!title || seen.has(key)) continue;
    seen.add(key);
    items.push(title);
  }
  return items.slice(0, MAX_AGENDA_ITEMS);
}

function closingContent(tone: TTone, phrases: TPhrases): TSlideContent {
  if (tone === "sales_pitch") return { title: phrases.salesClosing, subtitle: phrases.salesCta };
  if (tone === "funny") return { title: phrases.thankYou, subtitle: phrases.funnyClosing };
  if (tone === "casual") return { title: phrases.casualClosing, subtitle: phrases.questions };
  return { title: phrases.thankYou, subtitle: phrases.questions };
}

/**
 * Applies the emphasis setting and the schema's size limits to every text field. Tone is not
 * re-applied: generated outlines already carry it, and a reviewed outline is the user's text.
 */
function finishContent(content: TSlideContent, emphasis: boolean): TSlideContent {
  const text = (t: string) => {
    const s = emphasis ? t : plainText(t);
    return s.length > MAX_INLINE ? `${s.slice(0, MAX_INLINE - 1)}…` : s;
  };
  const out: TSlideContent = {};
  if (content.title !== undefined) out.title = text(content.title);
  if (content.subtitle !== undefined) out.subtitle = text(content.subtitle);
  if (content.body !== undefined) out.body = text(content.body);
  if (content.bullets) out.bullets = content.bullets.slice(0, MAX_BULLETS).map(text);
  if (content.columns) {
    out.columns = content.columns.slice(0, 2).map((c) => ({
      ...(c.heading !== undefined ? { heading: text(c.heading) } : {}),
      ...(c.bullets ? { bullets: c.bullets.slice(0, MAX_BULLETS).map(text) } : {}),
      ...(c.body !== undefined ? { body: text(c.body) } : {}),
    }));
  }
  const optional = (t: string | undefined) => (t === undefined ? {} : { body: text(t) });
  if (content.items)
    out.items = content.items.slice(0, 8).map((i) => ({ ...i, title: text(i.title), ...optional(i.body) }));
  if (content.metrics)
    out.metrics = content.metrics.slice(0, 6).map((m) => ({
      value: plainText(m.value).slice(0, 40),
      label: text(m.label),
      ...(m.detail !== undefined ? { detail: text(m.detail) } : {}),
    }));
  if (content.timeline)
    out.timeline = content.timeline
      .slice(0, 10)
      .map((e) => ({ date: plainText(e.date).slice(0, 60), title: text(e.title), ...optional(e.body) }));
  if (content.quote)
    out.quote = {
      text: text(content.quote.text),
      ...(content.quote.attribution !== undefined ? { attribution: text(content.quote.attribution) } : {}),
    };
  if (content.table)
    out.table = {
      header: content.table.header.slice(0, 10).map(text),
      rows: content.table.rows.slice(0, 50).map((row) => row.slice(0, 10).map(text)),
    };
  if (content.chart) out.chart = content.chart;
  if (content.image) out.image = content.image;
  if (content.icon) out.icon = content.icon;
  return out;
}
