import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TImageCandidateView } from "@/lib/api/schemas/media";
import { ImageProviderError, type TImageCandidate, type TImageProvider } from "@/lib/images/image-provider";
import { describeApiFailure } from "@/lib/net/describe-api-failure";
import { fetchImage } from "@/lib/net/fetch-image";
import { SafeFetchError } from "@/lib/net/safe-fetch-error";
import { imageMaxBytes } from "./image-max-bytes";
import type { TFoundImages, TImageSearchContext } from "./search-images";
import { storeImage } from "./store-image";

/**
 * Asks the stock provider for up to `count` photos of `q`, downloads each through safeFetch
 * (fetchImage: public addresses only, size-capped, re-encoded) and stores it as an asset, so the
 * picker's previews are the very pictures a slide will use. Photos that cannot be downloaded are
 * skipped with a warning; a provider error, or no photo usable at all, is a 503.
 */
export async function searchStockImages(
  provider: TImageProvider,
  q: string,
  count: number,
  context: TImageSearchContext,
): Promise<TFoundImages> {
  let candidates: TImageCandidate[];
  try {
    candidates = (await provider.find({ query: q, signal: context.signal })).slice(0, count);
  } catch (error) {
    const message =
      error instanceof ImageProviderError ? error.message : describeApiFailure(provider.name, error).message;
    throw new ApiError("provider_unavailable", `${message.replace(/\.$/, "")}.`);
  }
  if (candidates.length === 0) {
    return { images: [], warnings: [], message: `${provider.name} found no photos for "${q}".` };
  }
  const results = await Promise.allSettled(
    candidates.map(async (candidate): Promise<TImageCandidateView> => {
      const image = await fetchImage(candidate.url ?? "", {
        env: context.env,
        signal: context.signal,
        maxBytes: imageMaxBytes(context.env),
      });
      const stored = await storeImage(context.storage, image, context);
      // The provider's download tracking (Unsplash); the photo is stored either way.
      await candidate.onUse?.().catch(() => {});
      return {
        id: candidate.id,
        query: q,
        ...stored,
        ...(candidate.alt ? { alt: candidate.alt.replace(/\s+/g, " ").trim().slice(0, 500) } : {}),
        credit: candidate.credit,
        ...(candidate.sourceUrl ? { source_url: candidate.sourceUrl } : {}),
      };
    }),
  );
  const images = unique(results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])));
  const failures = results.flatMap((result) =>
    result.status === "rejected" ? [downloadFailure(provider, result.reason).replace(/\.$/, "")] : [],
  );
  if (images.length === 0) {
    throw new ApiError(
      "provider_unavailable",
      `None of the ${candidates.length} photos ${provider.name} offered could be downloaded (${failures[0]}).`,
    );
  }
  const warnings = failures.map((failure) => `A photo ${provider.name} offered was skipped: ${failure}.`);
  return { images, warnings, message: null };
}

/** Why a photo was skipped: the download's failure, or (logged with its cause) a storage failure. */
function downloadFailure(provider: TImageProvider, error: unknown): string {
  if (error instanceof SafeFetchError) return describeApiFailure(provider.name, error).message;
  console.error(`[media] storing a ${provider.name} photo failed`, error);
  return "the photo could not be stored (the server log has the cause)";
}

/** The same picture offered twice (two ids, one file) is shown once. */
function unique(images: TImageCandidateView[]): TImageCandidateView[] {
  const seen = new Set<string>();
  return images.filter((image) => {
    if (!image.asset || seen.has(image.asset)) return false;
    seen.add(image.asset);
    return true;
  });
}
