/** A web search backend (Tavily, Brave) behind one shape. */

/** One finding: a page's title, its URL and the text the search returned about it. */
export type TSearchResult = { title: string; url: string; snippet: string };

export type TWebSearchProvider = {
  id: "tavily" | "brave";
  /** Shown in warnings and in the findings section. */
  name: string;
  /** Results for a query, best first, at most `limit`. Throws WebSearchError. */
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<TSearchResult[]>;
};

/** Web search is not configured or its call failed; the message is fit for a response warning. */
export class WebSearchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebSearchError";
  }
}
