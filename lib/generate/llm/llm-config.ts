/**
 * The LLM provider's settings, read from the environment with zod. Anything missing or malformed
 * for the chosen provider is a ProviderUnavailableError (503) that names the variable to set.
 */
import "server-only";
import { z } from "zod";
import { ProviderUnavailableError } from "../errors";

/** LLM_PROVIDER values that select an LLM (everything but "offline"). */
export const LLM_PROVIDERS = ["openai", "anthropic", "google", "ollama", "openai-compatible"] as const;
export type TLlmProviderName = (typeof LLM_PROVIDERS)[number];

/**
 * How structured output is requested. json-schema: the provider's native schema mode (OpenAI
 * response_format json_schema, Anthropic output format or forced JSON tool, Google response
 * schema). json: JSON mode (response_format json_object) with the schema in the prompt. tool: one
 * forced tool call whose parameters are the schema. auto: json-schema, then json, then tool when a
 * server rejects a mode or answers it with invalid JSON.
 */
export const STRUCTURED_OUTPUT_MODES = ["auto", "json-schema", "json", "tool"] as const;
export type TStructuredOutputSetting = (typeof STRUCTURED_OUTPUT_MODES)[number];
export type TStructuredMode = Exclude<TStructuredOutputSetting, "auto">;

/** Model used when LLM_MODEL is unset; openai-compatible has none (the server decides the names). */
export const DEFAULT_MODELS: Record<Exclude<TLlmProviderName, "openai-compatible">, string> = {
  openai: "gpt-4.1-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  // Multilingual and reliable with JSON schemas at 7B.
  ollama: "qwen2.5",
};

// Local models have small context windows (Ollama defaults to a few thousand tokens).
const DEFAULT_CONTENT_CHARS: Record<TLlmProviderName, number> = {
  openai: 100_000,
  anthropic: 100_000,
  google: 100_000,
  ollama: 12_000,
  "openai-compatible": 24_000,
};

const DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434";

// Which variable holds the key of each provider; undefined → no key needed (local servers).
const KEY_VARIABLE: Record<TLlmProviderName, string | undefined> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  ollama: undefined,
  "openai-compatible": undefined,
};

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const ZLlmEnv = z.object({
  LLM_PROVIDER: z.enum(LLM_PROVIDERS),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().trim().min(1).optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().trim().min(1).optional(),
  LLM_TIMEOUT_MS: int(10, 600_000, 60_000),
  // Ten at once: a 10-slide deck is the outline call plus one round of slide calls (about 2× one
  // call; bench/llm-concurrency.ts). Local servers that run one request at a time simply queue them.
  LLM_CONCURRENCY: int(1, 64, 10),
  LLM_MAX_RETRIES: int(0, 10, 2),
  LLM_STRUCTURED_OUTPUT: z.enum(STRUCTURED_OUTPUT_MODES).default("auto"),
  LLM_MAX_CONTENT_CHARS: z.coerce.number().int().min(1000).max(1_000_000).optional(),
});

/** Everything the LLM provider needs, resolved from the environment. */
export type TLlmConfig = {
  provider: TLlmProviderName;
  model: string;
  /** Base URL up to and including /v1 for OpenAI-style APIs; undefined → the provider's own. */
  baseURL?: string;
  apiKey?: string;
  /** Per model call, retries included. */
  timeoutMs: number;
  /** Slides written at once. */
  concurrency: number;
  /** Retries of a failed call (429, 5xx, network) and of an invalid answer. */
  maxRetries: number;
  structuredOutput: TStructuredOutputSetting;
  /** Content beyond this many characters is cut before it reaches the model. */
  maxContentChars: number;
};

/** The settings that matter to the LLM provider, as a stable cache key. */
export function llmEnvKey(env: Record<string, string | undefined>): string {
  return JSON.stringify(Object.keys(ZLlmEnv.shape).map((k) => env[k] ?? ""));
}

/**
 * Reads and checks the LLM settings. Throws ProviderUnavailableError when a value is malformed
 * or the chosen provider lacks its key, base URL or model.
 */
export function readLlmConfig(env: Record<string, string | undefined>): TLlmConfig {
  // Unset and empty are the same thing in an .env file.
  const present = Object.fromEntries(
    Object.keys(ZLlmEnv.shape).map((k) => [k, env[k]?.trim() ? env[k].trim() : undefined]),
  );
  if (present.LLM_PROVIDER) present.LLM_PROVIDER = present.LLM_PROVIDER.toLowerCase();
  const provider = String(present.LLM_PROVIDER ?? "");
  const parsed = ZLlmEnv.safeParse(present);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ProviderUnavailableError(provider, `The LLM settings are invalid (${issues}).`);
  }
  const e = parsed.data;
  const name = e.LLM_PROVIDER;

  const keyVariable = KEY_VARIABLE[name];
  const apiKey = keyVariable ? e[keyVariable as "OPENAI_API_KEY"] : e.LLM_API_KEY;
  if (keyVariable && !apiKey)
    throw new ProviderUnavailableError(name, `LLM_PROVIDER is "${name}" but ${keyVariable} is not set.`);

  let baseURL = e.LLM_BASE_URL?.replace(/\/+$/, "");
  if (name === "openai-compatible" && !baseURL)
    throw new ProviderUnavailableError(
      name,
      'LLM_PROVIDER is "openai-compatible" but LLM_BASE_URL is not set (the server\'s URL up to /v1, e.g. http://127.0.0.1:8000/v1).',
    );
  if (name === "ollama") {
    // Ollama speaks the OpenAI chat API under /v1; accept the bare server URL too.
    baseURL = baseURL ?? DEFAULT_OLLAMA_URL;
    if (!/\/v1$/.test(baseURL)) baseURL = `${baseURL}/v1`;
  }

  const model = e.LLM_MODEL ?? (name === "openai-compatible" ? undefined : DEFAULT_MODELS[name]);
  if (!model)
    throw new ProviderUnavailableError(
      name,
      'LLM_PROVIDER is "openai-compatible" but LLM_MODEL is not set (the model name the server serves).',
    );

  return {
    provider: name,
    model,
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    timeoutMs: e.LLM_TIMEOUT_MS,
    concurrency: e.LLM_CONCURRENCY,
    maxRetries: e.LLM_MAX_RETRIES,
    structuredOutput: e.LLM_STRUCTURED_OUTPUT,
    maxContentChars: e.LLM_MAX_CONTENT_CHARS ?? DEFAULT_CONTENT_CHARS[name],
  };
}
