/**
 * The sentences of a slide's speaker notes, one per line or sentence, without the "• " marks the
 * editor adds to moved text. Pure.
 */
import { splitSentences } from "@/lib/generate/offline/split-sentences";

/** The notes as sentences, in order. */
export function noteSentences(notes: string | undefined): string[] {
  if (!notes?.trim()) return [];
  return notes
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[•*-]|\d+[.)])\s+/, "").trim())
    .filter(Boolean)
    .flatMap((line) => splitSentences(line));
}
