/** One source unit → one bullet at the requested verbosity, plus near-duplicate detection. */
import nlp from "compromise";
import type { TVerbosity } from "../types";
import { compressSentence, type TCompressed } from "./compress-sentence";
import { containment, jaccard } from "./similarity";
import { sentenceVariants } from "./simplify-sentence";
import { countWords, plainText, terms } from "./tokenize";
import { hasVerb, verbCount } from "./word-classes";

/** Word budgets per verbosity; text-heavy keeps whole sentences unless they run on. */
export const WORD_CAPS: Record<TVerbosity, number> = { concise: 8, standard: 15, "text-heavy": 40 };
/** How far a complete clause may run over the cap instead of being cut (concise stays strict). */
export const ALLOW_OVER: Record<TVerbosity, number> = { concise: 0, standard: 3, "text-heavy": 0 };
/** Bullets per slide: the most a slide shows when the material allows. */
export const BULLET_CAPS: Record<TVerbosity, number> = { concise: 4, standard: 5, "text-heavy": 6 };

/**
 * Writes a bullet from a sentence or list item; `quality` tells how cleanly it was shortened.
 * `maxWords` tightens the verbosity's budget (plain-language requests).
 */
export function writeBullet(
  text: string,
  verbosity: TVerbosity,
  kind: "sentence" | "item",
  maxWords?: number,
): TCompressed {
  const written = writeWithin(text, verbosity, kind, maxWords);
  // "…with a B.A": a cut that ends on an abbreviation keeps its last full stop.
  const abbreviated = written.text.replace(/(?<=\b(?:\p{Lu}\.)+\p{Lu})$/u, ".");
  return { ...written, text: closeBrackets(abbreviated) };
}

function writeWithin(
  text: string,
  verbosity: TVerbosity,
  kind: "sentence" | "item",
  maxWords?: number,
): TCompressed {
  if (verbosity === "text-heavy") {
    const budget = Math.min(maxWords ?? WORD_CAPS["text-heavy"], WORD_CAPS["text-heavy"]);
    const long = countWords(text) > budget;
    // Items are fragments by nature; a full stop only belongs after a sentence.
    return compressSentence(text, {
      maxWords: long ? Math.min(30, budget) : null,
      keepPeriod: kind === "sentence",
    });
  }
  const budget = Math.min(maxWords ?? WORD_CAPS[verbosity], WORD_CAPS[verbosity]);
  const labelled = countWords(text) > budget ? DASH_LABEL.exec(text) : null;
  // (Two dashes make an aside: "The majority – 8,964 people – are attributed to…".)
  if (
    labelled &&
    !/\s[–—-]\s/.test(labelled[2]) &&
    countWords(labelled[1]) <= LABEL_WORDS &&
    countWords(labelled[2]) >= 4 &&
    terms(labelled[1]).length
  )
    return writeLabelled(labelled[1], labelled[2], verbosity, kind, budget, maxWords);
  const first = compressSentence(text, {
    maxWords: budget,
    keepPeriod: false,
    allowOver: maxWords ? 0 : ALLOW_OVER[verbosity],
  });
  // "What does it fund: The purpose of the program is…" cut to "What does it fund": a label says
  // nothing alone; it leads its shortened text instead. ("PostgreSQL has some nice features like:
  // …" is a clause announcing what follows, no label: a cut there says what it says.)
  const headed = COLON_LABEL.exec(text);
  if (
    headed &&
    plainText(first.text).trim() === plainText(headed[1]).trim() &&
    (!hasVerb(headed[1]) || ASKS.test(headed[1])) &&
    countWords(headed[2]) >= 4
  )
    return writeLabelled(headed[1], headed[2], verbosity, kind, budget, maxWords);
  // "When flooding … wiped out nascent farming efforts": a cut that keeps the clause that sets the
  // scene and drops the one it leads to says nothing; a longer cut keeps both.
  // (Concise keeps its strict budget.)
  if (
    first.quality < 1 &&
    verbosity !== "concise" &&
    LEADING_SUBORDINATE.test(first.text) &&
    !/[,;:]/.test(first.text)
  ) {
    const longer = compressSentence(text, { maxWords: budget * 2, keepPeriod: false });
    if (longer.quality >= 0.5 && /[,;:]/.test(longer.text) && !endsMidClause(longer.text))
      return { text: longer.text, quality: 0.5 };
    return { text: first.text, quality: Math.min(first.quality, 0.1) };
  }
  // "The rise of industrialization in the 19th and 20th centuries": a cut without a verb says
  // less than the sentence. It ranks as poorly, so a slide shows it only when
  // nothing else is left; then a sentence of up to twice the budget is shown whole instead.
  if (
    first.quality < POOR_CUT &&
    !keepsVerb(first.text, text) &&
    !maxWords &&
    verbosity === "standard" &&
    countWords(text) <= budget * 2
  )
    return {
      text: compressSentence(text, { maxWords: null, keepPeriod: false }).text,
      quality: first.quality,
    };
  if (!endsMidClause(first.text)) return first;
  // A cut that stops on "…while also", "…If your" says nothing: the words it ends on go, and the
  // bullet ranks as a poor cut, so a slide takes a cleaner sentence when it has one.
  const trimmed = trimOpenEnding(first.text);
  if (!endsMidClause(trimmed) && hasVerb(trimmed))
    return { text: trimmed, quality: Math.min(first.quality, 0.2) };
  // "A new study … suggests instead that regular walking": a news sentence has no clean cut
  // within the budget. Up to WHOLE_SENTENCE times the budget it is shown whole, rated as a poor
  // cut, so a slide still takes a cleaner sentence when it has one.
  // (Its side material may go first: "A new study, published in the British Journal of Sports
  // Medicine, found…" → "A new study found…".)
  const whole =
    !maxWords && verbosity === "standard" ? wholeSentence(text, budget * WHOLE_SENTENCE) : undefined;
  if (whole) return { text: whole, quality: Math.min(first.quality, POOR_CUT - 0.1) };
  return { text: trimmed, quality: Math.min(first.quality, 0.2) };
}

