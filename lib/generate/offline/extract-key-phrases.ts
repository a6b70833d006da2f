/**
 * RAKE-style key phrases: candidate phrases are the runs of words between stopwords and
 * punctuation; their sub-spans are scored by how often their words occur here, how rare they
 * are in the background (the other sections), and how often the whole phrase recurs.
 */
import { splitSentences } from "./split-sentences";
import { BREAKERS, isStopword } from "./stopwords";
import { plainText, stem, words } from "./tokenize";

export type TKeyPhrase = {
  /** Most common surface form, e.g. "heat pumps". */
  text: string;
  /** Stems joined by spaces: equal for "heat pump" and "heat pumps". */
  key: string;
  stems: string[];
  count: number;
  score: number;
};

export type TKeyPhraseOptions = {
  /** Other texts of the same document; words frequent there count less here. */
  background?: readonly string[];
  /** The section's opening sentence: phrases found there usually name its topic. */
  lead?: string;
  maxWords?: number;
  limit?: number;
};

const LENGTH_WEIGHT = [0, 0.7, 1, 1, 0.8, 0.6];

/** Ranked key phrases of a text, best first, without phrases that repeat a better one's words. */
export function extractKeyPhrases(text: string, opts: TKeyPhraseOptions = {}): TKeyPhrase[] {
  const maxWords = opts.maxWords ?? 4;
  const runs = candidateRuns(text);
  const tf = new Map<string, number>();
  for (const run of runs) for (const w of run) tf.set(w.stem, (tf.get(w.stem) ?? 0) + 1);
  const idf = inverseFrequency(opts.background ?? []);
  const unseen = idf.get("") ?? 1;

  const spans = new Map<string, { surfaces: Map<string, number>; stems: string[]; count: number }>();
  for (const run of runs) {
    for (let len = 1; len <= Math.min(maxWords, run.length); len++) {
      for (let i = 0; i + len <= run.length; i++) {
        const part = run.slice(i, i + len);
        const key = part.map((w) => w.stem).join(" ");
        const surface = part.map((w) => w.surface).join(" ");
        const entry = spans.get(key) ?? { surfaces: new Map(), stems: part.map((w) => w.stem), count: 0 };
        entry.count++;
        entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1);
        spans.set(key, entry);
      }
    }
  }

  const leadKeys = new Set<string>();
  for (const run of opts.lead ? candidateRuns(opts.lead) : []) {
    for (let i = 0; i < run.length; i++)
      for (let j = i + 1; j <= run.length; j++)
        leadKeys.add(
          run
            .slice(i, j)
            .map((w) => w.stem)
            .join(" "),
        );
  }

  const scored: TKeyPhrase[] = [];
  for (const [key, e] of spans) {
    // A past participle closing a phrase is nearly always its verb: "library system dropped".
    if (e.stems.length > 1 && /ed$/.test(lastWord(e.surfaces))) continue;
    // A possessive promises its noun: "building's daytime" is a fragment.
    if (/['’]s$/.test(lastWord(e.surfaces))) continue;
    const weight = e.stems.reduce((sum, s) => sum + (tf.get(s) ?? 0) * (idf.get(s) ?? unseen), 0);
    const score =
      (weight / e.stems.length ** 0.6) *
      (e.count > 1 ? 1 + Math.log(e.count) : 0.8) *
      (LENGTH_WEIGHT[e.stems.length] ?? 0.5) *
      (leadKeys.has(key) ? 2 : 1);
    scored.push({ text: mostCommon(e.surfaces), key, stems: e.stems, count: e.count, score });
  }
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));

  const picked: TKeyPhrase[] = [];
  const contains = (a: TKeyPhrase, b: TKeyPhrase) => b.stems.every((s) => a.stems.includes(s));
  for (const p of scored) {
    if (picked.some((q) => contains(q, p))) continue;
    // A longer phrase around a picked word is more specific ("Riverton Public Library" over
    // "library") as long as it is not much weaker.
    const inside = picked.findIndex((q) => contains(p, q));
    if (inside >= 0) {
      if (p.score < 0.5 * picked[inside].score) continue;
      if (picked.some((q, i) => i !== inside && p.stems.some((s) => q.stems.includes(s)))) continue;
      picked[inside] = p;
      continue;
    }
    picked.push(p);
    if (picked.length >= (opts.limit ?? 10)) break;
  }
  return preferSpecific(picked);
}

