/**
 * Shortens a sentence to a word budget without leaving a broken phrase: it drops lead-in
 * connectives and filler, then side clauses (parentheses, ", which …,"), and only then cuts —
 * at a clause boundary or before a function word, never after "and", "of", "the" and the like.
 */
import { cutForeign, foreignLanguage } from "./cut-foreign";
import { findCuts, hardCut } from "./find-cuts";
import { sentenceVariants, tidy, trimLeadIns } from "./simplify-sentence";
import { cjkClauses, dropAsides, dropLeadingConjunction, endsOnGlue, endsOpenCjk } from "./split-clauses";
import { splitSentences } from "./split-sentences";
import { countWords, wordEnds } from "./tokenize";

export type TCompressOptions = {
  /** Word budget; null keeps the whole sentence (only fillers are trimmed). */
  maxWords: number | null;
  /**
   * Words a whole clause may run over the budget rather than be cut badly (0 = strict).
   * A complete 17-word sentence reads better than a 15-word fragment.
   */
  allowOver?: number;
  /** Keep the closing full stop (full-sentence bullets) or drop it (fragment bullets). */
  keepPeriod: boolean;
};

/** A shortened bullet and how well the shortening went (1 = whole clause kept, ~0.2 = forced cut). */
export type TCompressed = { text: string; quality: number };

/** Shortens one sentence to the budget; see the module comment for the order of attempts. */
export function compressSentence(text: string, opts: TCompressOptions): TCompressed {
  const cleaned = trimLeadIns(text.replace(/\s+/g, " "));
  if (opts.maxWords === null || countWords(cleaned) <= opts.maxWords) {
    return { text: finish(cleaned, opts.keepPeriod), quality: 1 };
  }
  // An item of two sentences ("Solutions helps agencies… Responsible for operations, …") is
  // shortened within its first: a cut inside the second would leave that one broken.
  const [first, ...more] = splitSentences(cleaned, foreignLanguage(cleaned) ?? "en");
  if (more.length && countWords(first) >= MIN_FIRST_SENTENCE) return compressSentence(first, opts);
  if (CJK_TEXT.test(cleaned)) return shortenCjk(cleaned, opts.maxWords, opts.allowOver ?? 0);
  // The English word classes misread other languages ("was" is German for "what"): a sentence in
  // another language is cut at its own boundaries first.
  const language = foreignLanguage(cleaned);
  const over = opts.allowOver ?? 0;
  // A whole sentence a little over the budget reads better than a cut one (as in English).
  if (language && countWords(cleaned) <= opts.maxWords + over)
    return { text: finish(cleaned, false), quality: 0.9 };
  const foreign = language ? cutForeign(cleaned, opts.maxWords + over, language) : null;
  // Without the English word classes a cut that is not clean breaks the sentence ("…reiteró que el
  // requisito"): a whole sentence a few words further over the budget reads better than that, where
  // the verbosity lets a bullet run over (standard; concise keeps its strict budget).
  if (
    language &&
    over > 0 &&
    (foreign?.quality ?? 0) < FOREIGN_CLEAN &&
    countWords(cleaned) <= opts.maxWords + over + FOREIGN_WHOLE_OVER
  )
    return { text: finish(cleaned, false), quality: FOREIGN_WHOLE };
  // No clean cut and too long to show whole: the English word classes would cut it anywhere
  // ("…war Mailand zusammen"); the whole sentence goes, rated below any bullet a slide would
  // rather show, so it is shown only when nothing else is left.
  if (language && !foreign && over > 0) {
    // A clean cut a few words further over the budget first.
    const longer = cutForeign(cleaned, opts.maxWords + over + FOREIGN_WHOLE_OVER, language);
    if (longer) return { text: finish(longer.text, false), quality: Math.min(longer.quality, FOREIGN_WHOLE) };
    return { text: finish(cleaned, false), quality: FOREIGN_UNCUT };
  }
  const best = foreign ?? shorten(cleaned, opts.maxWords, opts.allowOver ?? 0);
  return { text: finish(best.text, false), quality: best.quality };
}

/**
 * A first sentence shorter than this ("Scrub your hands for at least 20 seconds.") leaves room
 * for what follows it: the text is shortened whole.
 */
const MIN_FIRST_SENTENCE = 9;

/** How a whole sentence of another language far over the budget rates, when no cut is clean. */
const FOREIGN_UNCUT = 0.1;

/** A cut of another language at least this good is kept; below it the whole sentence is shown. */
const FOREIGN_CLEAN = 0.6;
/** How a whole sentence over the budget rates: below a clean cut, above any broken one. */
const FOREIGN_WHOLE = 0.55;
/** Words past the allowed overrun a whole sentence of another language may have instead of a bad cut. */
export const FOREIGN_WHOLE_OVER = 5;

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Dictionary words of Chinese or Japanese per word of a budget: a word says less than an English
 * one, and particles count as words. On the corpus's five Chinese and Japanese texts a sentence
 * has as many dictionary words as it had character pairs (the count before), which got 1.5.
 */
