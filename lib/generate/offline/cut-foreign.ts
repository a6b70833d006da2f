/**
 * Shortening for Latin-script languages other than English, where the English word classes do
 * not apply: cut at a clause boundary (comma, semicolon, colon) or before a preposition or
 * conjunction of the sentence's language, never after an article or a preposition.
 */

import type { TCompressed } from "./compress-sentence";
import { STOPWORDS_BY_LANGUAGE } from "./stopwords";
import { countWords, words } from "./tokenize";

// Words a clause or a modifier starts with: cutting before one keeps the part before it whole.
const BOUNDARY_WORDS: Record<string, string> = {
  es: "que donde cuando porque aunque mientras pero y o con sin para por desde hasta entre sobre tras según gracias durante como",
  fr: "qui que où dont quand parce mais et ou avec sans pour par dans depuis jusqu entre sur selon grâce pendant comme car afin",
  de: "weil wenn obwohl während aber und oder mit ohne für durch seit bis zwischen über nach laut dank als damit sodass",
  pt: "que onde quando porque embora enquanto mas e ou com sem para por desde até entre sobre segundo durante como",
  it: "che dove quando perché anche mentre ma e o con senza per da fino tra fra su secondo durante come",
  nl: "waar wanneer omdat hoewel terwijl maar en of met zonder voor door sinds tot tussen over volgens tijdens als",
};
// Words a cut may not end on: articles, prepositions, conjunctions, auxiliaries.
const DANGLING_WORDS: Record<string, string> = {
  es: "el la los las un una unos unas de del al a y o u en con por para que su sus se es son fue ha han muy más menos entre sobre sin",
  // ("fur": "au fur | et à mesure" is one phrase.)
  fr: "le la les l un une des de du d au aux à et ou en avec par pour que qui se sa son ses ce cette ces est sont a ont très plus moins sur dans sans alors fur",
  // (And "nicht", "kein…": "…die innovative Produkte entwickeln und nicht | über so hohe
  // Forschungsbudgets verfügen" would say the opposite.)
  de: "der die das den dem des ein eine einer eines einem einen und oder in im mit von zu zum zur für auf ist sind war wird werden hat haben sehr mehr bei aus nach über nicht kein keine keinen keinem keiner",
  pt: "o a os as um uma de do da dos das e ou em no na nos nas com por para que se seu sua é são foi muito mais",
  it: "il lo la gli le un una di del della dei delle e ed o in nel nella con per che si suo sua è sono era molto più",
  nl: "de het een en of in op met voor van te dat die is zijn was werd heeft hebben zeer meer bij uit naar",
};

// Words that open a reported or complement clause ("reiteró que…"): its verb comes later.
const COMPLEMENTIZERS = new Set("que qu dass che dat".split(" "));
const COORDINATORS = new Set("y e o u et ou und oder en of ed".split(" "));
/** A purpose phrase begun after a comma ("…, pero para comprender ese plan"): the clause's verb is to come. */
const PURPOSE_START =
  /^(?:(?:pero|y|e|mas|mais|et|ma|aber|und)\s+)?(?:para|pour|per|afin de|um)\s+\p{L}+(?:ar|er|ir|re|en)\b/iu;

// Relative pronouns that open a clause (some are also articles, so they are not cut before).
const RELATIVES = new Set(
  "was welche welcher welches der die das ce dont lo cuyo cuya qual cui wat".split(" "),
);

const toSet = (list: string) => new Set(list.split(/\s+/));
const BOUNDARIES = Object.fromEntries(Object.entries(BOUNDARY_WORDS).map(([k, v]) => [k, toSet(v)]));
const DANGLING = Object.fromEntries(Object.entries(DANGLING_WORDS).map(([k, v]) => [k, toSet(v)]));

/** The sentence's language when it is one of the non-English ones handled here, else null. */
export function foreignLanguage(text: string): string | null {
  const tokens = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best = "en";
  let bestHits = 0;
  for (const [code, set] of Object.entries(STOPWORDS_BY_LANGUAGE)) {
    let hits = 0;
    for (const t of tokens) if (set.has(t)) hits++;
    if (hits > bestHits) [best, bestHits] = [code, hits];
  }
  return best !== "en" && BOUNDARIES[best] ? best : null;
}

/**
 * The best prefix within `max` words that ends at a boundary of the language, or null. Clause
 * punctuation beats a boundary word; a longer prefix beats a shorter one.
 */
