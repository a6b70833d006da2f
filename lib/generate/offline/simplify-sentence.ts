/**
 * Rewrites that shorten a sentence without changing what it claims: lead-in connectives,
 * parentheses, side clauses, reported-speech frames, opening adverbials, enumerations and
 * filler adverbs. Each variant is offered to the compressor, which picks what fits best.
 */
import {
  AUXILIARIES,
  bare,
  CLAUSE_WORDS,
  COMMON_VERBS,
  DETERMINERS,
  hasVerb,
  isPastForm,
  LEADING_PREPOSITION,
  PREPOSITIONS,
  SUBORDINATORS,
  verbCount,
} from "./word-classes";

const LEAD_INS = [
  /^(?:however|moreover|furthermore|additionally|in addition|also|besides|meanwhile|nevertheless|nonetheless|still|thus|therefore|hence|consequently|as a result|in fact|indeed|of course|for example|for instance|in other words|in short|in summary|in sum|to summarize|to sum up|overall|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|next|similarly|likewise|on the other hand|by contrast|in contrast|by comparison|notably|importantly|interestingly|basically|essentially|actually|crucially|ultimately|in practice|in many cases|in most cases|today|instead|then|so|after all|above all|at the same time),\s+/i,
  /^(?:and|but|yet|so|also|plus)\s+/i,
  /^(?:it is|it's) (?:worth noting|important to (?:note|remember|understand)|clear|true|notable) that\s+/i,
  /^(?:it should be noted|note|remember|keep in mind|the fact is|the truth is|what this means is|the point is) that\s+/i,
  /^(?:as (?:mentioned|noted|discussed|described) (?:above|earlier|before)),\s+/i,
  // The same connectives in Spanish, Portuguese, French and Italian, before their comma (not German:
  // its verb follows the connective, "Außerdem ist…", and would be left first).
  /^(?:de esta manera|de este modo|sin embargo|además|por otro lado|por lo tanto|por eso|en cambio|asimismo|no obstante|por su parte|mientras tanto|en efecto|por ejemplo|no entanto|além disso|por exemplo|portanto|contudo|cependant|toutefois|de plus|en outre|par ailleurs|ainsi|par exemple|en effet|néanmoins|pourtant|d'ailleurs|tuttavia|inoltre|d'altra parte|per esempio|quindi|comunque),\s+/iu,
];

const SUBJECT_PRONOUNS = new Set(["i", "we", "you", "he", "she", "it", "they"]);

const REPORTED =
  /^(?:the |our |their )?[\p{L}\p{N} .'-]{0,40}? (?:agreed|said|says|noted|explained|reported|found|reminded [\p{L}]+|told [\p{L}]+|mentioned|confirmed|announced|decided|concluded|showed|shows|stressed|warned|added) that\s+/iu;

/** Removes lead-in connectives and filler openers ("However,", "It is worth noting that"). */
export function trimLeadIns(text: string): string {
  let s = text.trim();
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    for (const re of LEAD_INS) s = s.replace(re, "");
    if (s === before) break;
  }
  return s;
}

// Side material that can go without changing what the sentence claims, tried in this order.
const TRANSFORMS: ((s: string) => string)[] = [
  (s) => s.replace(/\s*\([^()]*\)/g, ""),
  // An aside between dashes: "The majority of these fatalities – 8,964 people as reported by … – are…".
  // (Unspaced em dashes too: "data challenges—particularly challenges in…—have hindered…".)
  (s) => s.replace(/\s[–—]\s[^–—]{1,160}?\s[–—]\s/g, " ").replace(/(?<=\p{L})—[^—]{1,160}?—(?=\p{L})/gu, " "),
  (s) =>
    s
      // Only an inserted clause: the main verb must follow it ("The policy, which took effect in
      // March, cut costs"), else the second comma ends something else ("…, which is solid rock, a few…").
      .replace(/,\s+(?:which|who|whose|where)\b[^,;]*,\s*(?=(\S+))/gi, (m, next: string) =>
        verbCount(next) > 0 ? " " : m,
      )
      .replace(/,\s+(?:which|who|whose|according to)\b[^,;]*([.!?]?)$/i, "$1"),
  (s) => s.replace(REPORTED, ""),
  dropLeadingPhrase,
  dropEnumeration,
  dropSubjectModifier,
  // A press release's company line: "MICROS Systems, Inc. (Nasdaq:MCRS), a leading supplier of
  // information systems to the hospitality and retail industries, today announced…" says who
  // announced: the ticker in brackets and what the company is go.
  (s) =>
    s
      .replace(
        /\s*\((?:NYSE|NASDAQ|Nasdaq|AMEX|NYSE American|TSX|LSE|OTC|OTCQX|ASX|Euronext)\s*:[^()]{1,20}\)/g,
        "",
      )
      .replace(/,\s(?:a|an|the)\s[^,;]{3,120}?,\s(?=(?:today|yesterday|recently)\s\p{Ll}+(?:ed|s)\b)/u, " "),
  // Short asides and appositives: ", although modest,", ", Dr. Amara Osei," (before a verb).
  (s) => s.replace(/,\s(?:although|though|if|when|while)\s[^,]{1,30},\s/gi, " "),
  (s) =>
    s.replace(
      /,\s(?:(?:Dr|Mr|Mrs|Ms|Prof)\.\s)?\p{Lu}[\p{L}.'-]*(?:\s\p{Lu}[\p{L}.'-]*){0,3},\s(?=\p{Ll})/u,
      " ",
    ),
  (s) =>
    s.replace(
      /\s(?:very|really|actually|currently|simply|just|quite|certainly|clearly|basically|essentially|also|still)\b/gi,
      "",
    ),
  // (Last, so the rewrites before it keep their places in the count.)
  // Examples closing the sentence: "…contribute to the project, including coding style, bug
  // reporting procedures, and pull request processes." The claim stands without them.
  (s) =>
    s.replace(
      /,\s(?:\p{L}+ly\s)?(?:including|such as|for example|for instance|e\.g\.,?|especially|notably)\s[^;:]+?([.!?]?)$/iu,
      "$1",
    ),
  dropOpeningApposition,
  // A participle's phrase inserted after the subject: "A new study, published in the British
  // Journal of Sports Medicine, found…" (the main verb must follow it).
  (s) =>
    s.replace(
      /,\s+\p{Ll}+ed\s+(?:in|by|at|on|from|with|for|to|last|this|today|earlier)\b[^,;]{1,80},\s*(?=(\S+))/u,
      (m, next: string) => (verbCount(next) > 0 ? " " : m),
    ),
];

