/**
 * Chooses the generation provider from LLM_PROVIDER: "offline" (the default) or an LLM through
 * the Vercel AI SDK. LLM providers are built on first use and cached per setting, so a changed
 * environment (tests, a reloaded config) gets a fresh one; bad settings fail loudly (503).
 */
import "server-only";
import { ProviderUnavailableError } from "./errors";
import { LLM_PROVIDERS, llmEnvKey, readLlmConfig } from "./llm/llm-config";
import { createLlmProvider } from "./llm/llm-provider";
import { createOfflineProvider } from "./offline/offline-provider";
import type { GenerationProvider } from "./types";

export { ProviderUnavailableError } from "./errors";

/** Every value LLM_PROVIDER accepts. */
export const PROVIDER_NAMES = ["offline", ...LLM_PROVIDERS] as const;

const offline = createOfflineProvider();
const cache = new Map<string, GenerationProvider>();

/**
 * The provider for `env.LLM_PROVIDER`: unset, empty or "offline" → the offline provider; an LLM
 * name → that LLM, configured from the other LLM_* variables. Throws ProviderUnavailableError for
 * an unknown name or a missing key, base URL or model.
 */
export function getProvider(env: Record<string, string | undefined> = process.env): GenerationProvider {
  const name = (env.LLM_PROVIDER ?? "").trim().toLowerCase();
  if (name === "" || name === "offline") return offline;
  if (!(LLM_PROVIDERS as readonly string[]).includes(name))
    throw new ProviderUnavailableError(
      name,
      `Unknown LLM_PROVIDER "${name}"; use one of: ${PROVIDER_NAMES.join(", ")}.`,
    );
  const key = llmEnvKey(env);
  const cached = cache.get(key);
  if (cached) return cached;
  const provider = createLlmProvider(readLlmConfig(env));
  cache.set(key, provider);
  return provider;
}