export function cutForeign(text: string, max: number, language: string): TCompressed | null {
  const tokens = text.split(" ");
  const boundaries = BOUNDARIES[language];
  const dangling = DANGLING[language];
  let best: { text: string; score: number; quality: number } | null = null;
  for (let k = 2; k < tokens.length; k++) {
    const prev = tokens[k - 1];
    const next = tokens[k].toLowerCase().replace(/^[^\p{L}]+/u, "");
    const punct = /[,;:]$/.test(prev);
    if (!punct && !boundaries.has(next)) continue;
    const prefix = tokens
      .slice(0, k)
      .join(" ")
      .replace(/[\s,;:—–-]+$/, "");
    const words = countWords(prefix);
    if (words > max || words < Math.max(3, Math.floor(max / 2))) continue;
    const last = (prefix.split(" ").at(-1) ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
    if (dangling.has(last)) continue;
    if (count(prefix, "«") !== count(prefix, "»") || count(prefix, "(") !== count(prefix, ")")) continue;
    // "…, was zeigt" / "…, ce qui": a short clause after the last comma is only begun.
    const segment = prefix.split(/[,;:]\s*/).at(-1) ?? "";
    const opener = (segment.split(" ")[0] ?? "").toLowerCase();
    if (segment !== prefix && countWords(segment) < 4 && (boundaries.has(opener) || RELATIVES.has(opener)))
      continue;
    if (segment !== prefix && PURPOSE_START.test(segment)) continue;
    // "…, vorzugsweise auf Linux, kann | aber auch…": one word after the last comma begins a
    // clause; a German auxiliary or modal at the end waits for its verb.
    if (segment !== prefix && countWords(segment) < 2) continue;
    if (language === "de" && GERMAN_AUXILIARIES.has(last)) continue;
    // "Una vez que los cimientos están en su lugar": a subordinate clause alone, its main clause cut away.
    if (SUBORDINATE_START[language]?.test(prefix) && !/[,;:]/.test(prefix.replace(/\([^()]*\)/g, "")))
      continue;
    // "Après deux semaines de vacances dans le sud de la France, | c'est l'heure…": an opening
    // phrase cut at its own comma has no main clause. (German puts its verb right after one.)
    if (punct && LEADING_PHRASE[language]?.test(prefix) && !/[,;:]/.test(prefix)) continue;
    // "…pueden ser de losa, | pilotes o muros de contención": a list is not cut after its first item.
    if (/,$/.test(prev) && inEnumeration(tokens, k, boundaries)) continue;
    if (language === "de" && leavesClauseOpen(segment, segment !== prefix, tokens.slice(k).join(" "), punct))
      continue;
    // "…machte Mailand im späten 3." before "und frühen 4. Jahrhundert": an ordinal wants its noun.
    if (/(?:^|\s)\d+\.$/.test(prefix)) continue;
    // "…reiteró que el requisito": a complement clause of a few words has not reached its verb.
    const lastWords = prefix.toLowerCase().split(/\s+/).slice(-4);
    if (lastWords.slice(0, -1).some((w) => COMPLEMENTIZERS.has(w.replace(/[^\p{L}]/gu, "")))) continue;
    // Before "que" the verb may want the clause ("tendrían | que comprender"): a last resort only.
    // Before "y" and a noun the pair may go on ("demócratas | y republicanos"): not a clean cut.
    // Before "y" and a function word a new clause starts ("diciembre | y desde entonces…").
    const after = (tokens[k + 1] ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
    const pair = COORDINATORS.has(next) && !boundaries.has(after) && !dangling.has(after);
    // German capitalises nouns: "die Kaiser Konstantin | und Licinius das Edikt" joins two names.
    if (language === "de" && pair && /^\p{Lu}/u.test(tokens[k + 1] ?? "")) continue;
    const quality = COMPLEMENTIZERS.has(next) ? 0.45 : punct ? 0.75 : pair ? 0.5 : 0.6;
    const score = quality * 3 + words / max;
    if (!best || score > best.score) best = { text: prefix, score, quality };
  }
  return best ? { text: best.text, quality: best.quality } : null;
}

/** German auxiliaries and modals: their participle or infinitive closes the clause. */
const GERMAN_AUXILIARIES = new Set(
  `wurde wurden wird werden worden hat haben hatte hatten habe kann können konnte konnten muss
  müssen musste mussten soll sollen sollte sollten will wollen wollte wollten darf dürfen durfte möchte`.split(
    /\s+/,
  ),
);

/** German words that open a subordinate clause, whose verb comes last. */
const GERMAN_SUBORDINATORS = new Set(
  `die der das dem den deren dessen welche welcher welches was wer dass weil wenn als ob obwohl
  während nachdem bevor damit sodass wie wo wodurch womit worauf`.split(/\s+/),
);

const GERMAN_ARTICLES = new Set("der die das den dem des ein eine einer eines einem einen".split(" "));

/**
 * German puts the verb at the end of a subordinate clause and the participle or infinitive of an
 * auxiliary at the end of the main one: "Tatsächlich wurde in diesem Jahr … ein Legionslager |,
 * später auch ein Nachschubdepot errichtet", "Ab 1251 ist das Recht der Stadt … | und auf
 * Besteuerung ihrer Bürger belegt", "…, die ihren Namen von St. Ambrosius |, einem beliebten
 * Schutzpatron der Stadt, erhielt". A cut there loses the verb. It is clean when the kept clause
 * ends on its verb (a word in lower case that no article leads: "von den Römern erobert", not
 * "der antiken"), or when what is cut away is a clause of its own (", die …", ", weil …") or
 * holds no verb at its end.
 * `subordinate`: the clause follows a comma, so a leading "die" or "der" is a relative pronoun.
 */
function leavesClauseOpen(clause: string, subordinate: boolean, tail: string, atComma: boolean): boolean {
  const tokens = words(clause);
  const last = tokens.at(-1) ?? "";
  const closed =
    /^\p{Ll}/u.test(last) &&
    !GERMAN_NOT_VERBS.has(last.toLowerCase()) &&
    !GERMAN_ARTICLES.has((tokens.at(-2) ?? "").toLowerCase());
  if (closed) return false;
  const first = (tokens[0] ?? "").toLowerCase();
  if (subordinate && GERMAN_SUBORDINATORS.has(first)) return true;
  if (tokens.slice(0, -1).some((t) => GERMAN_AUXILIARIES.has(t.toLowerCase()))) return true;
  const rest = words(tail);
  if (atComma && opensClause(rest)) return false;
  // The words cut away up to the next clause of their own ("bis 1631 |, als die Pest nachließ"):
  // a verb at their end is this clause's.
  const parts = tail.split(/,\s+/);
  const next = parts.findIndex((part, i) => i > 0 && opensClause(words(part)));
  const own = words((next < 0 ? parts : parts.slice(0, next)).join(", "));
  const end = own.at(-1) ?? "";
  return /^\p{Ll}/u.test(end) && !GERMAN_NOT_VERBS.has(end.toLowerCase());
}

/**
 * Words that open a clause of their own: "die sich bis nach Oberitalien erstreckte", "als die Pest
 * nachließ". An article before its noun ("dem Kirchenstaat, der Republik Venedig") lists nouns.
 */
function opensClause(words: readonly string[]): boolean {
  const first = (words[0] ?? "").toLowerCase();
  const article = GERMAN_ARTICLES.has(first) && /^\p{Lu}/u.test(words[1] ?? "");
  return GERMAN_SUBORDINATORS.has(first) && !article;
}

/** Lower-case German words that end a clause without being its verb ("war Mailand zusammen | mit…"). */
const GERMAN_NOT_VERBS = new Set(
  `zusammen oben unten außen innen morgen gestern heute damals später früher bereits schon noch auch
  nur sehr etwa rund jedoch dann dort hier sowie insgesamt ebenfalls wieder weiter zudem allein`.split(/\s+/),
);

/** How far after a comma a list's "and" may come: "…, los materiales de construcción y cualquier…". */
const ENUMERATION_WORDS = 6;

/** Subordinate clauses (and Spanish gerunds: "Dependiendo del tipo…") at the start of a sentence: its main clause comes after them. */
/** Prepositions that open a sentence's adverbial phrase, before its main clause. */
const LEADING_PHRASE: Record<string, RegExp> = {
  es: /^(?:después de|antes de|durante|para|en|desde|según|con|sin|tras|por|ante|a pesar de)\s/iu,
  fr: /^(?:après|avant|pendant|pour|dans|depuis|selon|lors d[eu'’]|en|avec|sans|sous|par|malgré|face à|au cours d[eu'’])\s?/iu,
  pt: /^(?:depois de|antes de|durante|para|em|desde|segundo|com|sem|após|por)\s/iu,
  it: /^(?:dopo|prima di|durante|per|in|da|secondo|con|senza|nel|nella)\s/iu,
};

const SUBORDINATE_START: Record<string, RegExp> = {
  es: /^(?:una vez que|cuando|si|aunque|mientras|porque|como|después de que|antes de que|ya que|puesto que|siempre que|a medida que|\p{L}+(?:ando|iendo|yendo))\s/iu,
  // ("À noter que si les résultats…": after a lead-in that only points at it.)
  fr: /^(?:(?:à noter|notons|il faut noter|il est à noter)\s+que\s+)?(?:quand|lorsque|lorsqu['’]|si|bien que|parce que|puisque|comme|tandis que|alors que|dès que|après que|avant que|une fois que)\s?/iu,
  de: /^(?:wenn|als|weil|obwohl|nachdem|bevor|während|falls|sobald|damit)\s/iu,
  pt: /^(?:quando|se|embora|porque|como|enquanto|depois que|antes que|uma vez que)\s/iu,
  it: /^(?:quando|se|anche se|perché|poiché|mentre|dopo che|prima che|una volta che)\s/iu,
  nl: /^(?:als|wanneer|omdat|hoewel|terwijl|nadat|voordat)\s/iu,
};

/**
 * The comma before token k separates items of a list: a coordinator ("pilotes o muros") or
 * another comma comes within a few words, and no clause word opens what follows. A comma then a
 * verb starts a clause, so the list ends at the first full stop, semicolon or colon.
 */
function inEnumeration(tokens: readonly string[], k: number, boundaries: ReadonlySet<string>): boolean {
  const word = (t: string | undefined) => (t ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
  if (COORDINATORS.has(word(tokens[k])) || boundaries.has(word(tokens[k])) || RELATIVES.has(word(tokens[k])))
    return false;
  for (let j = k + 1; j < Math.min(tokens.length, k + ENUMERATION_WORDS); j++) {
    if (/[.;:]$/.test(tokens[j - 1] ?? "")) return false;
    if (COORDINATORS.has(word(tokens[j]))) return true;
    if (/,$/.test(tokens[j - 1] ?? "") && j - 1 > k) return true;
  }
  return false;
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}
