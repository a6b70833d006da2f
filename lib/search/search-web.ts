import "server-only";
import { getSearchProvider } from "./get-search-provider";
import { type TSearchResult, WebSearchError } from "./web-search-provider";

type TEnv = Record<string, string | undefined>;

/** Search APIs cap queries (Brave at 400 characters and 50 words); longer ones are cut at a word. */
const MAX_QUERY_CHARS = 300;
const MAX_QUERY_WORDS = 40;
export const DEFAULT_SEARCH_LIMIT = 5;
const MAX_LIMIT = 20;

export type TSearchWebOptions = {
  /** Results wanted, 1–20; default 5. */
  limit?: number;
  env?: TEnv;
  signal?: AbortSignal;
};

/** A query a search API accepts: whitespace collapsed, at most 40 words and 300 characters. */
export function clipQuery(query: string): string {
  const words = query.replace(/\s+/g, " ").trim().split(" ").slice(0, MAX_QUERY_WORDS);
  let clipped = words.join(" ");
  while (clipped.length > MAX_QUERY_CHARS && words.length > 1) {
    words.pop();
    clipped = words.join(" ");
  }
  return clipped.slice(0, MAX_QUERY_CHARS);
}

/**
 * Searches the web with the configured backend (getSearchProvider) and returns up to `limit`
 * results `{title, url, snippet}`. Throws WebSearchError when no backend is configured, the query
 * is empty, or the call fails.
 */
export async function searchWeb(query: string, options: TSearchWebOptions = {}): Promise<TSearchResult[]> {
  const choice = getSearchProvider(options.env ?? process.env);
  if (!choice.provider) throw new WebSearchError(`Web search is unavailable: ${choice.reason}.`);
  const clipped = clipQuery(query);
  if (!clipped) throw new WebSearchError("Web search needs a query.");
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_SEARCH_LIMIT), 1), MAX_LIMIT);
  return choice.provider.search(clipped, { limit, signal: options.signal });
}
