import "server-only";
import { createGoogleImageProvider } from "./google-image-provider";
import type { TImageProvider, TImageType } from "./image-provider";
import { createOpenAIImageProvider } from "./openai-image-provider";
import { createPexelsProvider } from "./pexels-provider";
import { createPixabayProvider } from "./pixabay-provider";
import { createUnsplashProvider } from "./unsplash-provider";

type TEnv = Record<string, string | undefined>;

type TChoice = {
  /** Where the key lives. */
  keyVariable: string;
  create: (key: string, env: TEnv) => TImageProvider;
};

/** Stock photo libraries, in the order the first configured one is chosen. */
export const STOCK_IMAGE_PROVIDERS: Record<string, TChoice> = {
  pexels: { keyVariable: "PEXELS_API_KEY", create: createPexelsProvider },
  unsplash: { keyVariable: "UNSPLASH_ACCESS_KEY", create: createUnsplashProvider },
  pixabay: { keyVariable: "PIXABAY_API_KEY", create: createPixabayProvider },
};

/** Image models, in the order the first configured one is chosen. */
export const AI_IMAGE_PROVIDERS: Record<string, TChoice> = {
  openai: { keyVariable: "OPENAI_API_KEY", create: createOpenAIImageProvider },
  google: { keyVariable: "GOOGLE_GENERATIVE_AI_API_KEY", create: createGoogleImageProvider },
};

const SETTINGS = {
  stock: { variable: "IMAGE_PROVIDER", providers: STOCK_IMAGE_PROVIDERS },
  "ai-generated": { variable: "AI_IMAGE_PROVIDER", providers: AI_IMAGE_PROVIDERS },
} as const;

/** The provider for an image_type, or why there is none (a sentence for the response's warnings). */
export type TImageProviderChoice = { provider: TImageProvider } | { provider: null; reason: string };

/**
 * Chooses the picture source for `imageType`. Stock: IMAGE_PROVIDER (pexels | unsplash | pixabay)
 * or the first of PEXELS_API_KEY, UNSPLASH_ACCESS_KEY, PIXABAY_API_KEY that is set. AI-generated:
 * AI_IMAGE_PROVIDER (openai | google) or the first of OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY.
 * "none" turns a kind off. A named provider without its key, or an unknown name, yields no
 * provider and a reason naming the variable to fix: a picture never fails a deck.
 */
export function getImageProvider(imageType: TImageType, env: TEnv = process.env): TImageProviderChoice {
  const { variable, providers } = SETTINGS[imageType];
  const keyOf = (choice: TChoice) => env[choice.keyVariable]?.trim() ?? "";
  const named = env[variable]?.trim().toLowerCase() ?? "";
  const names = Object.keys(providers);
  if (named === "none" || named === "offline") {
    return { provider: null, reason: `${variable} is "${named}"` };
  }
  if (named) {
    const choice = providers[named];
    if (!choice)
      return { provider: null, reason: `${variable} "${named}" is not one of ${names.join(", ")}` };
    if (!keyOf(choice))
      return { provider: null, reason: `${variable} is "${named}" but ${choice.keyVariable} is not set` };
    return { provider: choice.create(keyOf(choice), env) };
  }
  for (const choice of Object.values(providers)) {
    if (keyOf(choice)) return { provider: choice.create(keyOf(choice), env) };
  }
  const keys = Object.values(providers).map((choice) => choice.keyVariable);
  return {
    provider: null,
    reason: `no ${imageType === "stock" ? "stock" : "AI"} image provider is configured (set ${keys.slice(0, -1).join(", ")} or ${keys.at(-1)})`,
  };
}
