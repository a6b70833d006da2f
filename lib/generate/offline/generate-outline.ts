/**
 * The offline generator's outline step: read the content, rank it, fit n slides, then
 * write titles, bullets and notes. A table of the source reaches its slide as a table, a
 * highlighted quotation as a quote, dated steps and figures as timeline and metric bullets.
 * Deterministic: same options, same outline.
 */
import nlp from "compromise";
import { splitLabel } from "../content-shape";
import { GenerationInputError } from "../errors";
import { parseBlocks } from "../parse-blocks";
import { getPhrases, type TPhrases } from "../phrases";
import type { TGenerateOptions, TOutlineSlide, TTone, TVerbosity } from "../types";
import { applySkips } from "./apply-skips";
import { applyTone } from "./apply-tone";
import { describeContent } from "./describe-content";
import { emphasizeFigures } from "./emphasize-figures";
import { extractKeyPhrases, type TKeyPhrase } from "./extract-key-phrases";
import { fitSlideCount } from "./fit-slide-count";
import { hasNounPhraseTagger, keepNounPhrases } from "./foreign-noun-phrases";
import { interpretInstructions, type TInstructionPlan } from "./interpret-instructions";
import { planStructure } from "./plan-structure";
import type { TPlan } from "./plan-types";
import { rankUnits } from "./rank-units";
import { cleanHeading, readSource } from "./read-source";
import { markShown, selectBullets, type TBulletContext, type TPicked } from "./select-bullets";
import { containment, jaccard } from "./similarity";
import type { TSource, TSourceQuote, TUnit } from "./source-types";
import { capitalise } from "./title-case";
import {
  countWords,
  escapeRegExp,
  HONORIFICS,
  NAME_TITLES,
  plainText,
  readsAsEnglish,
  stem,
  terms,
} from "./tokenize";
import { COMMON_VERBS, DETERMINERS } from "./word-classes";
import { BULLET_CAPS, bulletKey } from "./write-bullet";
import {
  CJK_LANGUAGES,
  claimTitle,
  isTitleUsed,
  leadTitle,
  releaseTitle,
  reserveTitle,
  saysOnlyWhen,
  type TTitleContext,
  writeTitle,
} from "./write-title";

// Words that signal a benefit; the sales tone ranks sentences with them higher.
const BENEFIT_TERMS = terms(
  "save saving savings lower reduce reduces cut faster quicker improve improves increase benefit gain grow cheaper efficient profit revenue easier comfort",
);
// A table leaves room for a short lead above it (or beside a chart).
const TABLE_LEAD: Record<TVerbosity, number> = { concise: 1, standard: 2, "text-heavy": 2 };
// Plain language: bullets a little shorter than the verbosity allows.
const PLAIN_WORDS: Record<TVerbosity, number> = { concise: 8, standard: 12, "text-heavy": 20 };
// A quotation slide shows the quotation only: it must be short enough to read, long enough to say something.
const QUOTE_WORDS = { min: 5, max: 60 };
// Sentences that state an action or an ask: the material of a "Next steps" slide.
const ACTION =
  /\b(?:will|should|must|needs? to|plans? to|planned|recommend\w*|propose\w*|next|join|contact|sign up|register|email|visit|deadline|action|asks?|raising|apply|review|decide|agree\w*|debe\w*|deberá\w*|próxim\w*|prochain\w*|doit|devra\w*|il faut|soll\w*|wird|werden|nächste\w*)\b/i;
const ACTION_HEADING =
  /\b(?:actions?|next|recommend\w*|ask|steps?|outlook|to do|conclusions?|próxim\w*|prochaines?|nächste|ausblick|offene)\b/i;
