/**
 * Measures of a generated deck against its source text, shared by the generator quality bench and
 * the offline generator's corpus tests: key-phrase and figure coverage, near-duplicate points,
 * empty slides, overflow once laid out, layouts used and sections represented.
 */
import type { TDeck, TSlide, TSlideContent } from "@/lib/deck/schema";
import { extractKeyPhrases } from "@/lib/generate/offline/extract-key-phrases";
import { readSource } from "@/lib/generate/offline/read-source";
import { containment, jaccard } from "@/lib/generate/offline/similarity";
import { plainText, stem, terms, words } from "@/lib/generate/offline/tokenize";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

/** Layouts that carry no content of their own: title, section divider, agenda, closing. */
const FRAME_LAYOUTS = new Set(["title", "section", "agenda", "closing"]);
const KEY_PHRASES = 15;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export type TDeckMetrics = {
  /** Share of the source's top key phrases whose every word appears on the slides. */
  coverage: number;
  /** The key phrases that did not make it. */
  missing: string[];
  /** Share of the source's distinct figures (numbers) shown on the slides. */
  figures: number;
  /** Points (bullets, cards, metrics, events) that nearly repeat an earlier point of the deck. */
  duplicates: number;
  /** The repeated pairs, for the report. */
  duplicatePairs: [string, string][];
  points: number;
  /** Content slides with nothing but a title. */
  empty: number;
  /** Extra pages the layout engine needed because text did not fit. */
  continuation: number;
  /** Pages where text was cut with "…". */
  truncated: number;
  /** Slides per layout id (content slides only). */
  layouts: Record<string, number>;
  /** Source sections that some slide draws on, and how many there are. */
  sectionsShown: number;
  sections: number;
};

/** Visible text of a slide's content, one string per field or cell (notes excluded). */
export function contentTexts(content: TSlideContent): string[] {
  const out: string[] = [];
  const push = (s: string | undefined) => {
    if (s) out.push(plainText(s));
  };
  push(content.title);
  push(content.subtitle);
  push(content.body);
  for (const b of content.bullets ?? []) push(b);
  for (const c of content.columns ?? []) {
    push(c.heading);
    push(c.body);
    for (const b of c.bullets ?? []) push(b);
  }
  for (const i of content.items ?? []) {
    push(i.title);
    push(i.body);
  }
  for (const m of content.metrics ?? []) {
    push(m.value);
    push(m.label);
    push(m.detail);
  }
  for (const e of content.timeline ?? []) {
    push(e.date);
    push(e.title);
    push(e.body);
  }
  if (content.quote) {
    push(content.quote.text);
    push(content.quote.attribution);
  }
  if (content.table) for (const row of [content.table.header, ...content.table.rows]) row.forEach(push);
  if (content.chart) {
    content.chart.categories.forEach(push);
    for (const s of content.chart.series) push(s.name);
  }
  return out;
}

/** The statements a slide makes: bullets, column bullets, cards, metrics and timeline events. */
export function slidePoints(content: TSlideContent): string[] {
  return [
    ...(content.bullets ?? []),
    ...(content.columns ?? []).flatMap((c) => c.bullets ?? []),
    ...(content.items ?? []).map((i) => [i.title, i.body].filter(Boolean).join(": ")),
    ...(content.metrics ?? []).map((m) => [m.label, m.value, m.detail].filter(Boolean).join(" ")),
    ...(content.timeline ?? []).map((e) => [e.date, e.title, e.body].filter(Boolean).join(" ")),
  ].map((s) => plainText(s));
}

/** Two points say nearly the same thing: most terms shared, or one a cut of the other. */
export function nearDuplicate(a: string, b: string): boolean {
  const x = new Set(terms(a));
  const y = new Set(terms(b));
  if (x.size === 0 || y.size === 0) return a.trim() === b.trim();
  if (jaccard(x, y) >= 0.6) return true;
  return Math.min(x.size, y.size) >= 3 && containment(x, y) >= 0.8;
}

/** The source as plain text: markdown markers out, table cells as separate phrases. */
export function sourcePlainText(source: string): string {
  return plainText(
    source
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
      .replace(/^\s*>\s?/gm, "")
      .replace(/^\s*\|?\s*:?-{2,}.*$/gm, "")
      .replace(/\|/g, " ; "),
  );
}