/**
 * "An important tool for accountability, the annual report lets supporters know…": a noun phrase
 * before the subject says what the subject is; the sentence stands without it.
 */
function dropOpeningApposition(s: string): string {
  // ("Often referred to as Boulder Dam, the site was officially named after Herbert Hoover": another
  // name for the subject, in the same place. Not "Led by Eben Upton, they…": who led them is news.)
  const m =
    /^(?:an?|one|another)\s[^,;:]{2,80},\s+(?=(?:the|this|these|its|their|our|his|her|it|they|he|she|we)\s)/i.exec(
      s,
    ) ??
    /^(?:(?:often|also|once|formerly|\p{L}+ly)\s)?(?:referred\sto\sas|known\sas|called|nicknamed|dubbed)\s[^,;:]{2,60},\s+(?=(?:the|this|these|its|their|our|his|her|it|they|he|she|we)\s)/iu.exec(
      s,
    );
  const participle = !!m && !/^(?:an?|one|another)\s/i.test(m[0]);
  if (
    !m ||
    (!participle && verbCount(m[0]) > 0) ||
    NEGATION.test(m[0]) ||
    verbCount(s.slice(m[0].length)) === 0
  )
    return s;
  const rest = s.slice(m[0].length);
  return rest[0].toUpperCase() + rest.slice(1);
}

