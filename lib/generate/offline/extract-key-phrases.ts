/**
 * RAKE-style key phrases: candidate phrases are the runs of words between stopwords and
 * punctuation; their sub-spans are scored by how often their words occur here, how rare they
 * are in the background (the other sections), and how often the whole phrase recurs. Chinese and
 * Japanese words are the segmenter's dictionary words; function words and Japanese verbs break
 * runs: "征夷大将軍に任命されて江戸幕府を開きました" gives 征夷大将軍 and 江戸幕府.
 */
import { splitSentences } from "./split-sentences";
import { BREAKERS, isStopword } from "./stopwords";
import { isCjkFunctionWord, plainText, stem, words } from "./tokenize";

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
    for (const part of spansOf(run, maxWords)) {
      const surface = joinWords(part.map((w) => w.surface));
      const key = part.map((w) => w.stem).join(" ");
      const entry = spans.get(key) ?? { surfaces: new Map(), stems: part.map((w) => w.stem), count: 0 };
      entry.count++;
      entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1);
      spans.set(key, entry);
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

/**
 * The phrases a run offers: every span of up to `maxWords` words. A Chinese or Japanese run is a
 * compound whose head comes last ("水戸市公園協会"): its spans end with the run, and do not start
 * on a one-character word, which belongs to the word before it ("間" of "3ヶ月間休園").
 */
function spansOf(run: readonly TWord[], maxWords: number): TWord[][] {
  const out: TWord[][] = [];
  const cjk = CJK.test(run[run.length - 1]?.surface ?? "");
  for (let len = 1; len <= Math.min(maxWords, run.length); len++) {
    for (let i = 0; i + len <= run.length; i++) {
      const part = run.slice(i, i + len);
      if (cjk && (i + len < run.length || [...part[0].surface].length < 2)) continue;
      out.push(part);
    }
  }
  return out;
}

/** Runs of content words between stopwords, breakers, numbers and punctuation. */
function candidateRuns(text: string): TWord[][] {
  const runs: TWord[][] = [];
  for (const sentence of splitSentences(plainText(text))) {
    for (const [f, fragment] of sentence
      .split(/,(?!\d)|[;:()"“”«»!?。、，；：・·|「」『』《》（）—–]|\s[-–]\s|\.(?=\s|$)/u)
      .entries()) {
      let run: TWord[] = [];
      let afterNumber = false;
      const list = words(fragment);
      for (const [k, surface] of list.entries()) {
        const lower = surface.toLowerCase();
        // ("ו-3,576", "and 3,576" in Hebrew: a figure with a prefix is a figure too.)
        const isNumber =
          /^\p{N}/u.test(surface) ||
          (!CJK.test(surface) && /\p{N}/u.test(surface) && /^\P{N}{1,2}-\p{N}/u.test(surface));
        // Units after a figure ("12 kW", "10 cm") are not topics.
        const unit = afterNumber && surface.length <= 3;
        afterNumber = isNumber;
        const cjk = CJK.test(surface);
        const breaks = cjk
          ? isCjkFunctionWord(surface) || isNumber || unit || isInflected(surface, list[k + 1])
          : isStopword(lower) ||
            BREAKERS.has(lower) ||
            isAdverb(lower) ||
            isNumber ||
            unit ||
            // "you’ll", "we’re", "they’ve": a pronoun and its verb.
            /['’](?:re|ll|ve|d|m)$/i.test(lower) ||
            // "…is diverse, encompassing current donors": a participle opening a clause, no noun.
            (f > 0 && k === 0 && /^\p{Ll}{2,}ing$/u.test(surface)) ||
            [...surface].length < 2;
        if (breaks) {
          if (run.length) runs.push(run);
          run = [];
        } else run.push({ surface, stem: cjk ? surface : stem(surface) });
      }
      if (run.length) runs.push(run);
    }
  }
  return runs;
}

const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;

/**
 * A Japanese verb or adjective: its stem ends in kana ("深い", "開き") or is followed by an ending
 * ("起" + "きる", "任命" + "され"). Nouns are Han or katakana, followed by a particle or nothing.
 */
function isInflected(word: string, next = ""): boolean {
  return /\p{Script=Hiragana}$/u.test(word) || (HIRAGANA.test(next) && !PARTICLES.has(next));
}

const HIRAGANA = /^\p{Script=Hiragana}+$/u;
const PARTICLES = new Set("は が を に で と も の へ や か から まで より など".split(" "));

/** Words of a phrase as written: no space before or after a Chinese or Japanese word ("WikipediaTown水戸"). */
function joinWords(parts: readonly string[]): string {
  return parts.join(" ").replace(CJK_SPACE, "");
}

const CJK_SPACE =
  /(?<=[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]) | (?=[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}])/gu;

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
