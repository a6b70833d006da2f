/**
 * Where a sentence may be cut: every prefix that ends at a clause boundary or before a function
 * word, fits the budget and leaves no dangling word, scored by how natural the boundary is.
 */
import { countWords } from "./tokenize";
import {
  AUXILIARIES,
  bare,
  CLAUSE_WORDS,
  DANGLING,
  DETERMINERS,
  isAdjective,
  isFigure,
  LEADING_PREPOSITION,
  PREPOSITIONS,
  QUANTITIES,
  SUBORDINATORS,
  verbCount,
  verbTokens,
} from "./word-classes";

const COMPLEMENTIZERS = new Set([
  "whether",
  "if",
  "that",
  "how",
  "what",
  "why",
  "when",
  "where",
  "which",
  "who",
]);
const COMPLEMENT_VERBS = new Set(
  "ask asks asked wonder wonders wondered decide decides decided know knows explain explains explained show shows showed see sees saw learn learns learned".split(
    " ",
  ),
);

/** Verbs of saying whose that-clause is what the sentence reports. */
const REPORTED =
  /\b(?:told|tells?|said|says|announced|announces|reported|reports|warned|warns|confirmed|confirms|informed|informs|notified|stated|states|noted|notes|revealed|reveals|explained|explains|assured|assures)\b/i;

/** A sentence opening on a participle phrase ("Authorized under…", "Founded in…", "Using…"). */
const PARTICIPLE_OPENING =
  /^(?:\p{L}+ed|built|made|held|known|given|based|located|founded|written|taken|\p{L}{3,}ing)\s+(?:under|by|in|on|at|for|with|from|after|before|as|to|through|across|over|the|a|an|its|their)\b/iu;

/** Verbs whose object is followed by what it is to do: "requires UPRR to conduct…". */
const OBJECT_TO_VERBS =
  /\b(?:requires?|required|allows?|allowed|enables?|enabled|compels?|compelled|asks?|asked|forces?|forced|urges?|urged|wants?|wanted|expects?|expected|encourages?|encouraged|helps?|helped|invites?|invited|directs?|directed|permits?|permitted|obliges?|obliged)\b/i;

export type TCut = { text: string; words: number; bonus: number };

// "A house that needs 12 kW … may need only 8 kW": the main verb comes after the relative clause.
const SUBJECT_RELATIVE = /^(?:\S+\s){1,3}(?:that|who|which)\s/i;

