/**
 * Turns what a model call threw (HTTP errors, exhausted retries, network failures, timeouts)
 * into a ProviderUnavailableError whose message says what failed, where, and what to check.
 */
import { APICallError, RetryError } from "ai";
import { ProviderUnavailableError } from "../errors";
import type { TLlmConfig } from "./llm-config";

const KEY_HINT: Record<TLlmConfig["provider"], string> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  ollama: "LLM_API_KEY",
  "openai-compatible": "LLM_API_KEY",
};

/** Status and message of a failed HTTP call, when the error was one. */
export function apiStatus(error: unknown): number | undefined {
  const e = RetryError.isInstance(error) ? error.lastError : error;
  return APICallError.isInstance(e) ? e.statusCode : undefined;
}

/**
 * A ProviderUnavailableError for `error`, raised while writing `what` ("the outline",
 * 'content slide 3 ("Costs")'). `timedOut` when our own LLM_TIMEOUT_MS fired.
 */
export function toProviderError(
  error: unknown,
  config: TLlmConfig,
  what: string,
  timedOut = false,
  hint = "",
): ProviderUnavailableError {
  if (error instanceof ProviderUnavailableError) return error;
  const failure = describe(error, config, what, timedOut);
  return new ProviderUnavailableError(config.provider, `${failure}${hint}`);
}

function describe(error: unknown, config: TLlmConfig, what: string, timedOut: boolean): string {
  const who = `The ${config.provider} model "${config.model}"`;
  if (timedOut)
    return `${who} did not answer within ${config.timeoutMs} ms while writing ${what} (LLM_TIMEOUT_MS).`;
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const after = attempts > 1 ? ` after ${attempts} attempts` : "";
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const detail = excerpt(last.message);
    if (status === undefined)
      return `${who} could not be reached at ${origin(last.url)}${after} while writing ${what}: ${detail}`;
    if (status === 401 || status === 403)
      return `${who} refused the credentials (HTTP ${status}) while writing ${what}; check ${KEY_HINT[config.provider]}: ${detail}`;
    if (status === 429) return `${who} is rate limited (HTTP 429)${after} while writing ${what}: ${detail}`;
    return `${who} failed with HTTP ${status}${after} while writing ${what}: ${detail}`;
  }
  const message = last instanceof Error ? last.message : String(last);
  return `${who} failed${after} while writing ${what}: ${excerpt(message)}`;
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 300 ? `${t.slice(0, 299)}…` : t;
}

function origin(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}
