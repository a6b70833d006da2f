import "server-only";
import { z } from "zod";
import { describeApiFailure } from "@/lib/net/describe-api-failure";
import { fetchJson } from "@/lib/net/fetch-json";
import { cleanResults } from "./clean-result";
import { type TWebSearchProvider, WebSearchError } from "./web-search-provider";

type TEnv = Record<string, string | undefined>;

const ZBraveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string().nullish(),
          url: z.string().nullish(),
          description: z.string().nullish(),
          extra_snippets: z.array(z.string()).nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Brave takes at most 20 results per call. */
const MAX_RESULTS = 20;

/**
 * Brave web search: GET /web/search?q=…&count=… with the key in X-Subscription-Token, moderate
 * safe search. A result's description and its extra snippets together make the finding.
 */
export function createBraveSearch(apiKey: string, env: TEnv = process.env): TWebSearchProvider {
  const base = (env.BRAVE_SEARCH_BASE_URL?.trim() || "https://api.search.brave.com/res/v1").replace(
    /\/+$/,
    "",
  );
  return {
    id: "brave",
    name: "Brave Search",
    async search(query, { limit, signal }) {
      const params = new URLSearchParams({
        q: query,
        count: String(Math.min(limit, MAX_RESULTS)),
        safesearch: "moderate",
      });
      let answer: unknown;
      try {
        answer = await fetchJson(`${base}/web/search?${params}`, {
          headers: { "x-subscription-token": apiKey },
          trustedOrigin: true,
          signal,
          env,
        });
      } catch (error) {
        throw new WebSearchError(describeApiFailure("Brave Search", error).message);
      }
      const parsed = ZBraveAnswer.safeParse(answer);
      if (!parsed.success) throw new WebSearchError("Brave Search: unexpected answer");
      return cleanResults(
        (parsed.data.web?.results ?? []).map((r) => ({
          title: r.title,
          url: r.url,
          snippet: [r.description, ...(r.extra_snippets ?? [])].filter(Boolean).join(" "),
        })),
        limit,
      );
    },
  };
}
