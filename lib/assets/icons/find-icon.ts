import "server-only";
import { iconCatalog, type TIconEntry } from "./icon-catalog";
import { ICON_SYNONYMS } from "./icon-synonyms";

/** The icon of a query nothing matches: neutral, and fits any "highlights" slide. */
export const DEFAULT_ICON = "sparkles";

// Words that say nothing about a topic ("our plan for the year" is about "plan").
const STOP_WORDS = new Set(
  (
    "a an and are as at be by for from how in into is it its of on or our over per so than that the " +
    "their them these this those to up us via vs we what when where which who why will with within " +
    "you your all any more most new next key main top part no not"
  ).split(" "),
);

// Score weights: a topic synonym beats an icon named after the word, which beats a tag.
const WEIGHTS = { phrase: 12, synonym: 10, name: 8, part: 4, tag: 3, tagWord: 1.5, prefix: 1 };

type TScored = { name: string; score: number };

/**
 * The best Lucide icon for a name or keywords: an exact icon name or alias ("shield-check",
 * "alert-triangle") as is; otherwise words are matched against a table of presentation topics
 * ("growth" → trending-up, "security" → shield-check), icon names, name parts and Lucide's tags.
 * Words nothing matches give DEFAULT_ICON. Deterministic: ties go to the simpler, shorter name.
 */
export function findIcon(query: string): string {
  return searchIcons(query, 1)[0] ?? DEFAULT_ICON;
}

/** Up to `limit` icon names for a query, best first (an icon picker's results); none for no match. */
export function searchIcons(query: string, limit = 24): string[] {
  const { icons, aliases } = iconCatalog();
  const slug = query
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  const exact = icons.has(slug) ? slug : aliases.get(slug);
  const tokens = queryTokens(query);
  const words = tokens.filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
  const scores = new Map<string, number>();
  const add = (name: string, score: number) => scores.set(name, (scores.get(name) ?? 0) + score);

  // Phrases are matched on every word: "next steps" and "thank you" hold stop words.
  const text = ` ${tokens.join(" ")} `;
  for (const [key, target] of Object.entries(ICON_SYNONYMS))
    if (key.includes(" ") && text.includes(` ${key} `)) add(target, WEIGHTS.phrase);
  for (const [index, word] of words.entries()) {
    // The head of an English noun phrase comes last ("revenue growth" is about growth).
    const head = 1 + (0.05 * index) / Math.max(1, words.length - 1);
    const forms = wordForms(word);
    const synonym = forms.map((form) => ICON_SYNONYMS[form]).find(Boolean);
    if (synonym) add(synonym, WEIGHTS.synonym * head);
    for (const [name, score] of wordScores(forms)) add(name, score * head);
  }
  const ranked = [...scores]
    .map(([name, score]): TScored => ({ name, score }))
    .sort((a, b) => b.score - a.score || simplerFirst(a.name, b.name));
  const names = ranked.map(({ name }) => name);
  return (exact ? [exact, ...names.filter((name) => name !== exact)] : names).slice(0, limit);
}

/** The words of a query, lower case and without accents. */
function queryTokens(query: string): string[] {
  return query
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9-]+|-/)
    .filter(Boolean);
}

/** The word and its likely singulars, so "teams", "processes" and "strategies" match. */
function wordForms(word: string): string[] {
  const forms = [word];
  if (word.length > 4 && word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) forms.push(word.slice(0, -1));
  return forms;
}

type TWordIndex = {
  /** Icons by their whole name, by a part of their name, by a whole tag and by a word of a tag. */
  names: Map<string, TIconEntry>;
  parts: Map<string, TIconEntry[]>;
  tags: Map<string, TIconEntry[]>;
  tagWords: Map<string, TIconEntry[]>;
};

let index: TWordIndex | undefined;

// Looked up per word instead of scanning ~1,900 icons' tags for every word of every query.
function wordIndex(): TWordIndex {
  if (index) return index;
  const push = (map: Map<string, TIconEntry[]>, key: string, icon: TIconEntry) => {
    const list = map.get(key);
    if (!list) map.set(key, [icon]);
    else if (list.at(-1) !== icon) list.push(icon);
  };
  index = { names: new Map(), parts: new Map(), tags: new Map(), tagWords: new Map() };
  for (const icon of iconCatalog().icons.values()) {
    index.names.set(icon.name, icon);
    for (const part of icon.parts) push(index.parts, part, icon);
    for (const tag of icon.tags) {
      push(index.tags, tag, icon);
      if (tag.includes(" ")) for (const word of tag.split(" ")) push(index.tagWords, word, icon);
    }
  }
  return index;
}

/** Each icon's best score for one query word (any of its forms). */
function wordScores(forms: string[]): Map<string, number> {
  const { names, parts, tags, tagWords } = wordIndex();
  const best = new Map<string, number>();
  const offer = (icon: TIconEntry, score: number) => {
    if (score > (best.get(icon.name) ?? 0)) best.set(icon.name, score);
  };
  for (const form of forms) {
    const named = names.get(form);
    if (named) offer(named, WEIGHTS.name);
    // A part of a long name says less about the icon than a part of a short one.
    for (const icon of parts.get(form) ?? []) offer(icon, WEIGHTS.part - 0.25 * (icon.parts.length - 1));
    for (const icon of tags.get(form) ?? []) offer(icon, WEIGHTS.tag);
    for (const icon of tagWords.get(form) ?? []) offer(icon, WEIGHTS.tagWord);
    if (form.length >= 5)
      for (const [tag, icons] of tags)
        if (tag !== form && tag.startsWith(form)) for (const icon of icons) offer(icon, WEIGHTS.prefix);
  }
  return best;
}

function simplerFirst(a: string, b: string): number {
  return a.split("-").length - b.split("-").length || a.length - b.length || a.localeCompare(b);
}