/**
 * A strong multi-word phrase goes before a slightly stronger single word: "Riverton Public
 * Library" names the topic better than "library".
 */
function preferSpecific(picked: TKeyPhrase[]): TKeyPhrase[] {
  const top = picked[0];
  if (!top || top.stems.length > 1) return picked;
  const i = picked.findIndex((p, j) => j > 0 && j < 4 && p.stems.length > 1 && p.score >= 0.5 * top.score);
  if (i < 0) return picked;
  return [picked[i], ...picked.filter((_, j) => j !== i)];
}

type TWord = { surface: string; stem: string };

/** Runs of content words between stopwords, breakers, numbers and punctuation. */
function candidateRuns(text: string): TWord[][] {
  const runs: TWord[][] = [];
  for (const sentence of splitSentences(plainText(text))) {
    for (const fragment of sentence.split(/,(?!\d)|[;:()"“”«»!?。、，；：—–]|\s[-–]\s|\.(?=\s|$)/u)) {
      let run: TWord[] = [];
      let afterNumber = false;
      for (const surface of words(fragment).flatMap(splitCjk)) {
        const lower = surface.toLowerCase();
        const isNumber = /^\p{N}/u.test(surface);
        // Units after a figure ("12 kW", "10 cm") are not topics.
        const unit = afterNumber && surface.length <= 3;
        afterNumber = isNumber;
        const breaks =
          isStopword(lower) ||
          BREAKERS.has(lower) ||
          isAdverb(lower) ||
          isNumber ||
          unit ||
          [...surface].length < 2;
        if (breaks) {
          if (run.length) runs.push(run);
          run = [];
        } else if (CJK.test(surface)) {
          // Pieces of a CJK clause do not join with spaces: each stands alone.
          if (run.length) runs.push(run);
          run = [];
          // All-hiragana pieces are inflections and particles, not topics.
          if ([...surface].length >= 2 && !/^\p{Script=Hiragana}+$/u.test(surface))
            runs.push([{ surface, stem: surface }]);
        } else {
          run.push({ surface, stem: stem(surface) });
        }
      }
      if (run.length) runs.push(run);
    }
  }
  return runs;
}

// Particles that join CJK words; splitting at them turns a clause into noun-like pieces.
const CJK_PARTICLES = /[のはがをにでとへもや的了在和与是有把被从对]+/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A CJK run has no spaces: split it at particles and digits into candidate words. */
function splitCjk(token: string): string[] {
  if (!CJK.test(token)) return [token];
  return token
    .split(new RegExp(`${CJK_PARTICLES.source}|(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)`, "u"))
    .filter((t) => t && t.length <= 12);
}

const LY_NOUNS = new Set([
  "family",
  "supply",
  "assembly",
  "anomaly",
  "monopoly",
  "italy",
  "july",
  "reply",
  "ally",
]);

function isAdverb(lower: string): boolean {
  return lower.length >= 6 && lower.endsWith("ly") && !LY_NOUNS.has(lower);
}

/** idf over background texts; the "" key holds the weight of a word never seen there. */
function inverseFrequency(background: readonly string[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of background) {
    const seen = new Set(words(doc).map((w) => stem(w)));
    for (const s of seen) df.set(s, (df.get(s) ?? 0) + 1);
  }
  const n = background.length;
  const idf = new Map<string, number>([["", Math.log(n + 1) + 1]]);
  for (const [s, d] of df) idf.set(s, Math.log((n + 1) / (d + 1)) + 1);
  return idf;
}

function lastWord(surfaces: Map<string, number>): string {
  const first = surfaces.keys().next().value ?? "";
  return first.split(" ").at(-1)?.toLowerCase() ?? "";
}

function mostCommon(surfaces: Map<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [s, c] of surfaces) if (c > bestCount) [best, bestCount] = [s, c];
  // A capital seen only at sentence starts is not a proper noun: "Heat pumps" → "heat pumps".
  const lowerSeen = [...surfaces.keys()].some((s) => /^\p{Ll}/u.test(s));
  if (lowerSeen && /^\p{Lu}\p{Ll}*(?:\s|$)/u.test(best)) return best[0].toLowerCase() + best.slice(1);
  return best;
}
