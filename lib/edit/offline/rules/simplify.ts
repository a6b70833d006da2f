/**
 * "Simpler" / "plain language" / "less jargon": everyday words for formal ones, no filler or side
 * remarks, and a sentence longer than 20 words split at its semicolons or cut at a clause. Titles,
 * figures and quotations stay as written. Pure (English word list).
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { countWords } from "@/lib/generate/offline/tokenize";
import { resolveLanguage } from "@/lib/generate/phrases";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { mapContentText } from "../map-content";
import { notesField } from "../move-to-notes";
import { plainWords } from "../plain-words";
import { single, type TEditRule } from "../types";

const ASKS =
  /\b(?:simpler|simplif(?:y|ied)|plain(?:er)?\s+(?:language|english|words|terms)|plainer|easier\s+to\s+(?:read|understand|follow)|less\s+(?:technical|jargon|complex|complicated|formal)|no\s+jargon|without\s+jargon|everyday\s+(?:language|words)|layman'?s?(?:\s+terms)?|non-?technical|for\s+(?:kids|children|beginners|a\s+general\s+audience|non-experts|laypeople))\b/i;
const LONG = 20;

export const simplifyRule: TEditRule = {
  id: "simplify",
  help: '"simpler" / "plain language" / "less jargon"',
  parse(prompt) {
    return ASKS.test(prompt) ? simplify : null;
  },
};

function simplify(slide: TSlide, ctx: TEditContext) {
  const warnings: string[] = [];
  const language = resolveLanguage(ctx.deck.language);
  if (language !== null && language !== "en")
    warnings.push(
      "The offline plain-language word list is English; in this deck only side remarks, fillers and long sentences were simplified.",
    );
  const simpler = (text: string) => {
    const plain = plainWords(text);
    return countWords(plain) > LONG
      ? compressSentence(plain, { maxWords: LONG, keepPeriod: /[.!?]$/.test(plain) }).text
      : plain;
  };
  let out: TSlideContent = mapContentText(slide.content, (text, kind) =>
    kind === "title" || kind === "quote" || kind === "attribution" || kind === "header"
      ? text
      : simpler(text),
  );
  // A bullet of two clauses joined by a semicolon reads better as two bullets.
  if (out.bullets) out = { ...out, bullets: out.bullets.flatMap(splitSemicolons).slice(0, 30) };
  if (JSON.stringify(out) === JSON.stringify(slide.content))
    throw new EditRefusal("The slide's wording is already plain as far as the offline rules can tell.");
  return single(
    slide,
    { layout: slide.layout, content: out, ...notesField(slide.notes) },
    "rewrote the slide in plainer words",
    warnings,
  );
}

function splitSemicolons(bullet: string): string[] {
  const parts = bullet.split(/;\s+/).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => countWords(p) < 3)) return [bullet];
  return parts.map((p) =>
    p.replace(/^(\P{L}*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase()),
  );
}
