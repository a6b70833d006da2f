/** What resolveDeckImages asks of a picture source (stock photo library or image model). */

/** Where pictures come from, as the API's image_type names it. */
export type TImageType = "stock" | "ai-generated";

/** One picture a provider offers for a query, best first. */
export type TImageCandidate = {
  /** Stable within the provider, so one deck does not show the same photo twice. */
  id: string;
  /** A stock photo is downloaded from `url` (an outside URL: through safeFetch). */
  url?: string;
  /** A generated picture arrives as bytes. */
  bytes?: Uint8Array;
  /** The provider's description of the picture, for alt text when the slide has none. */
  alt?: string;
  /** Attribution shown in the notes: "Photo by Jane Doe on Pexels". */
  credit: string;
  /** The picture's page at the provider (attribution link). */
  sourceUrl?: string;
  /** Called once the picture is used (Unsplash counts downloads this way). */
  onUse?: () => Promise<void>;
};

export type TImageRequest = {
  query: string;
  /** The deck's title, for context in a generation prompt. */
  deckTitle?: string;
  /** A pseudonymous id of the requesting account, for providers that track abuse per end user. */
  endUser?: string;
  signal?: AbortSignal;
};

export type TImageProvider = {
  id: "pexels" | "unsplash" | "pixabay" | "openai" | "google";
  /** Shown in warnings and credits. */
  name: string;
  type: TImageType;
  /** Candidates for a query, best first; empty when nothing matched. Throws ImageProviderError. */
  find(request: TImageRequest): Promise<TImageCandidate[]>;
};

/**
 * A provider call that failed. `fatal` errors (a refused key, an exhausted quota) would fail
 * the same way for every other slide, so the rest of the deck stops asking.
 */
export class ImageProviderError extends Error {
  constructor(
    message: string,
    readonly fatal = false,
  ) {
    super(message);
    this.name = "ImageProviderError";
  }
}