/** Every acceptable prefix of the sentence that fits the budget, with a preference bonus. */
export function findCuts(text: string, max: number): TCut[] {
  const tokens = text.split(" ");
  const out: TCut[] = [];
  const needsTwoVerbs = SUBJECT_RELATIVE.test(text);
  for (let k = 2; k < tokens.length; k++) {
    const prev = tokens[k - 1];
    const next = bare(tokens[k]);
    let bonus: number;
    const comma = /[,;:]$/.test(prev);
    if (/,$/.test(prev) && inEnumeration(tokens, k)) continue;
    // "find a straight, | level-ground area": the adjectives before a noun, the noun still to come.
    if (comma && DETERMINERS.has(bare(tokens[k - 2] ?? "")) && isAdjective(prev)) continue;
    if (/;$/.test(prev) || /^[—–]$/.test(tokens[k]) || /[—–]$/.test(prev)) bonus = 2.5;
    else if (comma || /^-$/.test(tokens[k])) bonus = 2;
    else if (CLAUSE_WORDS.has(next)) bonus = 1;
    else if (next === "and" || next === "or") {
      // "…the system, set the temperature | and show you…" would leave a list without its end.
      if (tokens.slice(Math.max(0, k - 6), k - 1).some((t) => t.endsWith(","))) continue;
      // "…obtained from current | or past research activities": the adjective wants its noun.
      if (!/[,;:]$/.test(prev) && verbCount(prev) === 0 && isAdjective(prev)) continue;
      bonus = verbCount(tokens[k + 1] ?? "") > 0 ? 0.5 : -0.5;
    } else if (PREPOSITIONS.has(next)) bonus = next === "to" ? -0.5 : 0;
    else if (next === "of" && !/(?:\d|%)$/.test(prev) && !QUANTITIES.has(bare(prev))) {
      // "inside | of", "out | of", "because | of": the preposition is one with its "of".
      if (/^(?:inside|outside|out|because|instead|ahead|regardless|off|atop|onto)$/i.test(bare(prev)))
        continue;
      // "…such as Boise State University, University | of Alaska Fairbanks": a name in a list, begun.
      if (/,\s+\S+$/.test(tokens.slice(0, k).join(" "))) continue;
      bonus = -1.5;
    } else continue;
    // Never split a range or pair of figures: "$3,000 to $8,000", "three to four".
    if (isFigure(prev) && isFigure(tokens[k + 1] ?? "") && !comma) continue;
    const prefix = tokens
      .slice(0, k)
      .join(" ")
      .replace(/[\s,;:—–-]+$/, "");
    const words = countWords(prefix);
    if (words > max || words < 3) continue;
    // A comma two words from the end usually sits inside a phrase ("a new, | airtight building").
    if (comma && countWords(tokens.slice(k).join(" ")) < 3) continue;
    if (!endsCleanly(prefix)) continue;
    // "will only work | in a new building": a focus adverb promises the words after it.
    if (
      tokens
        .slice(Math.max(0, k - 3), k)
        .some((t) => /^(?:only|just|even|solely|exclusively)$/i.test(bare(t)))
    )
      continue;
    // "…a reading corner and, in the two largest branches": the list item after "and," is missing.
    if (/\b(?:and|or|but),\s[^,]*$/i.test(prefix)) continue;
    // "…, a service aimed | at students": a participle after the main verb wants its complement
    // (a passive "be replaced | with" is complete).
    // (a perfect "has resulted | in" is not: it wants its complement too).
    const passive = /^(?:am|is|are|was|were|be|been|being|get|gets|got)$/.test(bare(tokens[k - 2] ?? ""));
    if (
      /ed$/i.test(bare(prev)) &&
      /^(?:at|to|for|on|with|by|from|in|into|of)$/.test(next) &&
      !passive &&
      verbCount(tokens.slice(0, k - 1).join(" ")) > 0
    )
      continue;
    // ("…between developers and end-users, | providing…": a participle after a comma is an aside.)
    const aside = comma && /\p{L}{3,}ing$/u.test(next);
    // "…a hand sanitizer that contains | at least 60% alcohol": the relative clause's verb wants its object.
    if (!comma && relativeVerbEnd(prefix)) continue;
    if (!aside && verbStillToCome(prefix, tokens.slice(k).join(" "))) continue;
    // "the statement of work requires UPRR | to conduct several actions": what is required follows.
    if (next === "to" && OBJECT_TO_VERBS.test(tokens.slice(Math.max(0, k - 4), k).join(" "))) continue;
    // "Georgia-Pacific told its 140 workers at its plant | on Tuesday that it will close the
    // plant": what was told, said or announced is the news; a cut before it says nothing.
    const said = REPORTED.exec(prefix);
    if (
      said &&
      !/\bthat\b/i.test(prefix.slice(said.index)) &&
      /^(?:\S+\s){0,5}that\s/i.test(tokens.slice(k).join(" "))
    )
      continue;
    // "began to ask | whether…": the complement clause is what was asked.
    if (!comma && COMPLEMENTIZERS.has(next) && (verbCount(prev) > 0 || COMPLEMENT_VERBS.has(bare(prev))))
      continue;
    // "…groups, although modest": an inserted aside, the main verb still to come.
    if (
      /,\s(?:although|though|while|if|when|because|since|even)\b[^,]*$/i.test(prefix) &&
      verbCount(prefix.slice(prefix.lastIndexOf(","))) === 0
    )
      continue;
    // Inside an aside between dashes the main verb is still to come after the closing dash.
    const dashes = (prefix.match(/\s[–—]\s/g) ?? []).length;
    // (The closing dash may be the one the cut strips: "These ranges — which include… to-date — | are…".)
    const closes = /\s[–—]\s/.test(` ${tokens.slice(k).join(" ")}`) || /^[–—]$/.test(prev);
    if (dashes % 2 === 1 && closes) continue;
    // Cutting after a side clause keeps the aside and loses the main verb that follows it.
    if (/,\s+(?:which|who|whose|where)\b/i.test(prefix)) continue;
    // "In the five RCTs, in which patients were given the option": the same, after an opening.
    const relative = /,\s+\p{L}+\s(?:which|whom|whose)\b/iu.exec(prefix);
    if (relative && verbCount(prefix.slice(0, relative.index)) === 0) continue;
    // "Where a house has no ducts" is only the condition; its main clause follows the comma.
    // ("Now, every time you call `rustc` inside": an opening adverb's comma ends no clause.)
    const opened = prefix.replace(/^(?:now|then|so|and|but),\s+/i, "");
    if (SUBORDINATORS.test(opened) && !/[,;]/.test(opened)) continue;
    // "Authorized under EPA's Comprehensive Environmental Response" only qualifies the subject to come.
    if (PARTICIPLE_OPENING.test(prefix) && !/[,;]/.test(prefix)) continue;
    const verbs = verbCount(prefix);
    if (needsTwoVerbs && verbs < 2) continue;
    // "Many houses built | before 1950": a short prefix ending on a participle is a reduced relative.
    if (
      k <= 4 &&
      verbs === 1 &&
      verbCount(prev) === 1 &&
      !AUXILIARIES.has(bare(prev)) &&
      /ed$|^built$|^made$|^held$|^sold$/.test(bare(prev))
    )
      continue;
    // A bare opening phrase ("In many regions") says nothing on its own.
    if (verbs === 0 && LEADING_PREPOSITION.test(prefix)) continue;
    bonus += verbs > 0 ? 1.5 : -4;
    out.push({ text: prefix, words, bonus });
  }
  return out;
}

