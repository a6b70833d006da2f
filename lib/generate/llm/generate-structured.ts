/**
 * One structured model call with the robustness a deck needs: the answer is parsed (leniently:
 * code fences and prose around the JSON are tolerated) and validated with zod; an invalid answer
 * is asked again with the problem named; a server that rejects a structured-output mode, or
 * answers it with invalid JSON, is moved down the ladder json-schema → json → tool (in auto mode);
 * each call is bounded by LLM_TIMEOUT_MS; provider failures become ProviderUnavailableError.
 */
import {
  generateText,
  type JSONSchema7,
  jsonSchema,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  tool,
} from "ai";
import type { z } from "zod";
import type { TLanguageModel } from "./create-language-model";
import type { TLlmConfig, TStructuredMode } from "./llm-config";
import { apiStatus, toProviderError } from "./to-provider-error";

const LADDER: readonly TStructuredMode[] = ["json-schema", "json", "tool"];

/** What a provider shares across its calls: settings, model, and the mode servers accepted. */
export type TLlmRuntime = {
  config: TLlmConfig;
  lm: TLanguageModel;
  /** Index into the json-schema → json → tool ladder where auto mode starts; rises when a server rejects a mode. */
  ladderStart: number;
};

/** One structured request. */
export type TStructuredRequest<T> = {
  /** What is being written, for messages: "the outline", 'content slide 3 ("Costs")'. */
  what: string;
  /** Schema/tool name shown to the model ([a-zA-Z0-9_-]). */
  name: string;
  description: string;
  /** Validates the parsed answer. */
  schema: z.ZodType<T>;
  /** Sent to the model: response format, tool parameters, or in the prompt (json mode). */
  jsonSchema: JSONSchema7;
  instructions: string;
  /** The user prompt; `schemaText` is set in json mode, `problem` on a retry. */
  prompt: (p: { schemaText?: string; problem?: string }) => string;
  /** A further check of a valid answer (a slide count, an empty slide): the problem, or null. */
  check?: (value: T) => string | null;
  /** Aborts the call when the caller gives up (another slide failed). */
  signal?: AbortSignal;
};

/** The answer, or why every attempt failed (with the last answer that passed the schema). */
export type TStructuredResult<T> =
  | { ok: true; value: T; attempts: number; mode: TStructuredMode }
  | { ok: false; problem: string; attempts: number; lastValid?: T };

/**
 * Asks until the answer is valid, at most 1 + LLM_MAX_RETRIES times. Throws
 * ProviderUnavailableError when the provider fails (HTTP, network, timeout); an answer that stays
 * invalid is returned as `ok: false` so the caller can repair or fail with its own words.
 */
export async function generateStructured<T>(
  runtime: TLlmRuntime,
  req: TStructuredRequest<T>,
): Promise<TStructuredResult<T>> {
  const { config } = runtime;
  const auto = config.structuredOutput === "auto";
  let step = auto ? runtime.ladderStart : LADDER.indexOf(config.structuredOutput as TStructuredMode);
  let problem: string | undefined;
  let lastValid: T | undefined;
  let attempts = 0;

  while (attempts <= config.maxRetries) {
    const mode = LADDER[step];
    let answer: unknown;
    try {
      answer = await callModel(runtime, req, mode, problem);
    } catch (error) {
      const status = apiStatus(error);
      // A 400/422 answer to a response format or tool is the server refusing the mode, not the request.
      if ((status === 400 || status === 422) && auto && step < LADDER.length - 1) {
        step += 1;
        runtime.ladderStart = Math.max(runtime.ladderStart, step);
        continue;
      }
      const hint =
        (status === 400 || status === 422) && !auto
          ? ` (LLM_STRUCTURED_OUTPUT=${config.structuredOutput}; "auto" falls back to other modes.)`
          : "";
      throw toProviderError(error, config, req.what, error instanceof TimeoutSignal, hint);
    }
    attempts += 1;
    const parsed = readAnswer(answer, req.schema);
    if (parsed.ok) {
      const issue = req.check?.(parsed.value) ?? null;
      if (issue === null) return { ok: true, value: parsed.value, attempts, mode };
      lastValid = parsed.value;
      problem = issue;
    } else {
      problem = parsed.problem;
      // Invalid JSON under a schema mode suggests the server ignores it: try the next mode.
      if (auto && parsed.malformed && step < LADDER.length - 1) step += 1;
    }
  }
  return { ok: false, problem: problem ?? "no answer", attempts, ...(lastValid ? { lastValid } : {}) };
}

/** Thrown into the SDK's abort signal when LLM_TIMEOUT_MS passes, so the catch can tell. */
class TimeoutSignal extends Error {}

/** One model call in `mode`; returns the parsed JSON or the raw text when it did not parse. */
async function callModel<T>(
  runtime: TLlmRuntime,
  req: TStructuredRequest<T>,
  mode: TStructuredMode,
  problem: string | undefined,
): Promise<unknown> {
  const { config, lm } = runtime;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new TimeoutSignal()), config.timeoutMs);
  const abortSignal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;
  const schemaText = mode === "json" ? JSON.stringify(req.jsonSchema) : undefined;
  const common = {
    model: lm.model,
    instructions: req.instructions,
    prompt: req.prompt({ schemaText, ...(problem ? { problem } : {}) }),
    maxRetries: config.maxRetries,
    abortSignal,
    providerOptions: lm.providerOptions,
  };
  try {
    if (mode === "tool") {
      const result = await generateText({
        ...common,
        tools: {
          [req.name]: tool({ description: req.description, inputSchema: jsonSchema(req.jsonSchema) }),
        },
        toolChoice: { type: "tool", toolName: req.name },
      });
      const call = result.toolCalls.find((c) => c.toolName === req.name);
      // A call whose arguments were not JSON comes back marked invalid with the raw text.
      return call ? call.input : result.text;
    }
    const output =
      mode === "json-schema"
        ? Output.object({ schema: jsonSchema(req.jsonSchema), name: req.name, description: req.description })
        : Output.json({ name: req.name, description: req.description });
    let text = "";
    try {
      const result = await generateText({ ...common, output });
      text = result.text;
      return result.output;
    } catch (error) {
      // Not JSON as a whole (fences, prose): keep the text for the lenient reader. No output at
      // all (an empty or cut-off answer) is an invalid answer too, not a provider failure.
      if (NoObjectGeneratedError.isInstance(error)) return error.text ?? "";
      if (NoOutputGeneratedError.isInstance(error)) return text;
      throw error;
    }
  } catch (error) {
    if (timer.signal.aborted) throw timer.signal.reason;
    if (req.signal?.aborted) throw req.signal.reason ?? error;
    throw error;
  } finally {
    clearTimeout(timeout);
  }
}

type TRead<T> = { ok: true; value: T } | { ok: false; problem: string; malformed: boolean };

/** Parses (strings leniently) and validates an answer. */
function readAnswer<T>(answer: unknown, schema: z.ZodType<T>): TRead<T> {
  let value = answer;
  if (typeof answer === "string") {
    const json = extractJson(answer);
    if (json === undefined)
      return {
        ok: false,
        malformed: true,
        problem: answer.trim() ? "the answer was not valid JSON" : "the answer was empty",
      };
    value = json;
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("; ");
  return { ok: false, malformed: false, problem: `the JSON did not match the schema (${issues})` };
}

/** The JSON value in a text: the whole text, a fenced block, or the outermost {…}. */
function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced) candidates.push(fenced[1].trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
