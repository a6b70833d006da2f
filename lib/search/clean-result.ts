import type { TSearchResult } from "./web-search-provider";

// The named entities search snippets use in practice; numeric ones are decoded generally.
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  times: "×",
  deg: "°",
  euro: "€",
  pound: "£",
  copy: "©",
  reg: "®",
  trade: "™",
};

/** A numeric character reference's character; a space for one that names no character. */
function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff)
    ? String.fromCodePoint(value)
    : " ";
}

/** Long enough for a sentence or two of context, short enough that ten fit in a prompt. */
const MAX_SNIPPET = 600;
const MAX_TITLE = 200;

/** Plain text from a search API's snippet: tags (Brave marks matches with <strong>) and entities removed. */
export function plainText(text: string | null | undefined, max: number): string {
  const plain = (text ?? "")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return codePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#")) return codePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : plain;
}

/**
 * Results as the rest of the service sees them: http(s) URLs only, each page once, plain-text
 * title and snippet of bounded length, at most `limit`.
 */
export function cleanResults(
  raw: { title?: string | null; url?: string | null; snippet?: string | null }[],
  limit: number,
): TSearchResult[] {
  const seen = new Set<string>();
  const results: TSearchResult[] = [];
  for (const item of raw) {
    let url: URL;
    try {
      url = new URL(item.url ?? "");
    } catch {
      continue;
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || seen.has(url.href)) continue;
    seen.add(url.href);
    const snippet = plainText(item.snippet, MAX_SNIPPET);
    results.push({ title: plainText(item.title, MAX_TITLE) || url.hostname, url: url.href, snippet });
    if (results.length >= limit) break;
  }
  return results;
}
