/**
 * Requests and answers of the editor's media endpoints: icon search, picture sources, picture
 * search (stock, AI, offline) and picture upload. Client-safe: the editor's panels use the types.
 */
import { z } from "zod";
import { ASSET_KEY_PATTERN } from "@/lib/deck/schema";
import { ZTheme } from "./common";

/** Most icons one search answers. */
export const MAX_ICON_RESULTS = 200;

/** GET /api/v1/ppt/icons: the query string. */
export const ZIconsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .default("")
    .describe(
      "An icon name (`rocket`, `shield-check`, older names like `alert-triangle` too) or keywords (`launch`, `data security`); matched against names, Lucide's tags and a table of presentation topics. Empty: a default set of icons that suit slides.",
    ),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ICON_RESULTS)
    .default(48)
    .describe(`Icons answered at most (1–${MAX_ICON_RESULTS}, default 48).`),
});
export type TIconsQuery = z.infer<typeof ZIconsQuery>;

export const ZIconResult = z.object({
  name: z
    .string()
    .describe("The Lucide icon name, as slide content `icon` takes it.")
    .meta({ example: "rocket" }),
  svg: z
    .string()
    .describe(
      "The icon as standalone SVG markup on Lucide's 24×24 grid, stroked in `currentColor`. It is drawn from the icon set shipped with the server (lucide-static), never from request input.",
    ),
});
export type TIconResult = z.infer<typeof ZIconResult>;

export const ZIconsResponse = z.object({
  query: z.string().describe("The query as searched (trimmed); empty for the default set."),
  icons: z
    .array(ZIconResult)
    .describe(
      "Best match first. For a query, the first icon is the one the layout engine draws for that text; none when nothing matches (the engine then draws `sparkles`).",
    ),
});
export type TIconsResponse = z.infer<typeof ZIconsResponse>;

/** Where a picture search looks. */
export const IMAGE_SOURCES = ["stock", "ai", "offline"] as const;
export const ZImageSource = z
  .enum(IMAGE_SOURCES)
  .describe(
    "`stock`: the configured photo library (Pexels, Unsplash or Pixabay); `ai`: the configured image model, charged per picture; `offline`: illustrations drawn by the server from the query, free and always available.",
  );
export type TImageSource = z.infer<typeof ZImageSource>;

/** Pictures one search may ask for, per source (stock: what the providers answer per query). */
export const IMAGE_SEARCH_MAX: Record<TImageSource, number> = { stock: 5, ai: 4, offline: 8 };
/** Pictures answered when `count` is left out. */
export const IMAGE_SEARCH_DEFAULT: Record<TImageSource, number> = { stock: 5, ai: 1, offline: 6 };

/** POST /api/v1/ppt/images/search. */
export const ZImageSearchRequest = z
  .object({
    q: z.string().trim().min(1).max(300).describe("What the picture should show."),
    source: ZImageSource,
    count: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        `Pictures wanted: stock 1–${IMAGE_SEARCH_MAX.stock} (default ${IMAGE_SEARCH_DEFAULT.stock}), ai 1–${IMAGE_SEARCH_MAX.ai} (default ${IMAGE_SEARCH_DEFAULT.ai}; each generated picture is charged), offline 1–${IMAGE_SEARCH_MAX.offline} (default ${IMAGE_SEARCH_DEFAULT.offline}).`,
      ),
    theme: ZTheme.optional().describe(
      "Colours of the offline previews (the deck's theme); else the presentation's theme, else `light`. Only offline illustrations depend on it.",
    ),
    presentation_id: z
      .uuid()
      .optional()
      .describe(
        "The account's presentation the picture is for: AI pictures' credits are recorded against it on the ledger, and its theme colours offline previews. Another account's id is a 404.",
      ),
  })
  .strict()
  .superRefine((request, ctx) => {
    const max = IMAGE_SEARCH_MAX[request.source];
    if (request.count !== undefined && request.count > max) {
      ctx.addIssue({
        code: "custom",
        path: ["count"],
        message: `At most ${max} pictures per ${request.source} search.`,
      });
    }
  });
