import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TImageCandidateView } from "@/lib/api/schemas/media";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import { settleCredits } from "@/lib/credits/settle-credits";
import type { Db } from "@/lib/db";
import { ImageProviderError, type TImageProvider } from "@/lib/images/image-provider";
import { InvalidImageError } from "@/lib/images/invalid-image-error";
import { normalizeImage } from "@/lib/images/normalize-image";
import { describeApiFailure } from "@/lib/net/describe-api-failure";
import { fetchImage } from "@/lib/net/fetch-image";
import { SafeFetchError } from "@/lib/net/safe-fetch-error";
import { imageMaxBytes } from "./image-max-bytes";
import type { TFoundImages, TImageSearchContext } from "./search-images";
import { storeImage } from "./store-image";

/** The ledger reason of an AI picture search's charge. */
export const AI_IMAGE_REASON = "ai_image";

export type TGeneratedImages = TFoundImages & {
  creditsConsumed: number;
  balanceBefore: number;
  balanceAfter: number;
};

/**
 * Generates `count` pictures of `q` with the image model, in parallel, and stores them as assets.
 * Credits: CREDITS_PER_AI_IMAGE × count are reserved first (402 when the balance is short), then
 * settled to the pictures actually made; when none could be made the reservation is refunded and
 * the provider's failure is a 503. The ledger entry names the presentation when one is given.
 */
export async function generateAiImages(
  provider: TImageProvider,
  q: string,
  count: number,
  context: TImageSearchContext & { presentationId?: string; deckTitle?: string },
): Promise<TGeneratedImages> {
  const { db, userId } = context;
  const perImage = getCreditSettings(context.env).rules.perAiImage;
  const balanceBefore = await balanceOf(db, userId);
  const { entryId } = await reserveCredits(db, userId, perImage * count, { reason: AI_IMAGE_REASON });

  // allSettled never throws: every path below settles or refunds the reservation.
  const results = await Promise.allSettled(
    Array.from({ length: count }, () => generateOne(provider, q, context)),
  );
  const images = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failures = results.flatMap((result) =>
    result.status === "rejected" ? [failureMessage(provider, result.reason)] : [],
  );
  if (images.length === 0) {
    await refundOrRetry(db, entryId);
    throw new ApiError("provider_unavailable", `${failures[0]}. No credits were charged.`);
  }
  const creditsConsumed = await settleCredits(db, entryId, perImage * images.length, {
    presentationId: context.presentationId,
  });
  return {
    images,
    warnings: failures.map(
      (failure) => `One of the ${count} pictures could not be made (not charged): ${failure}.`,
    ),
    message: null,
    creditsConsumed,
    balanceBefore,
    balanceAfter: await balanceOf(db, userId),
  };
}

async function generateOne(
  provider: TImageProvider,
  q: string,
  context: TImageSearchContext & { deckTitle?: string },
): Promise<TImageCandidateView> {
  const [candidate] = await provider.find({
    query: q,
    deckTitle: context.deckTitle,
    endUser: context.userId,
    signal: context.signal,
  });
  if (!candidate) throw new ImageProviderError(`${provider.name} answered no picture`);
  const image = candidate.bytes
    ? await normalizeImage(candidate.bytes)
    : await fetchImage(candidate.url ?? "", {
        env: context.env,
        signal: context.signal,
        maxBytes: imageMaxBytes(context.env),
      });
  const stored = await storeImage(context.storage, image, context);
  return {
    id: candidate.id,
    query: q,
    ...stored,
    ...(candidate.alt ? { alt: candidate.alt.slice(0, 500) } : {}),
    credit: candidate.credit,
  };
}

/** A failed picture as a sentence without internals (those are logged). */
function failureMessage(provider: TImageProvider, error: unknown): string {
  if (error instanceof ImageProviderError) return error.message.replace(/\.$/, "");
  if (error instanceof SafeFetchError) return describeApiFailure(provider.name, error).message;
  if (error instanceof InvalidImageError)
    return `${provider.name} sent something that is not a usable picture`;
  console.error(`[media] a ${provider.name} picture failed`, error);
  return `the ${provider.name} picture could not be stored (the server log has the cause)`;
}

async function balanceOf(db: Db, userId: string): Promise<number> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
  return user.creditBalance;
}