/** How far past the budget a sentence without a clean cut is still shown whole (standard). */
const WHOLE_SENTENCE = 2.5;
/** Rewrites a whole sentence may have had: its side material dropped, its claim kept. */
const SIDE_MATERIAL_ONLY = 2;

/** The sentence without its side material (or whole), within `maxWords`; undefined when longer. */
function wholeSentence(text: string, maxWords: number): string | undefined {
  const variants = [...sentenceVariants(text)]
    .filter(([variant, changes]) => changes <= SIDE_MATERIAL_ONLY && /^\P{Ll}/u.test(variant.trim()))
    .map(([variant]) => variant)
    .sort((a, b) => countWords(a) - countWords(b));
  const fits = variants.find((variant) => countWords(variant) <= maxWords);
  return fits === undefined ? undefined : compressSentence(fits, { maxWords: null, keepPeriod: false }).text;
}

/** Whether a cut keeps a verb of the sentence, as the tagger reads the whole sentence ("Our team stores…"). */
function keepsVerb(cut: string, sentence: string): boolean {
  if (hasVerb(cut)) return true;
  const verbs = nlp(plainText(sentence)).verbs().out("array") as string[];
  const kept = plainText(cut).toLowerCase();
  return verbs.some((v) => kept.includes(v.toLowerCase().replace(/[.,;:!?]+$/, "")));
}

/** Below this a cut is a fragment (select-bullets' threshold). */
const POOR_CUT = 0.5;
const LEADING_SUBORDINATE =
  /^(?:when|whenever|if|although|though|because|since|while|as|after|before|unless|until|once|whereas)\s/i;

/** "Share repurchases – We repurchased $6.91 billion…": a short label, a dash, what it says. */
const DASH_LABEL = /^([^–—:.!?]{2,60}?)\s+[–—-]\s+(\S.*)$/u;
const LABEL_WORDS = 6;
/** "What does it fund: The purpose of the program is…": a short label, a colon, what it says. */
const COLON_LABEL = /^([^–—:.!?]{2,60}?):\s+(\S.*)$/u;
/** A question is a label all the same ("What does it fund: …"), verb and all. */
const ASKS = /^(?:what|who|whom|whose|when|where|which|how|why)\b/i;

/**
 * A labelled item too long for a bullet: its text is what is shortened, never the label alone
 * ("Ad impressions and price per ad"). A text that opens by restating its label ("Revenue –
 * Revenue was $32.17 billion") drops the label; otherwise the label leads, with a colon.
 */
function writeLabelled(
  label: string,
  rest: string,
  verbosity: TVerbosity,
  kind: "sentence" | "item",
  budget: number,
  maxWords?: number,
): TCompressed {
  const labelTerms = new Set(terms(label));
  const body = writeWithin(rest, verbosity, kind, maxWords);
  const opening = new Set(terms(body.text.split(/\s+/).slice(0, 8).join(" ")));
  const restated = [...labelTerms].filter((t) => opening.has(t)).length >= labelTerms.size / 2;
  if (restated) return body;
  const short = writeWithin(rest, verbosity, kind, Math.max(4, budget - countWords(label)));
  return { text: `${label}: ${short.text}`, quality: short.quality };
}

