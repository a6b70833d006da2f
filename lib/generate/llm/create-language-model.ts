/**
 * The AI SDK model for the configured provider. OpenAI goes through the Chat Completions API
 * (also what OpenAI-style gateways behind LLM_BASE_URL speak); Ollama through its OpenAI-compatible
 * /v1 endpoint, which takes JSON schemas and tools like any other compatible server.
 */
import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { TLlmConfig } from "./llm-config";

/** A model and the provider options every call sends with it. */
export type TLanguageModel = {
  model: LanguageModel;
  providerOptions: Record<string, Record<string, string | number | boolean>>;
};

/** Builds the model; no network until the first call. */
export function createLanguageModel(config: TLlmConfig): TLanguageModel {
  const { apiKey, baseURL, model } = config;
  switch (config.provider) {
    case "openai":
      return {
        model: createOpenAI({ apiKey, ...(baseURL ? { baseURL } : {}) }).chat(model),
        // Strict schemas need every property required; ours have optional fields.
        providerOptions: { openai: { strictJsonSchema: false } },
      };
    case "anthropic":
      return {
        model: createAnthropic({ apiKey, ...(baseURL ? { baseURL } : {}) })(model),
        providerOptions: {},
      };
    case "google":
      return {
        model: createGoogleGenerativeAI({ apiKey, ...(baseURL ? { baseURL } : {}) })(model),
        providerOptions: {},
      };
    case "ollama":
    case "openai-compatible":
      return {
        model: createOpenAICompatible({
          name: config.provider,
          baseURL: baseURL as string,
          ...(apiKey ? { apiKey } : {}),
          // Send json_schema response formats; servers that reject them fall back (see llm-call.ts).
          supportsStructuredOutputs: true,
        }).chatModel(model),
        providerOptions: { openaiCompatible: { strictJsonSchema: false } },
      };
  }
}
