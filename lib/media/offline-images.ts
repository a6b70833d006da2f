import "server-only";
import type { TImageCandidateView } from "@/lib/api/schemas/media";
import { generateArt } from "@/lib/assets/art/generate-art";
import { findIcon } from "@/lib/assets/icons/find-icon";
import { svgDataUri } from "@/lib/assets/icons/svg-data-uri";
import type { TThemeId } from "@/lib/deck/schema";
import { THEMES } from "@/lib/layouts/themes";

/**
 * Words added to the query for further illustrations. The illustration is seeded by the whole
 * query, so each variant draws a different composition; variants whose words would change the
 * topic icon in the middle are skipped for that query (words like "overview" or "vision" name an
 * icon of their own, so they are not in the list).
 */
const VARIANT_WORDS = [
  "",
  "concept",
  "at a glance",
  "in detail",
  "big picture",
  "in practice",
  "close-up",
  "scene",
  "story",
  "mood",
  "perspective",
  "backdrop",
];

/** The picture of the picture layouts is ~45% of the slide's width and its full height. */
const PREVIEW = { width: 576, height: 720 } as const;
/** image.query's limit (ZImage). */
const MAX_QUERY = 300;

/**
 * Offline illustrations for a query: `{query}` picks the illustration (a slide whose image has
 * that query and no asset draws exactly it), and `url` previews it in the theme's colours.
 */
export function offlineImages(q: string, count: number, theme: TThemeId): TImageCandidateView[] {
  const motif = findIcon(q);
  const palette = THEMES[theme].palette;
  const queries = VARIANT_WORDS.map((word) => (word ? `${q} ${word}` : q)).filter(
    (query, i) => i === 0 || (query.length <= MAX_QUERY && findIcon(query) === motif),
  );
  return queries.slice(0, count).map((query, i) => ({
    id: `offline:${i + 1}`,
    query,
    url: svgDataUri(generateArt(query, palette, PREVIEW)),
    width: PREVIEW.width,
    height: PREVIEW.height,
  }));
}