/**
 * A bullet cut inside brackets or a quotation, or taken from a quotation that runs on into the
 * next sentence, shows no half-open mark: the bracketed tail goes ("Kassel (damals unter dem
 * Namen Chassalla bzw" → "Kassel"), an opening quotation mark without its close goes.
 */
export function closeBrackets(text: string): string {
  // "…free trade in ideas …": the source's mark of words left out ends no bullet.
  let out = text.replace(/\s*(?:…|\.\.\.)$/, "");
  const open = out.lastIndexOf("(");
  if (open > 0 && out.indexOf(")", open) < 0 && countWords(out.slice(0, open)) >= 3)
    out = out.slice(0, open).replace(/[\s,;:–—-]+$/, "");
  // "(Note that this requires a C compiler, make, …": a bracket opening the whole bullet goes.
  else if (open === 0 && !out.includes(")")) out = out.slice(1);
  // "…the theory of our Constitution.”" closes a quotation opened in an earlier sentence.
  if (/[”»]$/.test(out) && !/[“«]/.test(out)) out = out.slice(0, -1);
  // German quotes („…“) close with the mark English quotes open with.
  const pairs = out.includes("„") ? QUOTE_PAIRS.filter(([o]) => o !== "“") : QUOTE_PAIRS;
  for (const [opening, closing] of pairs) {
    const opens = out.split(opening).length - 1;
    const closes = opening === closing ? opens : out.split(closing).length - 1;
    const unmatched = opening === closing ? opens % 2 === 1 : opens > closes;
    if (unmatched) {
      const at = opening === closing ? out.indexOf(opening) : out.lastIndexOf(opening);
      out = (out.slice(0, at) + out.slice(at + opening.length)).replace(/\s{2,}/g, " ").trim();
    }
  }
  return out;
}

const QUOTE_PAIRS: readonly [string, string][] = [
  ["“", "”"],
  ["«", "»"],
  ["„", "“"],
  ['"', '"'],
];

const SIDE_CLAUSE =
  /^(.*?\S)\s*(?:[,;—–]|\s-\s)\s*((?:because|while|although|though|since|as|if|when|whereas|and|but|so)\b[^,;—–]*)$/iu;

/** The text without the function words and commas it ends on ("…costs between" → "…costs"). */
export function trimOpenEnding(text: string): string {
  let trimmed = text.replace(/[\s,;:–—-]+$/, "");
  while (endsMidClause(trimmed) && countWords(trimmed) > 2)
    trimmed = trimmed.replace(/\s*[^\s]+$/, "").replace(/[\s,;:–—-]+$/, "");
  // "…depends on it—because it", "…use it, while curl still": the side clause left without its
  // verb goes with the mark before it.
  const side = SIDE_CLAUSE.exec(trimmed);
  if (side && verbCount(side[2]) === 0 && countWords(side[1]) >= 3) return side[1];
  return trimmed;
}

// Words a clause cannot end on: articles, prepositions, conjunctions, auxiliaries, pronouns that
// need what follows (English, Spanish, French, German, Portuguese, Italian).
const OPEN_ENDINGS = new Set(
  (
    "a an the and or but nor so yet if because while when whereas although though unless until than that which who whom whose " +
    "of to in on at by for with from into onto upon about over under between among through during before after without within " +
    "as per via is are was were be been being has have had do does did can could will would shall should may might must " +
    "my your his her its our their this these those also very more most such not " +
    "el la los las un una unos unas y o pero de del en con por para que como " +
    "le les une des et ou mais du au aux dans avec pour sur qui " +
    "der die das den dem des ein eine einen einem und oder aber mit von zu im am auf für als"
  ).split(" "),
);

