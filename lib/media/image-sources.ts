import "server-only";
import type { TImageSourcesResponse } from "@/lib/api/schemas/media";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import { getImageProvider } from "@/lib/images/get-image-provider";
import type { TImageProvider, TImageType } from "@/lib/images/image-provider";

type TEnv = Record<string, string | undefined>;

export type TSourceChoice = {
  provider: TImageProvider | null;
  /** For the UI: what to set when there is no provider ("No stock image provider is configured (set …)."). */
  message: string | null;
};

/** The configured provider of a kind, or a sentence saying why there is none and what to set. */
export function chooseSource(kind: TImageType, env: TEnv = process.env): TSourceChoice {
  const choice = getImageProvider(kind, env);
  if (choice.provider) return { provider: choice.provider, message: null };
  const label = kind === "stock" ? "stock image" : "AI image";
  const message = /^no /i.test(choice.reason)
    ? `${choice.reason.charAt(0).toUpperCase()}${choice.reason.slice(1)}.`
    : `No ${label} provider is available: ${choice.reason}.`;
  return { provider: null, message };
}

/** Which picture sources a search can use now, and what an AI picture costs. */
export function imageSources(env: TEnv = process.env): TImageSourcesResponse {
  const state = (kind: TImageType) => {
    const { provider, message } = chooseSource(kind, env);
    return { available: provider !== null, provider: provider?.name ?? null, message };
  };
  return {
    stock: state("stock"),
    ai: { ...state("ai-generated"), credits_per_image: getCreditSettings(env).rules.perAiImage },
    offline: { available: true, provider: "offline", message: null },
  };
}
