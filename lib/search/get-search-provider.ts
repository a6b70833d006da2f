import "server-only";
import { createBraveSearch } from "./brave-search";
import { createTavilySearch } from "./tavily-search";
import type { TWebSearchProvider } from "./web-search-provider";

type TEnv = Record<string, string | undefined>;

/** Search backends, in the order the first configured one is chosen. */
export const WEB_SEARCH_PROVIDERS: Record<
  string,
  { keyVariable: string; create: (key: string, env: TEnv) => TWebSearchProvider }
> = {
  tavily: { keyVariable: "TAVILY_API_KEY", create: createTavilySearch },
  brave: { keyVariable: "BRAVE_SEARCH_API_KEY", create: createBraveSearch },
};

/** The search backend, or why there is none (a phrase for the response's warnings). */
export type TSearchProviderChoice = { provider: TWebSearchProvider } | { provider: null; reason: string };

/**
 * WEB_SEARCH_PROVIDER (tavily | brave | none), else the first of TAVILY_API_KEY and
 * BRAVE_SEARCH_API_KEY that is set. A named backend without its key, or an unknown name, yields
 * none and a reason naming the variable to fix.
 */
export function getSearchProvider(env: TEnv = process.env): TSearchProviderChoice {
  const named = env.WEB_SEARCH_PROVIDER?.trim().toLowerCase() ?? "";
  const keyOf = (variable: string) => env[variable]?.trim() ?? "";
  if (named === "none") return { provider: null, reason: 'WEB_SEARCH_PROVIDER is "none"' };
  if (named) {
    const choice = WEB_SEARCH_PROVIDERS[named];
    if (!choice) {
      return {
        provider: null,
        reason: `WEB_SEARCH_PROVIDER "${named}" is not one of ${Object.keys(WEB_SEARCH_PROVIDERS).join(", ")}`,
      };
    }
    if (!keyOf(choice.keyVariable)) {
      return {
        provider: null,
        reason: `WEB_SEARCH_PROVIDER is "${named}" but ${choice.keyVariable} is not set`,
      };
    }
    return { provider: choice.create(keyOf(choice.keyVariable), env) };
  }
  for (const choice of Object.values(WEB_SEARCH_PROVIDERS)) {
    if (keyOf(choice.keyVariable)) return { provider: choice.create(keyOf(choice.keyVariable), env) };
  }
  return {
    provider: null,
    reason: "no search provider is configured (set TAVILY_API_KEY or BRAVE_SEARCH_API_KEY)",
  };
}