export const CJK_WORDS_PER_WORD = 1.5;

/**
 * CJK has no spaces to cut at: it is shortened by dropping asides in brackets, then by keeping
 * whole clauses (split outside brackets; see cjkClauses) while they fit; a whole clause may run
 * `over` the budget rather than be cut. A cut never ends on a particle, preposition or "的"
 * (endsOpenCjk). A Japanese clause before "、" goes on to the main predicate, which comes last
 * ("…ノンレム睡眠が多く、後半にはレム睡眠が増えます"): Japanese keeps its opening only up to a
 * full stop, else its closing clauses. A Chinese opening clause that only sets the scene
 * ("根据…签署的《…》,", "秦朝虽然短暂,") gives way to the clauses after it, without their "但".
 */
function shortenCjk(text: string, budget: number, over: number): TCompressed {
  const max = Math.round(budget * CJK_WORDS_PER_WORD);
  const roomy = Math.round((budget + over) * CJK_WORDS_PER_WORD);
  const body = text.replace(/[。！？.!?]+$/u, "");
  if (countWords(body) <= max) return { text: text.replace(/[。.]$/u, ""), quality: 1 };
  const bare = dropAsides(body);
  if (countWords(bare) <= roomy) return { text: bare, quality: 0.9 };
  const clauses = cjkClauses(bare);
  const japanese = KANA.test(bare);
  const head = leadingClauses(clauses, roomy, japanese);
  if (head) return { text: head, quality: 0.7 };
  const rest = japanese
    ? closingClauses(clauses, roomy)
    : endsOpenCjk(trimMarks(clauses[0] ?? ""))
      ? dropLeadingConjunction(leadingClauses(clauses.slice(1), roomy, false)).trim()
      : "";
  if (rest) return { text: rest, quality: 0.65 };
  // Nothing whole fits: the budget still holds, for a fragment shown only when nothing else is left.
  const cut = japanese ? cutTail(clauses.at(-1) ?? bare, max) : cutHead(clauses[0] ?? bare, max);
  return { text: cut, quality: 0.2 };
}

/**
 * The longest run of opening clauses within the budget that ends where a clause can (in
 * Japanese, at a full stop). Clauses are counted once: a run's words are theirs added up.
 */
function leadingClauses(clauses: readonly string[], max: number, japanese: boolean): string {
  const counts = clauses.map(countWords);
  let words = counts.reduce((a, b) => a + b, 0);
  for (let k = clauses.length; k > 0; k--) {
    if (words <= max && (!japanese || /[。！？!?]$/u.test(clauses[k - 1]))) {
      const text = trimMarks(clauses.slice(0, k).join(""));
      if (!endsOpenCjk(text)) return text;
    }
    words -= counts[k - 1];
  }
  return "";
}

/** The longest run of closing clauses within the budget (a Japanese sentence's predicate). */
function closingClauses(clauses: readonly string[], max: number): string {
  const counts = clauses.map(countWords);
  let words = counts.reduce((a, b) => a + b, 0);
  for (let k = 1; k < clauses.length; k++) {
    words -= counts[k - 1];
    if (words <= max) return trimMarks(clauses.slice(k).join(""));
  }
  return "";
}

/**
 * The longest opening of a Chinese clause that ends between dictionary words, neither open
 * ("…资助的"), nor inside a list or name ("…制作数字" before "、电视和广播节目"), nor before "的"
 * or the unit of a figure; better, one that ends before a new subject. Failing all that, the
 * longest that at least does not end on glue. A cut after the k-th word holds k words.
 */
function cutHead(clause: string, max: number): string {
  const text = trimMarks(clause);
  const cuts = wordEnds(text)
    .slice(0, max)
    .map((end, k) => ({ cut: text.slice(0, end), next: text.slice(end), words: k + 1 }))
    .reverse();
  const clean = cuts.filter(
    ({ cut, next }) => !endsOnGlue(cut) && !GOES_ON.test(next) && !/\p{N}$/u.test(cut),
  );
  // Before a new subject or a conjunction ("…广播机构|它是…") the part kept is a whole clause.
  const atClause = clean.find(({ next, words }) => NEW_CLAUSE.test(next) && words * 2 >= max);
  return (atClause ?? clean[0] ?? cuts.find(({ cut }) => !endsOnGlue(cut)) ?? cuts[0])?.cut ?? "";
}

// After the cut, a list or a name goes on ("数字|、电视", "杰拉德|·福特"), or "的" makes what it
// ends with a modifier.
const GOES_ON = /^\s*(?:[、・·]|和|与|及|或|等|的|之)/u;
const NEW_CLAUSE = /^\s*(?:它|他|她|这|那|其|该|但|而|并|且|同时|然后|因此|所以)/u;

