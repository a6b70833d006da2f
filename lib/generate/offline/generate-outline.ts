/**
 * The offline generator's outline step: read the content, rank it, fit exactly n slides, then
 * write titles, bullets and notes. Deterministic: same options, same outline.
 */
import { GenerationInputError } from "../errors";
import { parseBlocks } from "../parse-blocks";
import { getPhrases, type TPhrases } from "../phrases";
import type { TGenerateOptions, TOutlineSlide, TTone, TVerbosity } from "../types";
import { applyTone } from "./apply-tone";
import { describeContent } from "./describe-content";
import { emphasizeFigures } from "./emphasize-figures";
import { extractKeyPhrases, type TKeyPhrase } from "./extract-key-phrases";
import { fitSlideCount } from "./fit-slide-count";
import { interpretInstructions, type TInstructionPlan } from "./interpret-instructions";
import type { TPlan } from "./plan-types";
import { rankUnits } from "./rank-units";
import { cleanHeading, readSource } from "./read-source";
import { selectBullets, type TBulletContext, type TPicked } from "./select-bullets";
import type { TSource, TUnit } from "./source-types";
import { capitalise } from "./title-case";
import { plainText, terms } from "./tokenize";
import { BULLET_CAPS } from "./write-bullet";
import { isTitleUsed, leadTitle, reserveTitle, type TTitleContext, writeTitle } from "./write-title";

// Words that signal a benefit; the sales tone ranks sentences with them higher.
const BENEFIT_TERMS = terms(
  "save saving savings lower reduce reduces cut faster quicker improve improves increase benefit gain grow cheaper efficient profit revenue easier comfort",
);

/** Everything the outline step decided, for the provider and the deck builder. */
export type TOfflineOutline = {
  slides: TOutlineSlide[];
  /** Clauses of the instructions no rule could apply. */
  unhonoured: string[];
  plan: TInstructionPlan;
  tone: TTone;
  verbosity: TVerbosity;
};

/** Builds exactly `opts.n_slides` content slides from `opts.content`. */
export function generateOfflineOutline(opts: TGenerateOptions): TOfflineOutline {
  const plan = interpretInstructions(opts.instructions);
  const tone: TTone = opts.tone === "default" ? (plan.tone ?? "default") : opts.tone;
  const verbosity = plan.verbosity ?? opts.verbosity;
  const n = Math.max(1, Math.floor(opts.n_slides));
  const phrases = getPhrases(opts.language);

  const source = readContent(opts.content);
  const english = source.language === "en" || source.language === "und";
  rankUnits(source.units, {
    focusTerms: plan.focusTerms,
    preferTerms: tone === "sales_pitch" && english ? BENEFIT_TERMS : [],
  });

  const allText = source.units.map((u) => u.text).join("\n");
  const docPhrases = extractKeyPhrases(allText, { lead: source.units[0]?.text, limit: 12 });
  const withSummary = plan.summary && n >= 2;
  const plans = fitSlideCount(source.sections, withSummary ? n - 1 : n, {
    // Only phrases that can carry a slide of their own: recurring, or more than one word.
    phrases: docPhrases.filter((p) => p.stems.length > 1 || p.count > 1).map((p) => p.text),
  });

  const titles: TTitleContext = {
    language: source.language,
    phrases,
    tone,
    docTitle: source.title,
    hasHeadings: source.hasHeadings,
    overviewSlide: plans.some((p) => p.angle === "overview"),
    totalUnits: source.units.length,
    used: new Set(),
    background: [],
    deckStems: new Set(),
  };
  const deckTitle = describeContent(opts.content).title;
  if (deckTitle && opts.include_title_slide) reserveTitle(titles, deckTitle);
  const bullets: TBulletContext = { verbosity, usedKeys: [], uses: new Map() };
  const planTexts = plans.map((p) => (p.angle ? "" : p.units.map((u) => u.text).join("\n")));

  // Regular slides take their material first; angle slides (short input) get what is left.
  const order = plans
    .map((_, i) => i)
    .sort((a, b) => Number(!!plans[a].angle) - Number(!!plans[b].angle) || a - b);
  const slides: TOutlineSlide[] = new Array(plans.length);
  for (const i of order) {
    const p = plans[i];
    titles.background = planTexts.filter((_, j) => j !== i && planTexts[j]);
    if (p.angle === "keyTerms") {
      slides[i] = keyTermsSlide(p, docPhrases, titles, verbosity);
      continue;
    }
    // A slide merged from several sections is titled after the bullets it shows; otherwise the
    // title comes first, and an opening sentence used as the title is not repeated as a bullet.
    let title: string;
    let picked: TPicked;
    let sources: TUnit[];
    if (p.headings.length > 1) {
      picked = selectBullets(p, bullets);
      sources = picked.sources;
      title = writeTitle(p, titles, picked.sources);
    } else {
      title = writeTitle(p, titles);
      const titledByLead = p.units.length > 1 && title === leadTitle(p, source.language);
      picked = selectBullets(titledByLead ? { ...p, units: p.units.slice(1) } : p, bullets);
      sources = titledByLead ? [p.units[0], ...picked.sources] : picked.sources;
    }
    // A bullet that only repeats the title says nothing (short CJK clauses, heading-only input).
    const distinct = picked.bullets.filter((b) => plainText(b) !== title);
    slides[i] = { title, bullets: distinct.length ? distinct : picked.bullets, notes: notesOf(sources) };
  }
  if (withSummary) slides.push(summarySlide(plans, source, titles, bullets));

  addToneLines(slides, tone, phrases, docPhrases, source.language);
  const finished = slides.map((s) => finish(s, tone, english, opts.markdown_emphasis));
  return { slides: finished, unhonoured: plan.unhonoured, plan, tone, verbosity };
}

