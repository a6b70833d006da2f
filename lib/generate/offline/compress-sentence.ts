/**
 * Shortens a sentence to a word budget without leaving a broken phrase: it drops lead-in
 * connectives and filler, then side clauses (parentheses, ", which …,"), and only then cuts —
 * at a clause boundary or before a function word, never after "and", "of", "the" and the like.
 */
import { cutForeign, foreignLanguage } from "./cut-foreign";
import { findCuts, hardCut } from "./find-cuts";
import { sentenceVariants, tidy, trimLeadIns } from "./simplify-sentence";
import { countWords } from "./tokenize";

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
  if (CJK_TEXT.test(cleaned)) return shortenCjk(cleaned, opts.maxWords);
  // The English word classes misread other languages ("was" is German for "what"): a sentence in
  // another language is cut at its own boundaries first.
  const language = foreignLanguage(cleaned);
  const over = opts.allowOver ?? 0;
  // A whole sentence a little over the budget reads better than a cut one (as in English).
  if (language && countWords(cleaned) <= opts.maxWords + over)
    return { text: finish(cleaned, false), quality: 0.9 };
  const foreign = language ? cutForeign(cleaned, opts.maxWords + over, language) : null;
  const best = foreign ?? shorten(cleaned, opts.maxWords, opts.allowOver ?? 0);
  return { text: finish(best.text, false), quality: best.quality };
}

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * CJK has no spaces to cut at: keep whole clauses (up to "，", "、", "；") while they fit. The
 * budget is looser because character pairs only approximate words. Japanese puts the main
 * predicate last and leaves a clause ending in a particle ("…眠ると", "…グループは") unfinished:
 * such a prefix is refused, and the closing clauses that fit are kept instead.
 */
function shortenCjk(text: string, budget: number): TCompressed {
  const max = Math.round(budget * 1.5);
  if (countWords(text) <= max) return { text: text.replace(/[。.]$/u, ""), quality: 1 };
  const body = text.replace(/[。！？.!?]+$/u, "");
  const clauses = body.split(/(?<=[，、；;,])/u);
  let out = clauses[0] ?? text;
  for (const c of clauses.slice(1)) {
    if (countWords(out + c) > max) break;
    out += c;
  }
  const prefix = out.replace(/[，、；;,]+$/u, "");
  if (!KANA.test(text) || !UNFINISHED_JA.test(prefix))
    return { text: prefix, quality: out.length === text.length ? 1 : 0.7 };
  let tail = "";
  for (let i = clauses.length - 1; i >= 0; i--) {
    if (countWords(clauses[i] + tail) > max) break;
    tail = clauses[i] + tail;
  }
  if (tail) return { text: tail.replace(/^[，、；;,\s]+/u, ""), quality: 0.65 };
  // Nothing whole fits: the budget still holds, for a fragment shown only when nothing else is left.
  let cut = "";
  for (const ch of prefix) {
    if (countWords(cut + ch) > max) break;
    cut += ch;
  }
  return { text: cut, quality: 0.2 };
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
// A Japanese clause ending in a topic, case or conjunctive particle, or a te/ba/tari form, goes on.
const UNFINISHED_JA =
  /(?:は|が|を|に|で|と|も|の|て|で|ば|ら|り|し|けど|ので|から|ながら|ると|えば|[分かれ])$/u;

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
      consider({ text: cut.text, quality }, coverage + cut.bonus - over - penalty);
    }
  }
  if (best.text) return best;
  const forced = hardCut(text, max);
  // A forced cut that happens to land on a comma reads like a chosen one.
  const atComma = text.startsWith(`${forced},`);
  return { text: forced, quality: atComma ? 0.55 : 0.2 };
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
  return s.replace(/^([*_`"“«„¿¡(\s]*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}