export type TImageSearchRequest = z.infer<typeof ZImageSearchRequest>;

export const ZImageCandidate = z.object({
  id: z.string().describe("Stable within its source (`pexels:2014422`, `openai:<sha256>`, `offline:1`)."),
  query: z
    .string()
    .describe(
      "The picture's topic, for `image.query`. For an offline illustration it is the whole picture: a slide whose image has this query and no asset draws exactly this illustration.",
    ),
  asset: z
    .string()
    .regex(ASSET_KEY_PATTERN)
    .optional()
    .describe(
      "The stored picture's key, for `image.asset` (stock and AI pictures; absent for offline ones).",
    ),
  url: z
    .string()
    .describe(
      "A preview: the stored picture's GET /api/v1/ppt/assets URL (same origin, needs the key or session), or for an offline illustration a `data:image/svg+xml` URI.",
    ),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  alt: z
    .string()
    .optional()
    .describe("The provider's description of the picture, a default for `image.alt`."),
  credit: z
    .string()
    .optional()
    .describe(
      'Attribution for `image.credit`: "Photo by Jane Doe on Pexels", "AI-generated image (OpenAI gpt-image-1)".',
    ),
  source_url: z.string().optional().describe("The picture's page at the provider (attribution link)."),
});
export type TImageCandidateView = z.infer<typeof ZImageCandidate>;

export const ZImageSearchResponse = z.object({
  source: ZImageSource,
  available: z
    .boolean()
    .describe(
      "False when no provider of this kind is configured: `images` is empty and `message` names the variables to set. Nothing is charged.",
    ),
  provider: z
    .string()
    .nullable()
    .describe('Who answered: "Pexels", "OpenAI", "offline"; null when unavailable.'),
  message: z
    .string()
    .nullable()
    .describe("Why there are no pictures (no provider configured, nothing found); null otherwise."),
  images: z.array(ZImageCandidate),
  credits_consumed: z
    .number()
    .int()
    .min(0)
    .describe(
      "Charged for this search: CREDITS_PER_AI_IMAGE per generated picture; 0 for stock and offline.",
    ),
  balance_before: z.number().int().optional().describe("AI searches: the balance before the charge."),
  balance_after: z.number().int().optional().describe("AI searches: the balance after it."),
  warnings: z
    .array(z.string())
    .optional()
    .describe("Pictures the provider offered that could not be used (a dead link, an unreadable file)."),
});
export type TImageSearchResponse = z.infer<typeof ZImageSearchResponse>;

const ZSourceState = z.object({
  available: z.boolean(),
  provider: z.string().nullable().describe("The configured provider's name; null when none."),
  message: z
    .string()
    .nullable()
    .describe("Why the source is unavailable and what to set; null when available."),
});

/** GET /api/v1/ppt/images/search: which sources a search can use, before searching. */
export const ZImageSourcesResponse = z.object({
  stock: ZSourceState,
  ai: ZSourceState.extend({
    credits_per_image: z
      .number()
      .int()
      .min(0)
      .describe("CREDITS_PER_AI_IMAGE: charged per generated picture."),
  }),
  offline: ZSourceState,
});
export type TImageSourcesResponse = z.infer<typeof ZImageSourcesResponse>;

/** POST /api/v1/ppt/images/upload (201). */
export const ZImageUploadResponse = z.object({
  asset: z
    .string()
    .regex(ASSET_KEY_PATTERN)
    .describe("The stored picture's key (`assets/<sha256>.jpg|png`), for `image.asset`."),
  url: z.string().describe("Where it is served: GET /api/v1/ppt/assets/{name} (same origin)."),
  width: z.number().int().min(1).describe("Pixels, after the picture was re-encoded (at most 1600 a side)."),
  height: z.number().int().min(1),
});
export type TImageUploadResponse = z.infer<typeof ZImageUploadResponse>;

/** The multipart form of the upload, for the reference (the handler reads the part imperatively). */
export const ZImageUploadForm = z.object({
  file: z.file().describe("One PNG, JPEG, WebP or GIF picture; the type is detected from its bytes."),
});