/** Distinct figures of a text ("48.6", "18", "3,900"), as written. */
export function figuresOf(text: string): string[] {
  return [...new Set(text.match(/(?<![\p{L}\d])\d[\d,.]*\d|(?<![\p{L}\d.,])\d(?![\d\p{L}])/gu) ?? [])].map(
    (f) => f.replace(/[.,]$/, ""),
  );
}

/** Everything measured for one deck built from `source`; `pages` is the deck laid out. */
export function measureDeck(source: string, deck: TDeck, pages: TRenderedSlide[]): TDeckMetrics {
  const content = deck.slides.filter((s) => !FRAME_LAYOUTS.has(s.layout) || isEmptySection(s));
  const texts = deck.slides.flatMap((s) => contentTexts(s.content));
  const deckText = texts.join("\n");
  const deckStems = new Set(words(deckText).map((w) => stem(w)));

  const plain = sourcePlainText(source);
  const phrases = extractKeyPhrases(plain, { limit: KEY_PHRASES });
  const shown = (stems: string[]) =>
    stems.every((s) => deckStems.has(s) || (CJK.test(s) && deckText.includes(s)));
  const missing = phrases.filter((p) => !shown(p.stems)).map((p) => p.text);
  const coverage = phrases.length ? 1 - missing.length / phrases.length : 1;

  const sourceFigures = figuresOf(plain);
  const deckFigures = new Set(figuresOf(deckText));
  const figures = sourceFigures.length
    ? sourceFigures.filter((f) => deckFigures.has(f)).length / sourceFigures.length
    : 1;

  const points = content.flatMap((s) => slidePoints(s.content));
  const duplicatePairs: [string, string][] = [];
  points.forEach((p, i) => {
    const earlier = points.slice(0, i).find((q) => nearDuplicate(p, q));
    if (earlier !== undefined) duplicatePairs.push([earlier, p]);
  });

  const empty = content.filter((s) => isEmpty(s)).length;
  const layouts: Record<string, number> = {};
  for (const s of content) layouts[s.layout] = (layouts[s.layout] ?? 0) + 1;

  const truncated = pages.filter((page) => {
    const slide = deck.slides.find((s) => s.id === page.slideId);
    if (!slide || JSON.stringify(slide.content).includes("…")) return false;
    return page.boxes.some((box) => {
      if (box.kind === "text") return box.paragraphs.some((p) => lastLineCut(p.lines));
      if (box.kind === "table")
        return box.rows.some((r) => r.cells.some((c) => c.paragraphs.some((p) => lastLineCut(p.lines))));
      return false;
    });
  }).length;

  const sections = readSource(source).sections;
  const sectionsShown = sections.filter((section) =>
    sectionShown(
      section.units.map((u) => u.text),
      section.heading,
      texts,
    ),
  ).length;

  return {
    coverage,
    missing,
    figures,
    duplicates: duplicatePairs.length,
    duplicatePairs,
    points: points.length,
    empty,
    continuation: pages.length - deck.slides.length,
    truncated,
    layouts,
    sectionsShown,
    sections: sections.length,
  };
}

/** The last line of a paragraph ends with "…", the fitter's mark of text it cut. */
export function lastLineCut(lines: { runs: { text: string }[] }[]): boolean {
  const last = lines.at(-1);
  return !!last && /…\s*$/.test(last.runs.map((r) => r.text).join(""));
}

/** A section slide is a divider by design; one that stands in for a content slide is empty. */
function isEmptySection(slide: TSlide): boolean {
  return slide.layout === "section" && !slide.content.subtitle;
}

function isEmpty(slide: TSlide): boolean {
  const { title: _title, ...rest } = slide.content;
  return contentTexts(rest).join("").trim() === "" && !rest.image;
}

/** A section is shown when a slide's title is its heading or some text on a slide comes from it. */
function sectionShown(units: string[], heading: string | undefined, texts: string[]): boolean {
  if (heading && texts.some((t) => t.trim().toLowerCase() === plainText(heading).trim().toLowerCase()))
    return true;
  const unitTerms = units.map((u) => new Set(terms(u)));
  return texts.some((t) => {
    const x = new Set(terms(t));
    if (x.size < 2) return false;
    return unitTerms.some((u) => containment(x, u) >= 0.75 && [...x].filter((w) => u.has(w)).length >= 2);
  });
}
