import "server-only";
import crypto from "node:crypto";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { generateImage } from "ai";
import { envInteger } from "@/lib/net/safe-fetch";
import { aiImagePrompt } from "./ai-image-prompt";
import { ImageProviderError, type TImageProvider } from "./image-provider";
import { DEFAULT_AI_IMAGE_TIMEOUT_MS } from "./openai-image-provider";
import { providerFailure } from "./provider-failure";
import { baseUrl, creditLine } from "./provider-helpers";

type TEnv = Record<string, string | undefined>;

export const DEFAULT_GOOGLE_IMAGE_MODEL = "gemini-2.5-flash-image";

/**
 * Google image generation through the AI SDK, model IMAGE_MODEL (default gemini-2.5-flash-image),
 * base URL GOOGLE_GENERATIVE_AI_BASE_URL. The installed @ai-sdk/google drives Gemini image models
 * only (its Imagen support was removed), so other model names are refused with that reason.
 */
export function createGoogleImageProvider(apiKey: string, env: TEnv = process.env): TImageProvider {
  const model = env.IMAGE_MODEL?.trim() || DEFAULT_GOOGLE_IMAGE_MODEL;
  const google = createGoogleGenerativeAI({
    apiKey,
    baseURL: baseUrl(
      env,
      "GOOGLE_GENERATIVE_AI_BASE_URL",
      "https://generativelanguage.googleapis.com/v1beta",
    ),
  });
  const timeoutMs = envInteger(env.AI_IMAGE_TIMEOUT_MS, DEFAULT_AI_IMAGE_TIMEOUT_MS);
  return {
    id: "google",
    name: "Google",
    type: "ai-generated",
    async find({ query, deckTitle, signal }) {
      if (!model.startsWith("gemini-")) {
        throw new ImageProviderError(
          `Google image model "${model}" is not supported; set IMAGE_MODEL to a Gemini image model such as ${DEFAULT_GOOGLE_IMAGE_MODEL}`,
          true,
        );
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const { image } = await generateImage({
          model: google.image(model),
          prompt: aiImagePrompt(query, deckTitle),
          aspectRatio: "3:4",
          maxRetries: 1,
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        return [
          {
            id: `google:${crypto.createHash("sha256").update(image.uint8Array).digest("hex")}`,
            bytes: image.uint8Array,
            alt: query,
            credit: creditLine(`AI-generated image (Google ${model})`),
          },
        ];
      } catch (error) {
        if (timeout.aborted) throw providerFailure("Google", new Error(`no image within ${timeoutMs} ms`));
        throw providerFailure("Google", error);
      }
    },
  };
}
