import "server-only";
import { z } from "zod";
import { fetchJson } from "@/lib/net/fetch-json";
import type { TImageProvider } from "./image-provider";
import { providerFailure } from "./provider-failure";
import { baseUrl, creditLine, STOCK_RESULTS, withUrl } from "./provider-helpers";

type TEnv = Record<string, string | undefined>;

const ZUnsplashSearch = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      alt_description: z.string().nullish(),
      description: z.string().nullish(),
      urls: z.object({ regular: z.string().optional(), full: z.string().optional() }),
      links: z.object({ html: z.string().optional(), download_location: z.string().optional() }).optional(),
      user: z.object({ name: z.string().optional() }).optional(),
    }),
  ),
});

/** Unsplash asks apps to tag attribution links with their name. */
const REFERRAL = "utm_source=deckforge&utm_medium=referral";

/**
 * Unsplash photo search (GET /search/photos, "Client-ID <key>" in the Authorization header),
 * portrait, content filter "high". The "regular" rendition is 1080 px wide. Using a photo calls
 * its download_location, as Unsplash's API terms require. Attribution: "Photo by <name> on Unsplash".
 */
export function createUnsplashProvider(accessKey: string, env: TEnv = process.env): TImageProvider {
  const base = baseUrl(env, "UNSPLASH_BASE_URL", "https://api.unsplash.com");
  const headers = { authorization: `Client-ID ${accessKey}`, "accept-version": "v1" };
  const apiOrigin = new URL(base).origin;
  return {
    id: "unsplash",
    name: "Unsplash",
    type: "stock",
    async find({ query, signal }) {
      const params = new URLSearchParams({
        query,
        per_page: String(STOCK_RESULTS),
        orientation: "portrait",
        content_filter: "high",
      });
      let answer: unknown;
      try {
        answer = await fetchJson(`${base}/search/photos?${params}`, {
          headers,
          trustedOrigin: true,
          signal,
          env,
        });
      } catch (error) {
        throw providerFailure("Unsplash", error);
      }
      const parsed = ZUnsplashSearch.safeParse(answer);
      if (!parsed.success)
        throw providerFailure("Unsplash", new Error("unexpected answer (no results list)"));
      return withUrl(
        parsed.data.results.map((photo) => {
          const tracking = photo.links?.download_location;
          return {
            id: `unsplash:${photo.id}`,
            url: photo.urls.regular ?? photo.urls.full ?? "",
            alt: photo.alt_description || photo.description || undefined,
            credit: creditLine(`Photo by ${photo.user?.name || "an unnamed photographer"} on Unsplash`),
            sourceUrl: photo.links?.html ? withReferral(photo.links.html) : undefined,
            ...(tracking
              ? {
                  onUse: async () => {
                    // The key goes only to Unsplash's own API origin; a foreign URL is not called.
                    if (sameOrigin(tracking, apiOrigin)) {
                      await fetchJson(tracking, { headers, trustedOrigin: true, signal, env });
                    }
                  },
                }
              : {}),
          };
        }),
      );
    },
  };
}

function withReferral(link: string): string {
  return `${link}${link.includes("?") ? "&" : "?"}${REFERRAL}`;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
