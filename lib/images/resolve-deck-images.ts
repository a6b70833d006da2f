import "server-only";
import { grantAssets, type TAssetOwner } from "@/lib/asset-grants/grant-assets";
import type { TDeck, TLayoutId, TSlide } from "@/lib/deck/schema";
import { stripInline } from "@/lib/layouts/parse-inline";
import { fetchImage } from "@/lib/net/fetch-image";
import { SafeFetchError } from "@/lib/net/safe-fetch-error";
import type { TStorage } from "@/lib/storage";
import { assetKeyFor } from "./asset-key";
import { getImageProvider } from "./get-image-provider";
import {
  ImageProviderError,
  type TImageCandidate,
  type TImageProvider,
  type TImageType,
} from "./image-provider";
import { InvalidImageError } from "./invalid-image-error";
import { normalizeImage } from "./normalize-image";

type TEnv = Record<string, string | undefined>;

/** Layouts that draw content.image (the others read no picture, so none is fetched for them). */
export const PICTURE_LAYOUTS: ReadonlySet<TLayoutId> = new Set<TLayoutId>(["image-left", "image-right"]);

/** Slides whose pictures are fetched at once. */
const CONCURRENCY = 3;
/** Candidates tried per slide when a download fails (a dead link, a blocked host). */
const CANDIDATES_TRIED = 3;
const MAX_NOTES = 20_000;

export type TResolveDeckImagesOptions = {
  imageType: TImageType;
  /** Where the pictures are stored (assets/<sha256>.<ext>). */
  storage: TStorage;
  /**
   * The account the deck is made for: each picture is granted to it as it is stored, so its deck
   * may show it. Left out only by callers that store no deck (benchmarks, unit tests).
   */
  owner?: TAssetOwner;
  /**
   * A stable id of the requesting account or presentation. Sent, hashed, to image models that
   * track abuse per end user (OpenAI's `user`); never stored with the picture.
   */
  presentationScope?: string;
  /** Environment to choose providers from; process.env by default. */
  env?: TEnv;
  signal?: AbortSignal;
};

export type TResolvedDeckImages = {
  /** The deck with each served picture slide's content.image given `asset` and `credit`. */
  deck: TDeck;
  /** Sentences for the response: unconfigured provider, or slides that kept the illustration. */
  warnings: string[];
  /** Pictures an image model generated (for the credit rule "per AI image"). */
  aiImages: number;
};

/**
 * Gives every picture slide (image-left, image-right) a real picture from the provider configured
 * for `imageType`: queried with content.image.query (else the slide title), downloaded through
 * safeFetch (stock) or generated (AI), re-encoded, stored content-addressed, and credited in
 * image.credit and the slide's notes. A slide whose picture fails keeps its offline illustration,
 * and the warnings say which slides and why; a refused key or exhausted quota stops the remaining
 * calls. Slides that already have an asset are left as they are.
 */
export async function resolveDeckImages(
  deck: TDeck,
  options: TResolveDeckImagesOptions,
): Promise<TResolvedDeckImages> {
  const targets = deck.slides
    .map((slide, index) => ({ slide, index }))
    .filter(({ slide }) => PICTURE_LAYOUTS.has(slide.layout) && !slide.content.image?.asset);
  if (targets.length === 0) return { deck, warnings: [], aiImages: 0 };

  const choice = getImageProvider(options.imageType, options.env ?? process.env);
  if (!choice.provider) {
    return {
      deck,
      warnings: [
        `image_type '${options.imageType}' was requested but ${choice.reason}; pictures are offline illustrations drawn from each slide's topic.`,
      ],
      aiImages: 0,
    };
  }
  const provider = choice.provider;
  const slides = [...deck.slides];
  const used = new Set<string>();
  const failures = new Map<string, number[]>();
  let stop: ImageProviderError | undefined;
  let aiImages = 0;

  const queue = [...targets];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { slide, index } = next;
      try {
        if (stop) throw stop;
        slides[index] = await pictureSlide(slide, provider, used, deck.title, options);
        if (provider.type === "ai-generated") aiImages += 1;
      } catch (error) {
        const failure = asProviderError(provider, error);
        if (failure.fatal) stop ??= failure;
        failures.set(failure.message, [...(failures.get(failure.message) ?? []), index + 1]);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));

  // In slide order, whichever call finished first.
  const grouped = [...failures].map(([reason, numbers]) => [reason, numbers.sort((a, b) => a - b)] as const);
  const warnings = grouped
    .sort((a, b) => a[1][0] - b[1][0])
    .map(([reason, sorted]) => {
      const which =
        sorted.length === 1
          ? `Slide ${sorted[0]} shows an offline illustration instead of a ${provider.name} picture`
          : `Slides ${listed(sorted)} show offline illustrations instead of ${provider.name} pictures`;
      return `${which}: ${reason.replace(/\.$/, "")}.`;
    });
  return { deck: { ...deck, slides }, warnings, aiImages };
}

