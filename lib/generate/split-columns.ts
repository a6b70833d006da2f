/**
 * Finds a natural two-way split in a slide's bullets (pros/cons, before/after, option A/B), so
 * the slide can use the two-column layout.
 */
import type { TColumn } from "@/lib/deck/schema";
import { plainText } from "./offline/tokenize";

const LABEL = /^(?:\*\*|__)?([^:*_]{1,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(\S.*)$/;
const HEADER = /^(?:\*\*|__)?([^:*_]{1,40}?)(?:\*\*|__)?\s*:?(?:\*\*|__)?\s*$/;
const PAIR_WORDS =
  /^(?:pros?|cons?|advantages?|disadvantages?|benefits?|drawbacks?|risks?|strengths?|weaknesses?|before|after|now|then|today|future|current|target|option [a-z0-9]+|plan [a-z0-9]+|do|don't|dos|don'ts|myths?|facts?|old|new)$/i;

/**
 * Two columns when the bullets fall into exactly two labelled groups: "Pros: …" / "Cons: …"
 * prefixes, or label-only bullets ("Before:") followed by their items. Null otherwise.
 */
export function splitColumns(bullets: readonly string[]): TColumn[] | null {
  return byPrefix(bullets) ?? byHeaders(bullets);
}

function byPrefix(bullets: readonly string[]): TColumn[] | null {
  const groups: { heading: string; bullets: string[] }[] = [];
  for (const b of bullets) {
    const m = LABEL.exec(b.trim());
    if (!m || m[1].trim().split(/\s+/).length > 4) return null;
    const heading = m[1].trim();
    const last = groups.at(-1);
    if (last && same(last.heading, heading)) last.bullets.push(capitalise(m[2]));
    else if (groups.some((g) => same(g.heading, heading))) return null;
    else groups.push({ heading, bullets: [capitalise(m[2])] });
  }
  if (groups.length !== 2) return null;
  // Two one-off labels ("Note:", "Tip:") are not a comparison; pair words or real groups are.
  const paired = groups.every((g) => PAIR_WORDS.test(plainText(g.heading)));
  return paired || groups.every((g) => g.bullets.length >= 2) ? groups : null;
}

function byHeaders(bullets: readonly string[]): TColumn[] | null {
  const groups: { heading: string; bullets: string[] }[] = [];
  for (const b of bullets) {
    const m = HEADER.exec(b.trim());
    const isHeader = m && (b.trim().endsWith(":") || PAIR_WORDS.test(plainText(m[1]).trim()));
    if (isHeader && m) groups.push({ heading: m[1].trim(), bullets: [] });
    else if (groups.length) groups[groups.length - 1].bullets.push(b);
    else return null;
  }
  return groups.length === 2 && groups.every((g) => g.bullets.length > 0) ? groups : null;
}

function same(a: string, b: string): boolean {
  return plainText(a).toLowerCase() === plainText(b).toLowerCase();
}

function capitalise(s: string): string {
  return s.replace(/^(\P{L}*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}
