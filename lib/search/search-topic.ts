import { stripInline } from "@/lib/layouts/parse-inline";

/** Enough words to name a topic; search APIs rank long queries poorly. */
const MAX_WORDS = 16;

/**
 * What to search the web for, from a request: the first markdown heading of the content, else its
 * first line, cut to its first sentence and at most 16 words; `instructions` are used when the
 * content gives nothing. Empty when neither does.
 */
export function searchTopic(content: string, instructions?: string): string {
  for (const source of [content, instructions ?? ""]) {
    const lines = source
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const heading = lines.find((line) => /^#{1,6}\s+\S/.test(line));
    const line = (heading ?? lines[0] ?? "").replace(/^#{1,6}\s+|^[-*+]\s+|^\d+[.)]\s+/, "");
    const sentence = stripInline(line).split(/(?<=[.!?。！？])\s/)[0] ?? "";
    const words = sentence
      .replace(/[.!?。！？:;]+$/, "")
      .split(/\s+/)
      .filter(Boolean);
    if (words.length > 0) return words.slice(0, MAX_WORDS).join(" ");
  }
  return "";
}
