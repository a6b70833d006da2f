/**
 * The model an AI edit talks to: none for LLM_PROVIDER=offline (the default), else the configured
 * LLM through the same settings and SDK model as generation. Runtimes are cached per setting, so
 * the structured-output mode a server accepted is remembered across edits.
 */
import "server-only";
import { getProvider } from "@/lib/generate/get-provider";
import { createLanguageModel } from "@/lib/generate/llm/create-language-model";
import type { TLlmRuntime } from "@/lib/generate/llm/generate-structured";
import { llmEnvKey, readLlmConfig } from "@/lib/generate/llm/llm-config";

const cache = new Map<string, TLlmRuntime>();

/**
 * The LLM runtime for `env`, or null when edits run offline. Throws ProviderUnavailableError (503)
 * for an unknown provider or missing settings, as generation does.
 */
export function getEditRuntime(env: Record<string, string | undefined> = process.env): TLlmRuntime | null {
  if (getProvider(env).id === "offline") return null;
  const key = llmEnvKey(env);
  const cached = cache.get(key);
  if (cached) return cached;
  const config = readLlmConfig(env);
  const runtime: TLlmRuntime = { config, lm: createLanguageModel(config), ladderStart: 0 };
  cache.set(key, runtime);
  return runtime;
}