/** The sentence and its shortened variants, each with how many rewrites it took. */
export function sentenceVariants(text: string): Map<string, number> {
  const variants = new Map<string, number>([[text, 0]]);
  let cumulative = text;
  TRANSFORMS.forEach((t, i) => {
    const single = tidy(t(text));
    if (!variants.has(single)) variants.set(single, 1);
    cumulative = tidy(t(cumulative));
    if (!variants.has(cumulative)) variants.set(cumulative, i + 1);
  });
  return variants;
}

const WH_WORDS = new Set(["how", "what", "why", "where", "when", "whether", "who", "whom", "which"]);
const CONDITION = /^(?:(?:now|then|so),?\s+)?(?:even\s+|only\s+)?(?:if|unless|without)\b/i;

/** "not", "never", "doesn’t": a span holding one cannot go without saying the opposite. */
const NEGATION = /\b(?:not|no|never|nor|cannot)\b|n['’]t\b/iu;

/**
 * Drops a list hanging off a preposition when its items are single nouns and a verb follows:
 * "Air leaks around windows, doors, hatches and chimneys can account…" → "Air leaks can account…".
 */
function dropEnumeration(s: string): string {
  const tokens = s.split(" ");
  for (let i = 1; i < tokens.length; i++) {
    if (!/^(?:around|in|on|at|for|with|from|including|like)$/i.test(tokens[i])) continue;
    let j = i + 1;
    let items = 0;
    // Items of one or two words, comma-separated, the last after "and"/"or".
    while (j < tokens.length) {
      const itemEnd = tokens[j].endsWith(",")
        ? j
        : tokens[j + 1]?.endsWith(",") && !DETERMINERS.has(bare(tokens[j]))
          ? j + 1
          : -1;
      if (itemEnd < 0) break;
      if (DETERMINERS.has(bare(tokens[j]))) return s;
      items++;
      j = itemEnd + 1;
    }
    // The item before "and"/"or" may be one or two words without a comma: "attic hatches and".
    for (let extra = 0; extra < 2 && !/^(?:and|or)$/i.test(tokens[j] ?? ""); extra++) j++;
    if (items < 2 || !/^(?:and|or)$/i.test(tokens[j] ?? "")) continue;
    const last = tokens[j + 1];
    const after = tokens[j + 2];
    if (!last || DETERMINERS.has(bare(last)) || !after) continue;
    if (!AUXILIARIES.has(bare(after)) && !COMMON_VERBS.has(bare(after))) continue;
    if (NEGATION.test(tokens.slice(i, j + 2).join(" "))) return s;
    return [...tokens.slice(0, i), ...tokens.slice(j + 2)].join(" ");
  }
  return s;
}

/**
 * Drops a prepositional phrase between the subject and its verb:
 * "A late-night café in the central branch lost money" → "A late-night café lost money".
 */
function dropSubjectModifier(s: string): string {
  const tokens = s.split(" ");
  for (let i = 1; i <= 3 && i < tokens.length; i++) {
    const preposition = /^(?:in|at|on|from|for|with|around|near|inside|across)$/i.test(tokens[i]);
    // "Many houses built before 1950 have…": a participle phrase in the same slot.
    const after = bare(tokens[i + 1] ?? "");
    const participle = /ed$/i.test(tokens[i]) && (PREPOSITIONS.has(after) || CLAUSE_WORDS.has(after));
    if (!preposition && !participle) continue;
    // "We wanted to know…": after a pronoun the -ed word is the main verb, not a modifier.
    const subject = tokens.slice(0, i);
    if (verbCount(subject.join(" ")) > 0 || subject.some((t) => SUBJECT_PRONOUNS.has(bare(t)))) return s;
    for (let j = i + 2; j <= i + 9 && j < tokens.length; j++) {
      const w = bare(tokens[j]);
      // "…on the use of…": after a determiner a verb form is a noun.
      if (DETERMINERS.has(bare(tokens[j - 1]))) continue;
      // "…in television shows, movies and other media have been…": a word before a list's comma is an item.
      if (/[,;:]$/.test(tokens[j])) continue;
      if (!AUXILIARIES.has(w) && !COMMON_VERBS.has(w) && !(preposition && isPastForm(w))) continue;
      // "a scholarship for “undergraduate students” doesn’t automatically include…": the span
      // would take the verb's "not" with it.
      if (NEGATION.test(tokens.slice(i, j).join(" "))) return s;
      // "An important tool for accountability, the annual report lets…": past a comma the subject
      // is another one; the words before it are an apposition, not the verb's subject.
      if (tokens.slice(i, j).some((t) => /[,;:]$/.test(t))) return s;
      // "Examples and guidelines on how to use the project": the verb is the phrase's own, not
      // the subject's ("…guidelines use the project" says something else).
      if (bare(tokens[j - 1]) === "to" || tokens.slice(i, j).some((t) => WH_WORDS.has(bare(t)))) return s;
      return [...tokens.slice(0, i), ...tokens.slice(j)].join(" ");
    }
    return s;
  }
  return s;
}

/** A relative clause's opening: "which", "in which", "of whom", "where". */
const RELATIVE_OPENING = /^(?:(?:\p{L}+\s)?(?:which|whom|whose)|who|where)\b/iu;

/** Drops an opening adverbial phrase ("In summer", "Even on the coldest days of the year,"). */
function dropLeadingPhrase(text: string): string {
  if (!LEADING_PREPOSITION.test(text)) return text;
  // "If curl is *not* built with PSL support, it has no ability to stop super cookies": without
  // its condition the sentence claims what the text does not.
  const opening = /^[^,;]*/.exec(text)?.[0] ?? "";
  if (CONDITION.test(opening) || NEGATION.test(opening)) return text;
  // "Now, every time you call…, rustup will…": the adverb goes with the clause it opens.
  const s = text.replace(/^(?:now|then|so),\s+(?=\S+\s\S+[^,;]*,)/i, "");
  const comma = /^[^,;]{2,120}?,\s+/.exec(s);
  // "By the end of this lecture you should be able to explain X, Y": the opening holds the main clause.
  const mainClause =
    comma &&
    !SUBORDINATORS.test(s) &&
    /\b(?:i|we|you|he|she|they|it)\s+\S+/i.test(comma[0]) &&
    verbCount(comma[0]) > 0;
  if (comma && !mainClause && !/\b(?:and|or)$/.test(comma[0].trim().replace(/,$/, ""))) {
    let rest = s.slice(comma[0].length);
    // "In the five RCTs, in which patients were given the option…, the comparisons provided…":
    // the clause describing the opening goes with it.
    // "On a motion by Donovan, seconded by Houk, the Board voted…": the participle after the
    // opening is part of it.
    if (RELATIVE_OPENING.test(rest) || /^\p{Ll}+ed by\s/u.test(rest)) {
      const close = /^[^,;]{2,160}?,\s+/.exec(rest);
      if (!close) return s;
      rest = rest.slice(close[0].length);
    }
    // "When considering a program, service, or benefit, determining…": that comma was a list's.
    const listGoesOn = /^(?:(?:and|or)\s|[\p{L}'’-]+(?:\s[\p{L}'’-]+)?,\s+(?:and|or)\s)/iu.test(rest);
    if (listGoesOn) return text;
    if (rest.split(" ").length >= 4 && hasVerb(rest)) return rest;
  }
  // Without a comma the phrase ends where a new noun phrase starts: a determiner that does not
  // follow a preposition ("In summer | the same system runs").
  const tokens = s.split(" ");
  for (let k = 2; k < tokens.length - 2; k++) {
    const w = bare(tokens[k]);
    const prev = bare(tokens[k - 1]);
    if (!DETERMINERS.has(w) || PREPOSITIONS.has(prev) || prev === "of" || DETERMINERS.has(prev)) continue;
    // "Since then we never let | a single customer…": the opening already holds the subject and verb.
    const head = tokens.slice(0, k);
    if (verbCount(head.join(" ")) > 0 || head.some((t) => SUBJECT_PRONOUNS.has(bare(t)))) return s;
    const rest = tokens.slice(k).join(" ");
    return hasVerb(rest) ? rest : s;
  }
  return s;
}

/** Collapses spaces and spaces before punctuation. */
export function tidy(s: string): string {
  return s
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
