import "server-only";
import crypto from "node:crypto";
import { createOpenAI } from "@ai-sdk/openai";
import { generateImage } from "ai";
import { envInteger } from "@/lib/net/safe-fetch";
import { aiImagePrompt } from "./ai-image-prompt";
import type { TImageProvider } from "./image-provider";
import { providerFailure } from "./provider-failure";
import { baseUrl, creditLine } from "./provider-helpers";

type TEnv = Record<string, string | undefined>;

export const DEFAULT_OPENAI_IMAGE_MODEL = "gpt-image-1";
/** Image models take tens of seconds; this bounds one picture, retries included. */
export const DEFAULT_AI_IMAGE_TIMEOUT_MS = 120_000;

/** The tallest size each model family offers, for the tall picture of the picture layouts. */
function portraitSize(model: string): `${number}x${number}` | undefined {
  if (model.startsWith("gpt-image") || model.startsWith("chatgpt-image")) return "1024x1536";
  if (model === "dall-e-3") return "1024x1792";
  if (model === "dall-e-2") return "1024x1024";
  return undefined;
}

/**
 * OpenAI image generation through the AI SDK (POST /images/generations, b64_json answers), model
 * IMAGE_MODEL (default gpt-image-1; dall-e-3 works too), base URL OPENAI_BASE_URL. The requesting
 * account goes along as a hashed `user`, as OpenAI asks for abuse monitoring.
 */
export function createOpenAIImageProvider(apiKey: string, env: TEnv = process.env): TImageProvider {
  const model = env.IMAGE_MODEL?.trim() || DEFAULT_OPENAI_IMAGE_MODEL;
  const openai = createOpenAI({
    apiKey,
    baseURL: baseUrl(env, "OPENAI_BASE_URL", "https://api.openai.com/v1"),
  });
  const timeoutMs = envInteger(env.AI_IMAGE_TIMEOUT_MS, DEFAULT_AI_IMAGE_TIMEOUT_MS);
  return {
    id: "openai",
    name: "OpenAI",
    type: "ai-generated",
    async find({ query, deckTitle, endUser, signal }) {
      const size = portraitSize(model);
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const { image } = await generateImage({
          model: openai.image(model),
          prompt: aiImagePrompt(query, deckTitle),
          ...(size ? { size } : {}),
          maxRetries: 1,
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          ...(endUser
            ? {
                providerOptions: {
                  openai: { user: crypto.createHash("sha256").update(endUser).digest("hex").slice(0, 32) },
                },
              }
            : {}),
        });
        return [
          {
            id: `openai:${crypto.createHash("sha256").update(image.uint8Array).digest("hex")}`,
            bytes: image.uint8Array,
            alt: query,
            credit: creditLine(`AI-generated image (OpenAI ${model})`),
          },
        ];
      } catch (error) {
        if (timeout.aborted) throw providerFailure("OpenAI", new Error(`no image within ${timeoutMs} ms`));
        throw providerFailure("OpenAI", error);
      }
    },
  };
}