/**
 * The prefix's last clause has not reached its verb and the words cut away hold it: "ad
 * impressions delivered across our Family | of Apps increased by 23%" (a participle only
 * qualifies the subject), "…and the average price | per ad decreased by 22%".
 */
function verbStillToCome(prefix: string, tail: string): boolean {
  const clause = prefix.split(/[,;:]\s|\s[–—]\s|\s(?:and|but|or|while|whereas)\s/i).at(-1) ?? "";
  const ahead = tail.split(/[,;:]\s|\s[–—]\s|\s(?:and|but|or|while|whereas)\s/i)[0] ?? "";
  if (verbCount(ahead) === 0) return false;
  return verbTokens(clause).every((v) => /ed$/i.test(bare(v)) && !AUXILIARIES.has(bare(v)));
}

/** "…a hand sanitizer that contains": a relative clause's verb without its object. */
function relativeVerbEnd(prefix: string): boolean {
  const m = /\b(?:that|which|who)\s+(\S+)$/i.exec(prefix);
  // (After the pronoun a word in -s or -ed is its verb: "that contains", "which included".)
  return m !== null && (verbCount(m[1]) > 0 || /\p{Ll}{2,}(?:s|ed)$/u.test(m[1]));
}

/** Words that open a list of examples: "including", "such as", "typically including". */
const LIST_OPENER = /^(?:\p{L}+ly\s)?(?:including|such as|e\.g\.|for example|notably|especially)\b/iu;

/** True when the comma before token k separates items of a list ("windows, doors, hatches and …"). */
function inEnumeration(tokens: string[], k: number): boolean {
  // "…to the project, | including coding style, bug reporting…": the list opens after the cut.
  if (LIST_OPENER.test(tokens.slice(k, k + 2).join(" "))) return false;
  // "…typically including a project manager, a dedicated writer, | a finance liaison…": inside it.
  if (/(?:^|\s)(?:including|such as|e\.g\.,?)\s[^;:]*$/i.test(tokens.slice(0, k).join(" "))) return true;
  // "operations, evolution, | and scaling": the comma before the last item's "and".
  if (
    /^(?:and|or)$/i.test(bare(tokens[k] ?? "")) &&
    tokens.slice(Math.max(0, k - 5), k - 1).some((t) => /,$/.test(t))
  )
    return true;
  for (let j = k; j < Math.min(tokens.length, k + 4); j++) {
    if (/,$/.test(tokens[j])) return true;
    const after = bare(tokens[j + 1] ?? "");
    if (after === "and" || after === "or") return true;
  }
  return false;
}

/** Last resort: the longest clean prefix within budget that still has a verb, else any clean prefix. */
export function hardCut(text: string, max: number): string {
  const tokens = text.split(" ");
  let fallback = "";
  for (let k = Math.min(tokens.length, max); k >= 2; k--) {
    const prefix = tokens
      .slice(0, k)
      .join(" ")
      .replace(/[\s,;:—–-]+$/, "");
    if (countWords(prefix) > max || !endsCleanly(prefix) || relativeVerbEnd(prefix)) continue;
    // "about a third | of the shelving": the quantity needs its "of" phrase.
    if (QUANTITIES.has(bare(tokens[k - 1])) && bare(tokens[k] ?? "") === "of") continue;
    if (verbCount(prefix) > 0) return prefix;
    if (!fallback) fallback = prefix;
  }
  return fallback || tokens.slice(0, Math.max(1, max)).join(" ");
}

/** True when a prefix ends on a word that can close a phrase, with brackets and quotes balanced. */
export function endsCleanly(prefix: string): boolean {
  const last = bare(prefix.split(" ").at(-1) ?? "");
  if (!last || DANGLING.has(last)) return false;
  // "…according to a specific schedule in order": the phrase wants its "to".
  if (/\b(?:in order|so as|as well|such)$/i.test(prefix)) return false;
  if (count(prefix, "(") !== count(prefix, ")")) return false;
  if (count(prefix, "“") !== count(prefix, "”") || count(prefix, '"') % 2 === 1) return false;
  return true;
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}
