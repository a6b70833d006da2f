/**
 * Chooses the generation provider from LLM_PROVIDER. Only the offline provider exists so far;
 * naming an LLM provider fails loudly instead of silently falling back.
 */
import "server-only";
import { ProviderUnavailableError } from "./errors";
import { createOfflineProvider } from "./offline/offline-provider";
import type { GenerationProvider } from "./types";

export { ProviderUnavailableError } from "./errors";

/** Providers planned for LLM_PROVIDER (see DESIGN.md §2); none is implemented yet. */
export const PLANNED_PROVIDERS = ["openai", "anthropic", "google", "openai-compatible"] as const;

const offline = createOfflineProvider();

/**
 * The provider for `env.LLM_PROVIDER`: unset, empty or "offline" → the offline provider.
 * Throws ProviderUnavailableError for anything else.
 */
export function getProvider(env: Record<string, string | undefined> = process.env): GenerationProvider {
  const name = (env.LLM_PROVIDER ?? "").trim().toLowerCase();
  if (name === "" || name === "offline") return offline;
  if ((PLANNED_PROVIDERS as readonly string[]).includes(name)) {
    throw new ProviderUnavailableError(
      name,
      `LLM provider "${name}" is not available yet; unset LLM_PROVIDER or set it to "offline".`,
    );
  }
  throw new ProviderUnavailableError(
    name,
    `Unknown LLM_PROVIDER "${name}"; use "offline" (planned: ${PLANNED_PROVIDERS.join(", ")}).`,
  );
}
