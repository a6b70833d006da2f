import "server-only";
import {
  IMAGE_SEARCH_DEFAULT,
  type TImageCandidateView,
  type TImageSearchRequest,
  type TImageSearchResponse,
} from "@/lib/api/schemas/media";
import type { Db } from "@/lib/db";
import { type TThemeId, ZThemeId } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import type { TStorage } from "@/lib/storage";
import { generateAiImages } from "./generate-ai-images";
import { chooseSource } from "./image-sources";
import { offlineImages } from "./offline-images";
import { searchStockImages } from "./search-stock-images";

type TEnv = Record<string, string | undefined>;

export type TImageSearchContext = {
  db: Db;
  userId: string;
  storage: TStorage;
  /** Environment to choose providers and limits from; process.env by default. */
  env?: TEnv;
  signal?: AbortSignal;
};

/** What a source's search found: the pictures, and sentences about offers that could not be used. */
export type TFoundImages = { images: TImageCandidateView[]; warnings: string[]; message: string | null };

/**
 * Finds pictures for the editor's picture picker. `offline`: illustrations drawn from the query
 * (free, always available). `stock`: the configured photo library's results, downloaded through
 * safeFetch and stored as assets. `ai`: pictures from the configured image model, stored as
 * assets and charged CREDITS_PER_AI_IMAGE each (402 when the balance is short; refunded when none
 * could be made). No provider of the kind: `available: false` with a message naming what to set,
 * nothing charged. A failing provider is a 503.
 */
export async function searchImages(
  context: TImageSearchContext,
  request: TImageSearchRequest,
): Promise<TImageSearchResponse> {
  const presentation = request.presentation_id
    ? await getPresentationOrThrow(context.db, context.userId, request.presentation_id)
    : null;
  const count = request.count ?? IMAGE_SEARCH_DEFAULT[request.source];
  const base = { source: request.source, credits_consumed: 0 };

  if (request.source === "offline") {
    const theme = request.theme ?? storedTheme(presentation?.deck) ?? "light";
    return {
      ...base,
      available: true,
      provider: "offline",
      message: null,
      images: offlineImages(request.q, count, theme),
    };
  }

  const { provider, message } = chooseSource(request.source === "ai" ? "ai-generated" : "stock", context.env);
  if (!provider) return { ...base, available: false, provider: null, message, images: [] };

  if (request.source === "stock") {
    const found = await searchStockImages(provider, request.q, count, context);
    return { ...base, available: true, provider: provider.name, ...withWarnings(found) };
  }
  const generated = await generateAiImages(provider, request.q, count, {
    ...context,
    presentationId: presentation?.id,
    deckTitle: presentation?.title,
  });
  return {
    ...base,
    available: true,
    provider: provider.name,
    ...withWarnings(generated),
    credits_consumed: generated.creditsConsumed,
    balance_before: generated.balanceBefore,
    balance_after: generated.balanceAfter,
  };
}

function withWarnings({ images, warnings, message }: TFoundImages) {
  return { images, message, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** The theme of a stored deck's JSON, when it names a valid one. */
function storedTheme(deck: string | undefined): TThemeId | undefined {
  if (!deck) return undefined;
  try {
    const parsed = ZThemeId.safeParse((JSON.parse(deck) as { theme?: unknown }).theme);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
