import "server-only";
import { z } from "zod";
import { describeApiFailure } from "@/lib/net/describe-api-failure";
import { fetchJson } from "@/lib/net/fetch-json";
import { cleanResults } from "./clean-result";
import { type TWebSearchProvider, WebSearchError } from "./web-search-provider";

type TEnv = Record<string, string | undefined>;

const ZTavilyAnswer = z.object({
  results: z.array(
    z.object({ title: z.string().nullish(), url: z.string().nullish(), content: z.string().nullish() }),
  ),
});

/** Tavily takes at most 20 results per call. */
const MAX_RESULTS = 20;

/**
 * Tavily search: POST /search with the key as a Bearer token, basic depth, no generated answer
 * (the findings are the pages' own words, each with its source).
 */
export function createTavilySearch(apiKey: string, env: TEnv = process.env): TWebSearchProvider {
  const base = (env.TAVILY_BASE_URL?.trim() || "https://api.tavily.com").replace(/\/+$/, "");
  return {
    id: "tavily",
    name: "Tavily",
    async search(query, { limit, signal }) {
      let answer: unknown;
      try {
        answer = await fetchJson(`${base}/search`, {
          headers: { authorization: `Bearer ${apiKey}` },
          json: {
            query,
            max_results: Math.min(limit, MAX_RESULTS),
            search_depth: "basic",
            include_answer: false,
            include_raw_content: false,
            include_images: false,
          },
          trustedOrigin: true,
          signal,
          env,
        });
      } catch (error) {
        throw new WebSearchError(describeApiFailure("Tavily", error).message);
      }
      const parsed = ZTavilyAnswer.safeParse(answer);
      if (!parsed.success) throw new WebSearchError("Tavily: unexpected answer (no results list)");
      return cleanResults(
        parsed.data.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content })),
        limit,
      );
    },
  };
}