/** What a slide's picture should show: its image query, else its title, else the deck's. */
export function pictureQuery(slide: TSlide, deckTitle: string): string {
  const text = stripInline(slide.content.image?.query || slide.content.title || deckTitle)
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, 300) || "presentation";
}

async function pictureSlide(
  slide: TSlide,
  provider: TImageProvider,
  used: Set<string>,
  deckTitle: string,
  options: TResolveDeckImagesOptions,
): Promise<TSlide> {
  const query = pictureQuery(slide, deckTitle);
  const candidates = await provider.find({
    query,
    deckTitle,
    endUser: options.presentationScope,
    signal: options.signal,
  });
  if (candidates.length === 0) throw new ImageProviderError(`${provider.name} found nothing for "${query}"`);
  // Photos the deck already shows go last, so a repeated topic gets a different photo if there is one.
  const ordered = [...candidates.filter((c) => !used.has(c.id)), ...candidates.filter((c) => used.has(c.id))];
  let firstError: unknown;
  for (const candidate of ordered.slice(0, CANDIDATES_TRIED)) {
    used.add(candidate.id);
    try {
      const image = candidate.bytes
        ? await normalizeImage(candidate.bytes)
        : await fetchImage(candidate.url ?? "", { env: options.env, signal: options.signal });
      const key = assetKeyFor(image);
      await options.storage.put(key, image.bytes);
      if (options.owner) await grantAssets(options.owner.db, options.owner.userId, [key]);
      // Download tracking is the provider's bookkeeping; the picture is ours either way.
      await candidate.onUse?.().catch(() => {});
      return withPicture(slide, key, candidate);
    } catch (error) {
      firstError ??= error;
    }
  }
  throw downloadFailure(provider, firstError);
}

function withPicture(slide: TSlide, asset: string, candidate: TImageCandidate): TSlide {
  const image = slide.content.image ?? {};
  const alt = image.alt || candidate.alt?.replace(/\s+/g, " ").trim().slice(0, 500);
  const line = `Image: ${candidate.credit}${candidate.sourceUrl ? ` — ${candidate.sourceUrl}` : ""}`;
  const notes = slide.notes ? `${slide.notes}\n\n${line}` : line;
  return {
    ...slide,
    content: {
      ...slide.content,
      image: { ...image, ...(alt ? { alt } : {}), asset, credit: candidate.credit },
    },
    ...(notes.length <= MAX_NOTES ? { notes } : {}),
  };
}

function downloadFailure(provider: TImageProvider, error: unknown): ImageProviderError {
  if (error instanceof SafeFetchError) {
    return new ImageProviderError(
      `the picture ${provider.name} offered could not be downloaded (${error.message})`,
    );
  }
  if (error instanceof InvalidImageError) {
    return new ImageProviderError(
      `${provider.name} sent something that is not a usable picture (${error.message})`,
    );
  }
  return asProviderError(provider, error);
}

/** Anything unexpected (a storage failure) is logged with its cause and reported without internals. */
function asProviderError(provider: TImageProvider, error: unknown): ImageProviderError {
  if (error instanceof ImageProviderError) return error;
  console.error(`[images] ${provider.name} picture failed`, error);
  return new ImageProviderError("the picture could not be saved (the server log has the cause)");
}

function listed(numbers: number[]): string {
  return numbers.length <= 2
    ? numbers.join(" and ")
    : `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}