/**
 * The longest closing part of a Japanese clause that starts after a particle: the predicate
 * comes last, so "…記憶と関係が深いと考えられています" keeps "関係が深いと考えられています".
 */
function cutTail(clause: string, max: number): string {
  const text = trimMarks(clause);
  const ends = wordEnds(text);
  for (const [k, end] of ends.entries()) {
    const rest = trimMarks(text.slice(end));
    if (rest && ends.length - k - 1 <= max && AFTER_PARTICLE.test(text.slice(0, end))) return rest;
  }
  return cutHead(text, max);
}

// A Japanese clause part ending in a particle: what follows it can start a bullet.
const AFTER_PARTICLE = /(?:は|が|を|に|で|と|も|の|へ|や|より|から|まで)$/u;

function trimMarks(text: string): string {
  return text.replace(/^[\s、，；：,;:]+|[\s、，；：,;:。]+$/gu, "");
}

function shorten(text: string, max: number, allowOver: number): TCompressed {
  const hadNumber = /\d/.test(text);
  const variants = sentenceVariants(text);

  // Scores: a variant that fits whole ≈ 9, one slightly over ≈ 7, a cut ≤ ~8.5 depending on
  // where it falls (clause boundary best) and how much of the budget it uses.
  let best: TCompressed = { text: "", quality: 0 };
  let bestScore = Number.NEGATIVE_INFINITY;
  const consider = (candidate: TCompressed, score: number) => {
    if (score > bestScore) [best, bestScore] = [candidate, score];
  };
  for (const [v, changes] of variants) {
    const n = countWords(v);
    if (!v || n < 2) continue;
    const penalty = changes * 0.5 + (hadNumber && !/\d/.test(v) ? 2 : 0);
    if (n <= max) {
      consider({ text: v, quality: 1 - 0.04 * changes }, 9 - penalty);
      continue;
    }
    if (n <= max + allowOver) consider({ text: v, quality: 0.9 }, 7.5 - 0.5 * (n - max) - penalty);
    for (const cut of findCuts(v, max + allowOver)) {
      const coverage = 4 * Math.min(1, cut.words / (0.6 * max)) + Math.min(1, cut.words / max);
      const over = Math.max(0, cut.words - max) * 0.5;
      // A cut without a verb is a fragment: below the threshold bullets are chosen at.
      const quality =
        cut.bonus < -1
          ? 0.3
          : Math.min(0.9, 0.45 + 0.35 * Math.min(1, cut.words / max) + (cut.bonus > 2 ? 0.1 : 0));
      // "There are four stages to a product launch: target advertising, logistics, …": the list a
      // colon opens is what the sentence says; a cut before it keeps only the promise.
      const promise = enumeratesAfterColon(v.slice(cut.text.length)) ? LIST_DROPPED : 0;
      consider({ text: cut.text, quality }, coverage + cut.bonus - over - penalty - promise);
    }
  }
  if (best.text) return best;
  const forced = hardCut(text, max);
  // A forced cut that happens to land on a comma reads like a chosen one.
  const atComma = text.startsWith(`${forced},`);
  return { text: forced, quality: atComma ? 0.55 : 0.2 };
}

/** What a cut before a colon and the list it opens costs: more than showing the sentence whole. */
const LIST_DROPPED = 6;
const LIST_ITEM_WORDS = 4;

/** ": target advertising, logistics, product placement, and marketing strategy." — a list of short items. */
function enumeratesAfterColon(rest: string): boolean {
  const m = /^\s*:\s*(.+?)[.!]?$/.exec(rest);
  if (!m) return false;
  const items = m[1].split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter(Boolean);
  return items.length >= 2 && items.every((i) => countWords(i) <= LIST_ITEM_WORDS);
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

/** Final touches: trailing punctuation, balanced emphasis, capital first letter. */
function finish(text: string, keepPeriod: boolean): string {
  let s = tidy(text).replace(/[\s,;:—–-]+$/, "");
  if (!keepPeriod) s = s.replace(/(?<![.]{2}|\b[A-Z]\.|\b(?:etc|e\.g|i\.e|a\.m|p\.m|U\.S|U\.K))[.。]$/u, "");
  else if (!/[.!?…。！？]$/.test(s)) s = `${s}.`;
  if (count(s, "**") % 2 === 1) s = s.replace(/\*\*/g, "");
  if (count(s.replace(/\*\*/g, ""), "`") % 2 === 1) s = s.replace(/`/g, "");
  // Capitalise the first word only when it starts with a letter: "500 g flour" stays as written.
  // (Not inside code: "`rustup` will…" names a command.)
  return s.replace(/^([*_"“«„¿¡(\s]*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}