// A last section that already is the call to action: the deck ends on it instead of repeating it.
const CLOSING_ACTIONS =
  /^(?:action items?|actions|next steps?|the ask|our ask|recommendations?|call to action|to do|what comes next|what's next|próximos pasos|prochaines étapes|nächste schritte)$/i;
// "by 30 June", "by the end of March": a deadline makes a sentence an action.
const DEADLINE = /\bby\s+(?:\d|the end|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)/i;

/** A slide named by its entries' names: at most this many entries, this many words. */
const ENTRIES_TITLE = { entries: 3, words: 10 };

/** A used point at most this many terms longer than a key term is that term shown already. */
const SHORT_POINT_EXTRA = 3;

/** Sentences beyond one per slide a text must have for the cover to take one as its subtitle. */
const SUBTITLE_SPARE = 4;

/** Everything the outline step decided, for the provider and the deck builder. */
export type TOfflineOutline = {
  slides: TOutlineSlide[];
  /** Clauses of the instructions no rule could apply. */
  unhonoured: string[];
  plan: TInstructionPlan;
  tone: TTone;
  verbosity: TVerbosity;
  /** The cover's subtitle, written from a sentence no content slide shows. */
  subtitle?: string;
};

/**
 * Builds `opts.n_slides` content slides from `opts.content`, or fewer when a short text has no
 * point left that another slide does not already show.
 */
export function generateOfflineOutline(opts: TGenerateOptions): TOfflineOutline {
  const plan = interpretInstructions(opts.instructions);
  const tone: TTone = opts.tone === "default" ? (plan.tone ?? "default") : opts.tone;
  const verbosity = plan.verbosity ?? opts.verbosity;
  const n = Math.max(1, Math.floor(opts.n_slides));
  const phrases = getPhrases(opts.language);

  const skipped = applySkips(readContent(opts.content), plan);
  const source = skipped.source;
  const english = readsAsEnglish(source.language);
  rankUnits(source.units, {
    focusTerms: plan.focusTerms,
    preferTerms: tone === "sales_pitch" && english ? BENEFIT_TERMS : [],
    plain: plan.simple,
    figures: plan.figures,
  });

  const allText = source.units.map((u) => u.text).join("\n");
  // Where a tagger reads the language, a key phrase is a noun phrase, not words cut out of a sentence.
  // ("(平成2年8月)", "(2 years)": an aside in brackets that dates or counts names no term.)
  const docPhrases = keepNounPhrases(
    extractKeyPhrases(allText.replace(/[(（][^()（）\n]{0,40}\d[^()（）\n]{0,40}[)）]/gu, " "), {
      lead: source.units[0]?.text,
      limit: 24,
    }),
    allText,
    source.language,
  ).slice(0, 12);
  // Slides the instructions add at the end count inside n_slides; one content slide always stays.
  const lastHeading = source.sections.at(-1)?.heading;
  const endsOnActions = !!lastHeading && CLOSING_ACTIONS.test(plainText(lastHeading).trim());
  const extras = [
    ...(plan.summary ? ["summary" as const] : []),
    ...(plan.callToAction && !endsOnActions ? ["nextSteps" as const] : []),
  ].slice(0, n - 1);
  // The document's own structure first: its dated events as a timeline, its numbered instructions
  // as steps. Their sentences leave the sections, so no other slide repeats them.
  const structure = planStructure(source.units, {
    phrases,
    verbosity,
    language: source.language,
    maxSlides: Math.max(0, n - 1 - extras.length),
    title: source.title,
    sections: source.sections,
    numberedParts: source.numberedParts,
  });
  const shown = new Set(structure.flatMap((s) => s.units));
  // The cover's subtitle says a sentence no structure slide shows, and no content slide repeats it.
  // A text with few sentences for the slides asked keeps them all for its slides: no subtitle.
  // (Nor a sentence of a quotation: a quote slide shows it whole, with who said it.)
  const quoted = source.units.filter((u) => u.quote);
  const cover = describeContent(opts.content, new Set([...shown, ...quoted].map((u) => u.text)));
  const spare = source.units.filter((u) => u.kind !== "table").length >= n + SUBTITLE_SPARE;
  const subtitleUnit =
    opts.include_title_slide && spare
      ? source.units.find((u) => cover.subtitleFrom !== undefined && u.text === cover.subtitleFrom)
      : undefined;
  if (subtitleUnit) shown.add(subtitleUnit);
  const remaining = source.sections
    .map((section) => ({ ...section, units: section.units.filter((u) => !shown.has(u)) }))
    .filter((section) => section.units.some((u) => u.kind !== "table" || u.table));
  const plans = fitSlideCount(
    remaining.length ? remaining : source.sections,
    n - extras.length - structure.length,
    {
      // Only phrases that can carry a slide of their own: more than one word ("Notifications",
      // "Entwickler" alone name no topic a slide can hold).
      // A date ("October 2028") or a weekday is when something happens, not a topic.
      phrases: docPhrases
        .filter((p) => p.stems.length > 1)
        .filter((p) => !saysOnlyWhen(p.text))
        .map((p) => p.text),
      structureSlides: structure.length,
    },
  );

  const titles: TTitleContext = {
    language: source.language,
    phrases,
    tone,
    docTitle: source.title,
    hasHeadings: source.hasHeadings,
    totalUnits: source.units.length,
    used: new Set(),
    background: [],
    deckStems: new Set(),
  };
  if (cover.title && opts.include_title_slide) reserveTitle(titles, cover.title);
  for (const s of structure) claimTitle(titles, s.slide.title);
  const bullets: TBulletContext = {
    verbosity,
    // What the structure slides (timeline, steps, metrics) say is shown already.
    // (Not the steps of numbered parts: they name parts whose slides still show them.)
    usedKeys: structure.filter((s) => s.at === undefined).flatMap((s) => s.slide.bullets.map(bulletKey)),
    uses: new Map(),
    ...(plan.simple ? { maxWords: PLAIN_WORDS[verbosity] } : {}),
  };
  // The names of the text's listed entries ("Audit (Energy Audit): Assessment of…"): a glossary's
  // own terms, which its slides show with what they mean.
  const entryNames = source.units.flatMap((u) => {
    const name = entryName(u);
    return name ? [name.toLowerCase()] : [];
  });
  const planTexts = plans.map((p) => (p.angle ? "" : p.units.map((u) => u.text).join("\n")));
  const quotes = { used: 0, budget: Math.max(1, Math.round(plans.length / 4)) };

  // Regular slides take their material first; angle slides (short input) get what is left.
  const order = plans
    .map((_, i) => i)
    .sort((a, b) => Number(!!plans[a].angle) - Number(!!plans[b].angle) || a - b);
  const slides: TOutlineSlide[] = new Array(plans.length);
  for (const i of order) {
    const p = plans[i];
    titles.background = planTexts.filter((_, j) => j !== i && planTexts[j]);
    if (p.angle === "keyTerms") {
      const onCover = opts.include_title_slide
        ? [cover.title ?? "", subtitleUnit && cover.subtitle ? cover.subtitle : ""]
        : [];
      slides[i] = keyTermsSlide(
        p,
        docPhrases,
        titles,
        verbosity,
        bullets.usedKeys,
        onCover,
        opts.content,
        entryNames,
      );
      continue;
    }
    const quote = !p.angle && quotes.used < quotes.budget ? quoteOf(p) : undefined;
    if (quote) {
      quotes.used++;
      slides[i] = quoteSlide(p, quote, titles, bullets);
      continue;
    }
    slides[i] = contentSlide(p, titles, bullets, source.language);
  }
  // A slide that found nothing not already shown is dropped: a short text makes fewer slides.
  // So is a key phrase's slide of one sentence ("Photoautotrophs" over "Most plants are
  // photoautotrophs"): a word lifted from its point, and the point alone, is padding.
  const kept = plans.flatMap((p, i) =>
    hasBody(slides[i]) && !(p.angle === "phrase" && slides[i].bullets.length < 2)
      ? [{ p, slide: slides[i] }]
      : [],
  );
  slides.splice(0, slides.length, ...kept.map((k) => k.slide));
  placeStructure(
    slides,
    kept.map((k) => k.p),
    structure,
  );
  for (const extra of extras) {
    const slide =
      extra === "summary"
        ? summarySlide(plans, source, titles, bullets)
        : nextStepsSlide(source, titles, bullets);
    // A text that ends on its actions keeps them last when a call to action is asked for.
    if (extra === "summary" && plan.callToAction && endsOnActions && slides.length > 1)
      slides.splice(slides.length - 1, 0, slide);
    else slides.push(slide);
  }

  addToneLines(slides, tone, phrases, docPhrases, source.language, plan.callToAction);
  const finished = slides.map((s) => finish(s, tone, english, opts.markdown_emphasis));
  return {
    slides: finished,
    unhonoured: [...plan.unhonoured, ...skipped.unhonoured],
    plan,
    tone,
    verbosity,
    ...(subtitleUnit && cover.subtitle ? { subtitle: cover.subtitle } : {}),
  };
}

function hasBody(slide: TOutlineSlide): boolean {
  return slide.bullets.length > 0 || !!slide.table || !!slide.quote;
}

/**
 * Puts each structure slide where its material starts in the document: before the first regular
 * slide that begins later in the text (angle slides keep their places around them).
 */
function placeStructure(
  slides: TOutlineSlide[],
  plans: readonly TPlan[],
  structure: readonly { slide: TOutlineSlide; units: TUnit[]; at?: number }[],
): void {
  const starts = plans.map((p) => (p.angle ? Number.NaN : Math.min(...p.units.map((u) => u.id))));
  const placed = structure
    .map((s) => ({ slide: s.slide, at: s.at ?? Math.min(...s.units.map((u) => u.id)) }))
    .sort((a, b) => a.at - b.at);
  // From the last to the first, so earlier insertions do not shift later indexes.
  for (const { slide, at } of placed.reverse()) {
    // (Before the slides that look at the material from another angle: key terms, key phrases.)
    let index = starts.findIndex((start) => start > at || Number.isNaN(start));
    if (index < 0) index = slides.length;
    slides.splice(index, 0, slide);
    starts.splice(index, 0, at);
  }
}

/**
 * A regular slide: title, bullets and notes from its plan; the plan's first table goes on the slide
 * as a table, with a short lead taken from the rest.
 */
function contentSlide(
  p: TPlan,
  titles: TTitleContext,
  bullets: TBulletContext,
  language: string,
): TOutlineSlide {
  const tableUnit = p.angle ? undefined : p.units.find((u) => u.kind === "table" && u.table);
  // A slide merged from several parts that shows one part's table is that part's slide: its
  // heading names it, its sentences lead the table ("Comparison table", not "API Reference").
  const tablePart = tableUnit?.heading && p.headings.length > 1 ? tableUnit.heading : undefined;
  const plan = tablePart
    ? { ...p, headings: [tablePart], units: p.units.filter((u) => u.heading === tablePart) }
    : p;
  let material = plan;
  if (tableUnit) {
    // The rows are on the slide as the table: no other slide repeats them as bullets.
    for (const row of p.units) {
      if (row.tableOf !== tableUnit.id) continue;
      bullets.uses.set(row.id, 1);
      bullets.usedKeys.push(new Set(row.terms));
    }
    material = { ...plan, units: plan.units.filter((u) => u !== tableUnit && u.tableOf !== tableUnit.id) };
  }
  const options = tableUnit ? { limit: TABLE_LEAD[bullets.verbosity] } : { shapes: true };
  // A slide merged from several sections is titled after the bullets it shows; otherwise the
  // title comes first, and an opening sentence used as the title is not repeated as a bullet.
  let title: string;
  let picked: TPicked;
  let sources: TUnit[];
  // A numbers slide is "by the numbers" only when the figures it shows are several.
  // A later part of a split section, too, is titled after what it shows: a phrase of a sentence
  // it leaves out would name another slide's point.
  if (plan.headings.length > 1 || plan.angle === "numbers" || plan.part > 1) {
    picked = selectBullets(material, bullets, options);
    sources = picked.sources;
    // Titled by the words shown: a sentence's cut-off end says nothing on the slide. (A Chinese
    // or Japanese cut has no spaces to find its phrases by: its whole sentence is read.)
    const shown = picked.sources.map((u, k) =>
      CJK_LANGUAGES.has(language) ? u : { ...u, text: picked.bullets[k] ?? u.text },
    );
    title = writeTitle(plan, titles, shown);
  } else {
    title = writeTitle(plan, titles);
    const titledByLead = material.units.length > 1 && title === leadTitle(material, language);
    picked = selectBullets(
      titledByLead ? { ...material, units: material.units.slice(1) } : material,
      bullets,
      options,
    );
    sources = titledByLead ? [material.units[0], ...picked.sources] : picked.sources;
    // The sentence the title says is shown: no later slide makes a point of it again.
    if (titledByLead) markShown(bullets, material.units[0]);
    // A phrase of a quotation the slide leaves out (as a bullet, a quotation would lose who said
    // it) names what is not there: the slide is titled after what it shows instead.
    else if (
      !plan.headings.length &&
      saysAnyOf(
        title,
        material.units.filter((u) => u.quote && !picked.sources.includes(u)).map((u) => u.text),
        language,
        false,
      ) &&
      !saysAnyOf(title, picked.bullets, language)
    ) {
      releaseTitle(titles, title);
      title = writeTitle(plan, titles, picked.sources);
    }
  }
  // Entries of a list with no heading over them ("Alternative Energy: Energy derived from…") are
  // named by their own names, not by a phrase of what one of them says.
  // (The opening's "Overview" stays: it says where the slide is in the talk.)
  const entries =
    plan.headings.length === 0 && title !== titles.phrases.overview
      ? entriesTitle(picked.sources)
      : undefined;
  if (entries && !isTitleUsed(titles, entries)) {
    title = entries;
    claimTitle(titles, entries);
  }
  // A bullet that only repeats the title says nothing (a subtitle line, a short CJK clause): a
  // slide left with none is dropped. Heading-only input is the exception: its headings are its points.
  // ("Was ist Docker?" under the title "Was ist Docker": the mark does not make it another point.)
  const bare = (t: string) =>
    plainText(t)
      .toLowerCase()
      .replace(/[\s.!?:;…。！？]+$/u, "");
  const kept = picked.bullets.flatMap((b, k) => (bare(b) !== bare(title) ? [k] : []));
  let distinct = withoutTitleLabel(
    kept.map((k) => picked.bullets[k]),
    title,
  );
  // "Activities: Review…", "Activities: Analyze…": the name of the list the points come from is
  // said once, as the slide's title when a phrase titled it, above the points under a heading.
  let lead = picked.lead;
  const listName = sharedLabel(distinct);
  if (listName) {
    distinct = distinct.map((b) => capitalise(b.replace(/^[^:]*:\s*/, "")));
    const headed = plan.headings.some((h) => plainText(h).trim() === plainText(title).trim());
    if (!headed && !isTitleUsed(titles, listName)) {
      releaseTitle(titles, title);
      title = listName;
      claimTitle(titles, listName);
    } else lead ??= `${listName}:`;
  }
  const headingsOnly = material.units.every((u) => u.text === u.heading);
  const columns =
    !tableUnit && picked.shape === "points"
      ? sectionColumns(
          distinct,
          kept.map((k) => picked.sources[k]),
        )
      : null;
  const slide: TOutlineSlide = {
    title,
    ...(lead ? { body: lead } : {}),
    bullets: columns ?? (distinct.length || !headingsOnly ? distinct : picked.bullets),
    notes: notesOf(tableUnit ? [...sources, ...p.units.filter((u) => u.tableOf === tableUnit.id)] : sources),
  };
  if (tableUnit?.table) {
    const { quantity, item } = titles.phrases;
    const header = tableUnit.table.amounts ? [quantity, item] : tableUnit.table.header;
    slide.table = { header, rows: tableUnit.table.rows };
  }
  if (!slide.notes) delete slide.notes;
  return slide;
}

/** True when the texts say a word of the title (in Chinese or Japanese, or with no text: `unknown`). */
function saysAnyOf(title: string, texts: readonly string[], language: string, unknown = true): boolean {
  if (!texts.length || CJK_LANGUAGES.has(language)) return unknown;
  const said = new Set(texts.flatMap((t) => terms(plainText(t))));
  return terms(plainText(title)).some((w) => said.has(w));
}

/**
 * One to three named entries' names ("Alternative Energy & Ampere (Amp)", "Annual Fuel
 * Utilization Efficiency (AFUE)"), when they are all the slide shows.
 */
function entriesTitle(units: readonly TUnit[]): string | undefined {
  if (units.length < 1 || units.length > ENTRIES_TITLE.entries) return undefined;
  const names = units.map(entryName);
  if (names.some((n) => !n)) return undefined;
  const plain = names.map((n) => n ?? "");
  // "RELEASE DATE", "PA NUMBER": a form's fields, not things the slide is about.
  if (plain.every((n) => !/\p{Ll}/u.test(n))) return undefined;
  const title = plain.length === 1 ? plain[0] : `${plain.slice(0, -1).join(", ")} & ${plain.at(-1)}`;
  return countWords(title) <= ENTRIES_TITLE.words ? title : undefined;
}

/** A listed entry's name, as plain text ("Audit (Energy Audit)" of "Audit (Energy Audit): Assessment of…"). */
function entryName(unit: TUnit): string | undefined {
  const label = unit.kind === "item" ? splitLabel(unit.text)?.[0] : undefined;
  return label ? plainText(label).trim() : undefined;
}

/** The label every point opens with ("Deliverables: …" on each), when they share one; else undefined. */
function sharedLabel(bullets: readonly string[]): string | undefined {
  if (bullets.length < 2) return undefined;
  const labels = bullets.map((b) => /^([^:]{2,30}):\s+\S/.exec(plainText(b).trim())?.[1]?.trim());
  const first = labels[0];
  if (!first || countWords(first) > LIST_NAME_WORDS || /\d/.test(first)) return undefined;
  return labels.every((l) => l?.toLowerCase() === first.toLowerCase()) ? first : undefined;
}

/** Words of a list's name that its items repeat. */
const LIST_NAME_WORDS = 3;

/**
 * Bullets that all open with the slide's title as their label ("Success Metrics: Profile
 * edit-save success rate…" under "Success Metrics") say it once, as the title.
 */
function withoutTitleLabel(bullets: string[], title: string): string[] {
  const label = `${plainText(title).trim().toLowerCase()}:`;
  if (bullets.length < 1 || !bullets.every((b) => plainText(b).trim().toLowerCase().startsWith(label)))
    return bullets;
  return bullets.map((b) => capitalise(b.replace(/^[^:]*:\s*/, "")));
}

/** A column heading: the section's own, short enough to sit over its column. */
const COLUMN_HEADING = { maxChars: 40, maxWords: 6 };

/**
 * A slide that shows the points of two sections side by side: each section's heading over its
 * own points, as a two-column slide ("Installation:" …, "Contributing:" …). Null unless the points
 * come from exactly two sections with a named subject each (not a date) and each has a point.
 */
function sectionColumns(bullets: readonly string[], sources: readonly TUnit[]): string[] | null {
  if (bullets.length < 3) return null;
  const headings = [...new Set(sources.map((u) => u.heading))];
  if (headings.length !== 2) return null;
  const named = headings.map((h) => (h === undefined ? "" : plainText(h).trim()));
  const fits = (h: string) =>
    h.length > 0 &&
    h.length <= COLUMN_HEADING.maxChars &&
    countWords(h) <= COLUMN_HEADING.maxWords &&
    !/[:*_]/.test(h) &&
    !saysOnlyWhen(h);
  if (!named.every(fits)) return null;
  return headings.flatMap((h, k) => [`${named[k]}:`, ...bullets.filter((_, j) => sources[j].heading === h)]);
}

/**
 * The quotation a plan is best shown as, if any: an author's block quote when the rest of the
 * plan is short, or a quoted sentence that is the plan's strongest point or nearly all of it.
 */
function quoteOf(p: TPlan): TSourceQuote | undefined {
  let best: { quote: TSourceQuote; score: number } | undefined;
  for (const u of p.units) {
    const quote = u.quote;
    if (!quote || best?.quote === quote) continue;
    const words = countWords(quote.text);
    if (words < QUOTE_WORDS.min || words > QUOTE_WORDS.max) continue;
    const own = p.units.filter((x) => x.quote === quote);
    const others = p.units.filter((x) => x.quote !== quote && x.kind !== "table" && x.tableOf === undefined);
    if (p.units.some((x) => x.kind === "table")) continue;
    const score = Math.max(...own.map((x) => x.score));
    const strongest = others.every((x) => x.score <= score);
    const fits = quote.block ? others.length <= 5 : others.length <= 2 || strongest;
    if (fits && (!best || score > best.score)) best = { quote, score };
  }
  return best?.quote;
}

/** A slide that shows one quotation; the plan's other sentences stay in the speaker notes. */
function quoteSlide(
  p: TPlan,
  quote: TSourceQuote,
  titles: TTitleContext,
  ctx: TBulletContext,
): TOutlineSlide {
  // A quotation that opens the deck is introduced by who said it, not by "Overview".
  const written = writeTitle(p, titles);
  // (A surname alone, "Ness", names too little: the slide keeps its title.)
  const named = quote.attribution && countWords(quote.attribution) >= 2 ? quote.attribution : undefined;
  const title = written === titles.phrases.overview && named ? named : written;
  for (const u of p.units) {
    if (u.quote !== quote) continue;
    ctx.uses.set(u.id, (ctx.uses.get(u.id) ?? 0) + 1);
    ctx.usedKeys.push(new Set(u.terms));
  }
  const notes = notesOf(p.units.filter((u) => u.kind !== "table"));
  return {
    title,
    bullets: [],
    quote: { text: quote.text, ...(quote.attribution ? { attribution: quote.attribution } : {}) },
    ...(notes ? { notes } : {}),
  };
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

/** Every time the text says the phrase, a relative pronoun or a modal stands before it: it opens on a verb. */
function opensOnVerb(phrase: string, content: string): boolean {
  const before = termOccurrences(phrase, content).map(
    (o) => /(\S+)\s+$/u.exec(o.before)?.[1].toLowerCase() ?? "",
  );
  // ("…that do not depend on light energy, but use energy from…": after a conjunction, when the
  // term's first word is a verb.)
  const verbFirst = nlp(phrase).terms().first().has("#Verb");
  return (
    before.length > 0 &&
    before.every(
      (w) =>
        /^(?:that|which|who|can|could|will|would|may|might|must|should|shall|does|do|did)$/.test(w) ||
        (verbFirst && /^(?:and|but|or)$/.test(w)),
    )
  );
}

type TTagged = { terms: { normal?: string; tags?: string[] }[] };

/** Every time the text says the phrase, its last word is the verb of the sentence it stands in. */
function endsOnVerb(phrase: string, content: string): boolean {
  const said = termOccurrences(phrase, content);
  return (
    said.length > 0 &&
    said.every((o) => {
      // (From the start of its sentence: the tagger reads the words around the phrase.)
      const before = o.before.split(/[.!?;:\n]\s/).at(-1) ?? "";
      const tagged = (
        nlp(`${before}${phrase}${o.after.split(/[.!?;\n]/)[0]}`)
          .terms()
          .json() as TTagged[]
      ).map((t) => ({ text: (t.terms[0]?.normal ?? "").toLowerCase(), tags: t.terms[0]?.tags ?? [] }));
      const own = phrase.toLowerCase().split(/\s+/);
      const at = tagged.findIndex((_, i) =>
        own.every((w, k) => tagged[i + k]?.text === w.replace(/[’']/g, "'")),
      );
      const last = tagged[at + own.length - 1];
      if (at < 0 || !last?.tags.includes("Verb")) return false;
      // ("Students in the science club now track…": a verb after it, and the phrase is its subject.)
      const [next, then] = tagged.slice(at + own.length);
      return !(next?.tags.includes("Verb") || then?.tags.includes("Verb"));
    })
  );
}

/** A board's office held before a member's name ("Selectman Donovan", "Chairman Renzoni"). */
const OFFICE =
  /^(?:selectman|selectwoman|chairman|chairwoman|chairperson|chair|commissioner|councilmember|councillor|councilman|councilwoman|alderman|trustee|clerk|treasurer)$/i;

const HONORIFIC = new RegExp(`^(?:${HONORIFICS.join("|")})\\.?$`, "i");

/**
 * The term names a participant as the text uses it: with a board's office or an honorific before it
 * ("Chairman Farris", "Mr. Dungan"), or a bare surname the text also writes after a first name
 * ("Donovan" of "Dale Donovan").
 * (A tagger alone reads "Grant funding" and "GAO" as people.)
 */
function isPersonName(term: string, content: string): boolean {
  const words = term.trim().split(/\s+/);
  const name = words.filter((w) => !OFFICE.test(w) && !HONORIFIC.test(w));
  // ("Chairperson Pro Tem" is an office, not an officer.)
  if (!name.length || name.length > 2 || !name.every((w) => /^\p{Lu}\p{Ll}{3,}$/u.test(w))) return false;
  // ("Jefferson University" names a place or a body.)
  if (nlp(term).has("(#Organization|#Place)")) return false;
  if (name.length < words.length) return true;
  // ("Grace Hopper" may be what the text is about: only a bare surname is a participant's.)
  if (name.length > 1) return false;
  for (const m of content.matchAll(new RegExp(`(\\p{L}+)\\.?\\s+${escapeRegExp(name.join(" "))}\\b`, "gu"))) {
    const before = m[1];
    if (OFFICE.test(before) || HONORIFIC.test(before)) return true;
    if (/^\p{Lu}\p{Ll}+$/u.test(before) && nlp(before).has("#FirstName")) return true;
  }
  return false;
}

/** A slide whose bullets are the document's key phrases not already used as titles. */
function keyTermsSlide(
  plan: TPlan,
  docPhrases: TKeyPhrase[],
  titles: TTitleContext,
  verbosity: TVerbosity,
  used: readonly Set<string>[],
  /** The cover's title and subtitle: a term they already say ("NASA Astronaut") is not repeated. */
  onCover: readonly string[],
  /** The text as sent: a term is written in it, on one line. */
  content: string,
  /** Names of the text's listed entries, lower case: a term among them is not listed again bare. */
  entryNames: readonly string[],
): TOutlineSlide {
  const title = writeTitle(plan, titles);
  const cover = onCover.map((t) => plainText(t).toLowerCase());
  const english = readsAsEnglish(titles.language);
  // Without a tagger or CJK's written compounds, word runs of Hebrew or Arabic ("ומתופעלת בידי
  // קרן", "and operated by the foundation") are pieces of sentences: no glossary is made of them.
  if (!english && !hasNounPhraseTagger(titles.language) && !CJK_LANGUAGES.has(titles.language))
    return { title, bullets: [] };
  const bullets = docPhrases
    .filter((k) => k.stems.length > 1 || k.count > 1)
    .filter((k) => !english || isWholeTerm(k.text, content))
    // A key term is a noun phrase or a name: "Sure", "Younger" or "Water" is a word, not a term
    // (keepNounPhrases has kept only such phrases in German, French and Spanish).
    .filter(
      (k) =>
        !english ||
        (nlp(k.text).terms().last().has("#Noun") && (k.stems.length > 1 || nlp(k.text).has("#ProperNoun"))),
    )
    // "informs users" (of "a tool that informs users"), "encourage users" (of "can encourage
    // users"): a verb with its object, wherever the text says it.
    .filter((k) => !english || !opensOnVerb(k.text, content))
    // "Report acts" (of "the annual report acts as…"): a subject with its verb.
    .filter((k) => !english || !endsOnVerb(k.text, content))
    // "Donovan", "Chairman Donovan": a person named, with or without an office, is no term.
    .filter((k) => !english || !isPersonName(k.text, content))
    // "公元前" ("before the common era"): the era of a date is no term.
    .filter((k) => !/^(?:公元|西元|紀元|纪元)前?$/u.test(k.text.trim()))
    // "Mr", "Dr": a title before a name is no term.
    .filter(
      (k) => !(NAME_TITLES as readonly string[]).includes(k.text.trim().toLowerCase().replace(/\.$/, "")),
    )
    .map((k) => capitalise(k.text))
    // A term inside a longer one ("公元" in "公元前", "Income tax" in "Income tax charge") is that term.
    .filter((b, i, all) =>
      all.every((o, j) => j === i || o.length <= b.length || !o.toLowerCase().includes(b.toLowerCase())),
    )
    .filter((b) => !isTitleUsed(titles, b))
    .filter((b) => !cover.some((c) => c.includes(b.toLowerCase())))
    .filter((b) => !entryNames.some((n) => n.includes(b.toLowerCase())))
    // Two forms of one term ("Asphalt pavement", "Asphalt-based pavement"): the first stays.
    .filter((b, i, all) => all.slice(0, i).every((o) => jaccard(termParts(o), termParts(b)) < 0.6))
    // A term that is nearly a whole point already shown ("Cups flour" after "2 cups flour") is that point again.
    .filter((b) => !used.some((u) => jaccard(bulletKey(b), u) >= 0.6))
    // …or the whole of a short point: a metric's label ("$15 million — Revolving Loan Fund grants").
    .filter((b) => {
      const key = bulletKey(b);
      return !used.some((u) => u.size <= key.size + SHORT_POINT_EXTRA && containment(key, u) >= 0.8);
    })
    .slice(0, BULLET_CAPS[verbosity] + 1);
  // Fewer than three terms is no glossary: the slide is dropped.
  return { title, bullets: bullets.length >= 3 ? bullets : [] };
}

/**
 * An English term as the text writes it, whole: in one paragraph, not a verb's phrase ("Attended
 * Vassar", "Conducting innovative research"), not a run of capitals ("CHU PLANNING"),
 * and somewhere not a piece of a longer name: "York" of "New York", "Administrator Lee" of
 * "Administrator Lee Zeldin", "NSF's Office" of "NSF's Office of Integrative Activities".
 */
function isWholeTerm(term: string, content: string): boolean {
  const words = term.trim().split(/\s+/);
  if (words.length > 1 && words.every((w) => /^\p{Lu}{2,}$/u.test(w) && w.length > 4)) return false;
  const first = nlp(term).terms().first();
  if (
    first.has("#Verb") &&
    !first.has("#Noun") &&
    (/ing$/i.test(words[0]) || /^\p{Lu}/u.test(words[1] ?? ""))
  )
    return false;
  // (An acronym before a name qualifies it: "U.S. Environmental Protection Agency".)
  const named = (w: string) => /^\p{Lu}\p{Ll}[\p{L}'’-]*$/u.test(w) && !DETERMINERS.has(w.toLowerCase());
  for (const occurrence of termOccurrences(term, content)) {
    const before = /(\S+)[ \t]*$/u.exec(occurrence.before)?.[1] ?? "";
    const after = occurrence.after.replace(/^[ \t]+/, "");
    const longerBefore = named(before) && !/[.!?:;]$/.test(before);
    // (…or a compound's head noun follows: "Atlantic hurricane | season", "hurricane hunter | aircraft".)
    const next = /^\p{Ll}[\p{L}-]*/u.exec(after)?.[0] ?? "";
    // (Tagged after the term: "cycle" alone reads as a verb, "product life cycle" as a noun.)
    const tagged = next ? nlp(`${term} ${next}`).terms().last() : null;
    const compound = !!tagged && tagged.has("#Noun") && !tagged.has("(#Verb|#Pronoun|#Preposition)");
    const longerAfter = /^\p{Lu}/u.test(after) || /^of\s+\p{Lu}/u.test(after) || compound;
    if (!longerBefore && !longerAfter) return true;
  }
  return false;
}

/** Where the text says a term (its words on one line or wrapped over two), with the 40 characters either side. */
function termOccurrences(term: string, content: string): { before: string; after: string }[] {
  const escaped = term.trim().split(/\s+/).map(escapeRegExp).join("[ \\t]*\\n?[ \\t]*(?<=\\s)");
  return [...content.matchAll(new RegExp(`\\b${escaped}\\b`, "giu"))].map((m) => ({
    before: content.slice(Math.max(0, m.index - 40), m.index),
    after: content.slice(m.index + m[0].length, m.index + m[0].length + 40),
  }));
}

/** A term's word stems, a hyphenated word counting as its parts ("asphalt-based" → asphalt, base). */
function termParts(term: string): Set<string> {
  return new Set(
    term
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stem),
  );
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
      .filter((u) => u.kind !== "table" && u.tableOf === undefined)
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, 3)) {
      if (!best.includes(unit)) best.push(unit);
    }
  }
  const pool = best.length ? best : source.units.filter((u) => u.kind !== "table");
  const summaryPlan: TPlan = { headings: [], units: pool, origin: -1, part: 1, angle: "summary" };
  const picked = selectBullets(summaryPlan, { ...ctx, verbosity: "concise", usedKeys: [], uses: new Map() });
  return {
    title: writeTitle(summaryPlan, titles),
    bullets: picked.bullets,
    notes: notesOf(picked.sources),
  };
}

/**
 * The last slide when a call to action is asked for: the text's own actions and asks (sentences
 * with "will", "should", "recommend", a deadline…, list items that start with a verb), those not
 * shown yet first, weighted towards the end of the text where they usually sit. A text with no
 * action at all gets the slide with the call-to-action line only (added with the tone lines).
 */
function nextStepsSlide(source: TSource, titles: TTitleContext, ctx: TBulletContext): TOutlineSlide {
  const total = Math.max(1, source.units.length);
  const pool = source.units
    .map((u, i) => ({ u, i }))
    .filter(({ u }) => u.kind !== "table" && u.tableOf === undefined && !u.quote && isAction(u))
    .map(({ u, i }) => {
      const heading = u.heading && ACTION_HEADING.test(u.heading) ? 2 : 1;
      return { ...u, score: u.score * heading * (1 + i / total) };
    });
  const plan: TPlan = { headings: [], units: pool, origin: -1, part: 1, angle: "nextSteps" };
  const picked = pool.length ? selectBullets(plan, ctx) : { bullets: [], sources: [] };
  const notes = notesOf(picked.sources);
  return { title: writeTitle(plan, titles), bullets: picked.bullets, ...(notes ? { notes } : {}) };
}

/** A sentence that states an action or an ask, or a list item that starts with a verb ("Move all…"). */
function isAction(u: TUnit): boolean {
  const text = plainText(u.text).replace(/^[^:]{1,30}:\s+/, "");
  if (ACTION.test(text) || DEADLINE.test(text)) return true;
  const first = /^(\p{Lu}\p{Ll}+)\s/u.exec(text)?.[1]?.toLowerCase();
  return u.kind === "item" && !!first && COMMON_VERBS.has(first) && !/(?:s|ed)$/.test(first);
}

/** Tone lines: the only content the generator adds rather than extracts. */
function addToneLines(
  slides: TOutlineSlide[],
  tone: TTone,
  phrases: TPhrases,
  docPhrases: TKeyPhrase[],
  language: string,
  callToAction: boolean,
): void {
  const last = slides[slides.length - 1];
  const first = slides[0];
  if (!last || !first) return;
  if (callToAction) last.body = phrases.ctaLine;
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
  // Tables and quotations are the source's words: only emphasis follows the setting.
  const verbatim = (s: string) => (emphasis ? s : plainText(s));
  return {
    title: plainText(applyTone(slide.title, tone, english)),
    bullets: slide.bullets.map((b) => (emphasis ? emphasizeFigures(text(b)) : text(b))),
    ...(slide.body ? { body: text(slide.body) } : {}),
    ...(slide.notes ? { notes: slide.notes } : {}),
    ...(slide.table
      ? {
          table: {
            header: slide.table.header.map(verbatim),
            rows: slide.table.rows.map((row) => row.map(verbatim)),
          },
        }
      : {}),
    ...(slide.quote
      ? {
          quote: {
            text: verbatim(slide.quote.text),
            ...(slide.quote.attribution ? { attribution: verbatim(slide.quote.attribution) } : {}),
          },
        }
      : {}),
  };
}

/** Speaker notes: the source sentences, a paragraph per source paragraph. */
function notesOf(units: readonly TUnit[]): string | undefined {
  if (units.length === 0) return undefined;
  const sorted = units.slice().sort((a, b) => a.id - b.id);
  let out = "";
  let last: TUnit | undefined;
  for (const u of sorted) {
    if (u.kind === "table") continue;
    const text = plainText(u.text);
    // Sentences of one paragraph read on; list items keep a line each.
    const sameParagraph = last && last.group === u.group && u.kind === "sentence" && last.kind === "sentence";
    out += !last ? text : sameParagraph ? ` ${text}` : `\n${text}`;
    last = u;
  }
  return out || undefined;
}
