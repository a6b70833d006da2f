import "server-only";
import { z } from "zod";
import { fetchJson } from "@/lib/net/fetch-json";
import type { TImageProvider } from "./image-provider";
import { providerFailure } from "./provider-failure";
import { baseUrl, creditLine, STOCK_RESULTS, withUrl } from "./provider-helpers";

type TEnv = Record<string, string | undefined>;

const ZPexelsSearch = z.object({
  photos: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      url: z.string().optional(),
      photographer: z.string().optional(),
      alt: z.string().nullish(),
      src: z.object({
        large2x: z.string().optional(),
        large: z.string().optional(),
        original: z.string().optional(),
      }),
    }),
  ),
});

/**
 * Pexels photo search (GET /search, key in the Authorization header). Portrait photos, since the
 * picture layouts give the picture a tall half of the slide; the "large2x" rendition (about
 * 1880 px wide) is plenty for it. Attribution: "Photo by <photographer> on Pexels".
 */
export function createPexelsProvider(apiKey: string, env: TEnv = process.env): TImageProvider {
  const base = baseUrl(env, "PEXELS_BASE_URL", "https://api.pexels.com/v1");
  return {
    id: "pexels",
    name: "Pexels",
    type: "stock",
    async find({ query, signal }) {
      const params = new URLSearchParams({ query, per_page: String(STOCK_RESULTS), orientation: "portrait" });
      let answer: unknown;
      try {
        answer = await fetchJson(`${base}/search?${params}`, {
          headers: { authorization: apiKey },
          trustedOrigin: true,
          signal,
          env,
        });
      } catch (error) {
        throw providerFailure("Pexels", error);
      }
      const parsed = ZPexelsSearch.safeParse(answer);
      if (!parsed.success) throw providerFailure("Pexels", new Error("unexpected answer (no photos list)"));
      return withUrl(
        parsed.data.photos.map((photo) => ({
          id: `pexels:${photo.id}`,
          url: photo.src.large2x ?? photo.src.large ?? photo.src.original ?? "",
          alt: photo.alt || undefined,
          credit: creditLine(`Photo by ${photo.photographer || "an unnamed photographer"} on Pexels`),
          sourceUrl: photo.url,
        })),
      );
    },
  };
}