/** True when a bullet ends where its clause cannot: on a function word or a comma, colon or dash. */
export function endsMidClause(text: string): boolean {
  const trimmed = text.replace(/[*_`]+/g, "").trim();
  if (/[,;:–—-]$/.test(trimmed)) return true;
  // A sentence kept to its own closing mark ("…as much as I do!") is whole.
  if (/[^.][.!?]$|[。！？]$/.test(trimmed)) return false;
  // "…lower mortality risks, for example": what it announces is cut off.
  if (/\b(?:for example|for instance|such as|including|e\.g|i\.e)\.?$/i.test(trimmed)) return true;
  // "…suggests instead that regular walking", "…the key message is that the total amount": the
  // clause a reporting verb brings on stops before its own verb.
  const reported = REPORTED_CLAUSE.exec(trimmed)?.[1];
  if (reported && verbCount(reported) === 0) return true;
  // "…suggests instead": a reporting verb without what it reports.
  if (REPORTING_END.test(trimmed)) return true;
  // "…a week was linked": a passive that links one thing to another stops before the other.
  if (OPEN_PASSIVE.test(trimmed)) return true;
  // "A new Harvard University study, published in the British Journal": the subject and the
  // phrase set off after it, without the verb the sentence says of them.
  const setOff =
    /^([^,]{3,80}),\s+\p{Ll}+ed(?:\s+(?:today|yesterday|recently|earlier|online))?(?:\s+(?:in|by|at|on|from|with|for|to)\b[^,]*)?$/u.exec(
      trimmed,
    );
  if (setOff && verbCount(setOff[1]) === 0) return true;
  // "…with a B.A", "…in the U.S": an abbreviation's last letter is no article.
  if (/\b(?:\p{Lu}\.)+\p{Lu}\.?$/u.test(trimmed)) return false;
  // "…issued in 2023" ends on its year, not on "in".
  const last = /([\p{L}\p{N}']+)[^\p{L}\p{N}']*$/u.exec(trimmed)?.[1]?.toLowerCase();
  return !!last && OPEN_ENDINGS.has(last) && !strandsPreposition(trimmed);
}

/** (Not "…, the company said", "…,” she says": a quotation's attribution ends its sentence.) */
const REPORTING_END =
  /(?<![,"”]\s*(?:\S+\s+){1,3})\b(?:says|suggests|shows|finds|indicates|argues|concludes|explains|warns|believes|states|notes)(?:\s+(?:instead|also|further|today))?$/i;
const OPEN_PASSIVE =
  /\b(?:is|was|are|were|been|be)\s+(?:\p{L}+ly\s+)?(?:linked|associated|related|compared|attributed|connected|tied|exposed|subject|equivalent|similar|due)$/iu;

/** What follows "suggests that", "the message is that": a clause of its own, verb included. */
const REPORTED_CLAUSE =
  /\b(?:is|was|are|were|says|said|suggests|suggested|finds|found|showed|shown|reported|believes|believed|means|noted|argues|argued|concludes|concluded|estimated|indicates|indicated|warns|warned|claimed|explains|explained)\s+(?:instead\s+|also\s+)?that\s+([^,;:]+)$/i;

/**
 * "…a statement of work that UPRR must comply with", "…the tools you work with": a relative
 * clause may end on its verb's preposition; the clause is whole.
 */
function strandsPreposition(text: string): boolean {
  const m =
    /\b(?:that|which|who|whom|what)\b((?:\s\S+){0,3})\s(\S+)\s(?:with|for|about|on|in|to|of|from|at|by|into)$/i.exec(
      text,
    );
  return !!m && verbCount(`${m[1]} ${m[2]}`) > 0 && !OPEN_ENDINGS.has(m[2].toLowerCase());
}

/** The term set used to compare bullets. */
export function bulletKey(text: string): Set<string> {
  return new Set(terms(text));
}

/**
 * True when a bullet says (nearly) the same as one already used: same terms, a cut of it, or the
 * same telling figure about the same thing ("Gross margin improved to 46.3%" / "Gross margin: 46.3%").
 */
export function isNearDuplicate(key: ReadonlySet<string>, used: readonly ReadonlySet<string>[]): boolean {
  return used.some((u) => {
    if (jaccard(key, u) >= 0.6) return true;
    if (Math.min(key.size, u.size) >= 3 && containment(key, u) >= 0.8) return true;
    const figures = new Set([...u].filter((t) => TELLING_FIGURE.test(t)).map(figureCore));
    const sameFigure = [...key].some((t) => TELLING_FIGURE.test(t) && figures.has(figureCore(t)));
    return sameFigure && [...key].some((t) => !/\d/.test(t) && u.has(t));
  });
}

/** "48.6m" and "48.6" are the same figure written two ways. */
function figureCore(term: string): string {
  return term.replace(/[^\d.,%]/g, "");
}

// A figure specific enough to identify a fact: a decimal, a percentage, a large or scaled number.
// Years and small counts ("2024", "3") recur across unrelated facts.
const TELLING_FIGURE = /^(?!(?:19|20)\d{2}$)(?:\d+[.,]\d+\w*%?|\d+%|\d{3,}\w*|\d+[kmb]n?)$/;