/**
 * Reads the content. A bare outline of headings has no sentences: each heading then stands for
 * itself, as the title and the only point of its slide.
 */
function readContent(content: string): TSource {
  const source = readSource(content);
  if (source.units.length > 0) return source;
  const points = parseBlocks(content)
    .flatMap((b) => (b.kind === "heading" ? [cleanHeading(b.text)] : []))
    .filter((text) => text && text !== source.title);
  if (points.length === 0) throw new GenerationInputError("content has no text to build slides from");
  const units: TUnit[] = points.map((text, i) => ({
    id: i,
    text,
    kind: "item",
    group: i,
    posInGroup: 0,
    terms: terms(text),
    heading: text,
    score: 1,
  }));
  return {
    ...source,
    units,
    sections: units.map((u) => ({ heading: u.text, units: [u] })),
    hasHeadings: true,
  };
}

/** A slide whose bullets are the document's key phrases not already used as titles. */
function keyTermsSlide(
  plan: TPlan,
  docPhrases: TKeyPhrase[],
  titles: TTitleContext,
  verbosity: TVerbosity,
): TOutlineSlide {
  const title = writeTitle(plan, titles);
  const bullets = docPhrases
    .filter((k) => k.stems.length > 1 || k.count > 1)
    .map((k) => capitalise(k.text))
    .filter((b) => !isTitleUsed(titles, b))
    .slice(0, BULLET_CAPS[verbosity] + 1);
  return { title, bullets: bullets.length ? bullets : [capitalise(docPhrases[0]?.text ?? title)] };
}

/** The last content slide: one point per slide, preferring sentences not shown yet. */
function summarySlide(
  plans: TPlan[],
  source: TSource,
  titles: TTitleContext,
  ctx: TBulletContext,
): TOutlineSlide {
  // The best few units of every slide, so the summary can pick ones that shorten cleanly.
  const best: TUnit[] = [];
  for (const p of plans) {
    if (p.angle) continue;
    for (const unit of p.units
      .slice()
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, 3)) {
      if (!best.includes(unit)) best.push(unit);
    }
  }
  const pool = best.length ? best : source.units;
  const summaryPlan: TPlan = { headings: [], units: pool, origin: -1, part: 1, angle: "summary" };
  const picked = selectBullets(summaryPlan, { ...ctx, verbosity: "concise", usedKeys: [], uses: new Map() });
  return {
    title: writeTitle(summaryPlan, titles),
    bullets: picked.bullets,
    notes: notesOf(picked.sources),
  };
}

/** Tone lines: the only content the generator adds rather than extracts. */
function addToneLines(
  slides: TOutlineSlide[],
  tone: TTone,
  phrases: TPhrases,
  docPhrases: TKeyPhrase[],
  language: string,
): void {
  const last = slides[slides.length - 1];
  const first = slides[0];
  if (!last || !first) return;
  if (tone === "funny") last.body = phrases.funnyLine;
  if (tone === "sales_pitch") last.body = phrases.salesCta;
  if (tone === "educational" && docPhrases.length >= 2) {
    const list = docPhrases.slice(0, 4).map((k) => (language === "en" ? k.text.toLowerCase() : k.text));
    first.body = `${phrases.keyTerms}: ${list.join(", ")}`;
  }
  // Keep the tone visible in titles too, where the phrase table has no slot for it.
  if (tone === "funny" && language === "en" && slides.length >= 2 && first.title.split(" ").length <= 5) {
    first.title = `${first.title}, Explained`;
  }
}

function finish(slide: TOutlineSlide, tone: TTone, english: boolean, emphasis: boolean): TOutlineSlide {
  const text = (s: string) => {
    const toned = applyTone(s, tone, english);
    return emphasis ? toned : plainText(toned);
  };
  return {
    title: plainText(applyTone(slide.title, tone, english)),
    bullets: slide.bullets.map((b) => (emphasis ? emphasizeFigures(text(b)) : text(b))),
    ...(slide.body ? { body: text(slide.body) } : {}),
    ...(slide.notes ? { notes: slide.notes } : {}),
  };
}

/** Speaker notes: the source sentences, a paragraph per source paragraph. */
function notesOf(units: readonly TUnit[]): string | undefined {
  if (units.length === 0) return undefined;
  const sorted = units.slice().sort((a, b) => a.id - b.id);
  let out = "";
  let last: TUnit | undefined;
  for (const u of sorted) {
    const text = plainText(u.text);
    // Sentences of one paragraph read on; list items keep a line each.
    const sameParagraph = last && last.group === u.group && u.kind === "sentence" && last.kind === "sentence";
    out += !last ? text : sameParagraph ? ` ${text}` : `\n${text}`;
    last = u;
  }
  return out;
}
