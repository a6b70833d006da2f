import "server-only";
import { z } from "zod";
import { fetchJson } from "@/lib/net/fetch-json";
import type { TImageProvider } from "./image-provider";
import { providerFailure } from "./provider-failure";
import { baseUrl, creditLine, STOCK_RESULTS, withUrl } from "./provider-helpers";

type TEnv = Record<string, string | undefined>;

const ZPixabaySearch = z.object({
  hits: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      pageURL: z.string().optional(),
      tags: z.string().optional(),
      largeImageURL: z.string().optional(),
      webformatURL: z.string().optional(),
      user: z.string().optional(),
    }),
  ),
});

/** Pixabay refuses queries over 100 characters. */
const MAX_QUERY = 100;

/**
 * Pixabay image search (GET /api/?key=…&q=…), photos only, vertical, safe search. The
 * "largeImageURL" rendition is 1280 px long. Attribution: "Image by <user> from Pixabay".
 */
export function createPixabayProvider(apiKey: string, env: TEnv = process.env): TImageProvider {
  const base = baseUrl(env, "PIXABAY_BASE_URL", "https://pixabay.com/api");
  return {
    id: "pixabay",
    name: "Pixabay",
    type: "stock",
    async find({ query, signal }) {
      const params = new URLSearchParams({
        key: apiKey,
        q: query.slice(0, MAX_QUERY),
        image_type: "photo",
        orientation: "vertical",
        safesearch: "true",
        per_page: String(STOCK_RESULTS),
      });
      let answer: unknown;
      try {
        answer = await fetchJson(`${base}/?${params}`, { trustedOrigin: true, signal, env });
      } catch (error) {
        throw providerFailure("Pixabay", error);
      }
      const parsed = ZPixabaySearch.safeParse(answer);
      if (!parsed.success) throw providerFailure("Pixabay", new Error("unexpected answer (no hits list)"));
      return withUrl(
        parsed.data.hits.map((hit) => ({
          id: `pixabay:${hit.id}`,
          url: hit.largeImageURL ?? hit.webformatURL ?? "",
          alt: hit.tags || undefined,
          credit: creditLine(`Image by ${hit.user || "an unnamed contributor"} from Pixabay`),
          sourceUrl: hit.pageURL,
        })),
      );
    },
  };
}
