/**
 * Picks a layout for a content slide from its shape and fills the fields that layout reads: a
 * table → table (or a chart when its columns are numbers), a quotation → quote, figures with
 * labels → metrics (or a chart), dated items → timeline, a few short items → icons grid, two
 * labelled groups → comparison or two columns, the rest → bullets, with a picture beside some of
 * them so a deck is not a run of identical slides.
 */
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";
import { chartFromMetrics, chartFromTable, readItems, readMetrics, readTimeline } from "./content-shape";
import { countWords, plainText } from "./offline/tokenize";
import { splitColumns } from "./split-columns";
import type { TOutlineSlide } from "./types";

const SHORT_BULLET_WORDS = 6;
/** A bullet slide with fewer words than this looks empty alone: it always gets a picture beside it. */
const NEARLY_EMPTY_WORDS = 20;
/** Below this a picture fits beside the text; the slide gets one unless the one before has one. */
const SHORT_SLIDE_WORDS = 40;
/** Up to this many words a picture still fits beside the text, on a slide shorter than most of its deck's. */
const FITS_PICTURE_WORDS = 70;
const MANY_SHORT_BULLETS = 8;
// Headings that contrast two options: such pairs read best as a comparison.
const CONTRAST =
  /^(?:pros?|cons?|advantages?|disadvantages?|before|after|today|tomorrow|now|future|current|target|old|new|option [a-z0-9]+|plan [a-z0-9]+|myths?|facts?|do|don't|dos|don'ts|with|without|.+ vs\.? .+)$/i;

/** What came before the slide, so the chooser can vary the deck. */
export type TLayoutHistory = {
  /** Layouts of the content slides before this one, in order. */
  previous: readonly TLayoutId[];
  /** Median words of the deck's slides, when the whole deck is known (planContentSlides). */
  deckWords?: number;
  /** The slide goes on from the one before it (its title is that slide's, continued). */
  continues?: boolean;
  /**
   * Whether a bullet slide takes a picture beside it, when the whole deck decided (picturedSlides);
   * left out, the slide decides from its own words and the slide before (pictureFor).
   */
  picture?: boolean;
};

/** Layout and content for one outline slide. */
export function chooseLayout(
  slide: TOutlineSlide,
  history: TLayoutHistory = { previous: [] },
): { layout: TLayoutId; content: TSlideContent } {
  const title = slide.title;
  const body = slide.body;
  if (slide.table) {
    const table = { header: slide.table.header, rows: slide.table.rows };
    const chart = chartFromTable(table);
    // A numeric table shows better as a chart; the figures stay in the speaker's reach as bullets.
    if (chart && !history.previous.includes("chart"))
      return { layout: "chart", content: withBody({ title, chart, ...bulletsOf(slide) }, body) };
    return { layout: "table", content: withBody({ title, table }, body ?? joined(slide.bullets)) };
  }
  if (slide.quote) return { layout: "quote", content: { title, quote: slide.quote } };
  if (slide.bullets.length === 0 && !body) return { layout: "section", content: { title } };

  const timeline = readTimeline(slide.bullets);
  if (timeline) return { layout: "timeline", content: withBody({ title, timeline }, body) };
  const metrics = readMetrics(slide.bullets);
  if (metrics) {
    const chart = metrics.length >= 4 ? chartFromMetrics(metrics) : null;
    if (chart) return { layout: "chart", content: withBody({ title, chart }, body) };
    return { layout: "metrics", content: withBody({ title, metrics }, body) };
  }
  const columns = splitColumns(slide.bullets);
  if (columns) {
    // Two options set against each other ("MySQL vs PostgreSQL") compare, like pros and cons.
    const contrast =
      columns.every((c) => CONTRAST.test(plainText(c.heading ?? "").trim())) ||
      /\svs\.?\s/i.test(plainText(title));
    return { layout: contrast ? "comparison" : "two-column", content: withBody({ title, columns }, body) };
  }
  const short = slide.bullets.every((b) => countWords(b) <= SHORT_BULLET_WORDS);
  if (slide.bullets.length >= MANY_SHORT_BULLETS && short) {
    const half = Math.ceil(slide.bullets.length / 2);
    const columns = [{ bullets: slide.bullets.slice(0, half) }, { bullets: slide.bullets.slice(half) }];
    return { layout: "two-column", content: withBody({ title, columns }, body) };
  }
  const items = readItems(slide.bullets);
  // (Two card slides in a row only when the second goes on with the first's list.)
  if (items && (history.previous.at(-1) !== "icons-grid" || history.continues))
    return { layout: "icons-grid", content: withBody({ title, items }, body) };

  const content: TSlideContent = { title, ...bulletsOf(slide) };
  const pictured =
    history.picture === undefined ? pictureFor(slide, history) : history.picture ? sideFor(history) : null;
  return { layout: pictured ?? "bullets", content: withBody(content, body) };
}

const isPictured = (l: TLayoutId | undefined) => l === "image-left" || l === "image-right";

/** The side of the next picture: the deck's pictures alternate sides. */
function sideFor(history: TLayoutHistory): TLayoutId {
  return history.previous.filter(isPictured).length % 2 === 0 ? "image-right" : "image-left";
}

/** How much room a bullet slide leaves for a picture: "always" (it looks empty alone), "fits", or none. */
export function pictureRoom(slide: TOutlineSlide, deckWords: number | undefined): "always" | "fits" | null {
  if (slide.bullets.length > 6) return null;
  const words = slideWords(slide);
  // (One bullet alone, however long, leaves most of a slide empty.)
  const alone = slide.bullets.length === 1 && !slide.body && words < SHORT_SLIDE_WORDS;
  if (words < NEARLY_EMPTY_WORDS || alone) return "always";
  const short =
    words < SHORT_SLIDE_WORDS ||
    (deckWords !== undefined && words < FITS_PICTURE_WORDS && words <= deckWords);
  return short ? "fits" : null;
}

/**
 * A bullet slide with little text gets a picture beside it (alternating sides), so a short slide
 * is not a few lines on an empty page. How much a slide says decides, not a fixed rotation: a
 * nearly empty slide always gets one, a short one (or one shorter than most of the deck's, up to
 * FITS_PICTURE_WORDS) when the slide before has none, and a longer one keeps the whole slide for
 * its text.
 */
function pictureFor(slide: TOutlineSlide, history: TLayoutHistory): TLayoutId | null {
  const room = pictureRoom(slide, history.deckWords);
  if (room === "always" || (room === "fits" && !isPictured(history.previous.at(-1)))) return sideFor(history);
  return null;
}

function bulletsOf(slide: TOutlineSlide): Pick<TSlideContent, "bullets"> {
  return slide.bullets.length ? { bullets: slide.bullets } : {};
}

function joined(bullets: readonly string[]): string | undefined {
  return bullets.length ? bullets.join("\n") : undefined;
}

function withBody(content: TSlideContent, body: string | undefined): TSlideContent {
  return body ? { ...content, body } : content;
}

/** Words a slide's bullets and body say. */
export function slideWords(slide: TOutlineSlide): number {
  return countWords(plainText([...slide.bullets, slide.body ?? ""].join(" ")));
}
