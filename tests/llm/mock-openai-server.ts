/**
 * A local OpenAI-compatible server for tests and benches: POST /v1/chat/completions (not
 * streaming) answered from a scripted queue, then from a handler that sees the request. It
 * records every request body, counts requests in flight (and the peak), and can play a server
 * that rejects json_schema response formats or tools, as some local servers do.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer. `delayMs` holds it back (latency); default: the server's latency. */
export type TMockAnswer =
  /** An assistant message; an object is sent as its JSON text. */
  | { type: "content"; content: string | object; delayMs?: number; finishReason?: string }
  /** One tool call; an object is sent as its JSON text. */
  | { type: "tool-call"; name: string; arguments: string | object; delayMs?: number }
  /** An HTTP error with an OpenAI-style body. */
  | { type: "error"; status: number; message?: string; headers?: Record<string, string>; delayMs?: number };

/** What the model was sent (the parts tests look at). */
export type TChatRequest = {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string }[] | null }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  tools?: { type: string; function: { name: string; parameters: Record<string, unknown> } }[];
  tool_choice?: unknown;
  [key: string]: unknown;
};

export type TRecordedRequest = {
  body: TChatRequest;
  headers: IncomingMessage["headers"];
  /** ms since the server started. */
  startedAt: number;
  endedAt?: number;
};

export type TMockHandler = (body: TChatRequest, request: TRecordedRequest) => TMockAnswer | undefined;

export type TMockServerOptions = {
  /** Delay before every answer, ms. */
  latencyMs?: number;
  /** Answers requests the queue does not. */
  handler?: TMockHandler;
  /** 400 for response_format json_schema (a server without structured outputs). */
  rejectJsonSchema?: boolean;
  /** 400 for requests with tools (a model without tool support). */
  rejectTools?: boolean;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
};

export type TMockServer = {
  /** Base URL up to /v1. */
  url: string;
  requests: TRecordedRequest[];
  /** Requests being answered now, and the most at once since the last reset. */
  inFlight: number;
  peakInFlight: number;
  enqueue(...answers: TMockAnswer[]): void;
  setHandler(handler: TMockHandler | undefined): void;
  setOptions(options: Partial<TMockServerOptions>): void;
  /** Forgets requests, queue and peak. */
  reset(): void;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1 and a free port. */
export async function startMockOpenAiServer(options: TMockServerOptions = {}): Promise<TMockServer> {
  let opts = { ...options };
  const queue: TMockAnswer[] = [];
  const started = performance.now();
  const state: TMockServer = {
    url: "",
    requests: [],
    inFlight: 0,
    peakInFlight: 0,
    enqueue: (...answers) => queue.push(...answers),
    setHandler: (handler) => {
      opts.handler = handler;
    },
    setOptions: (more) => {
      opts = { ...opts, ...more };
    },
    reset: () => {
      state.requests.length = 0;
      queue.length = 0;
      state.peakInFlight = state.inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions")
      return send(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
    const raw = await readBody(req);
    const body = JSON.parse(raw) as TChatRequest;
    const record: TRecordedRequest = { body, headers: req.headers, startedAt: performance.now() - started };
    state.requests.push(record);
    state.inFlight += 1;
    state.peakInFlight = Math.max(state.peakInFlight, state.inFlight);
    let closed = false;
    res.on("close", () => {
      closed = true;
      state.inFlight -= 1;
      record.endedAt = performance.now() - started;
    });

    const answer = pickAnswer(body, record);
    await sleep(answer.delayMs ?? opts.latencyMs ?? 0);
    if (closed) return;
    if (answer.type === "error") {
      return send(
        res,
        answer.status,
        { error: { message: answer.message ?? `HTTP ${answer.status}`, type: "mock_error" } },
        answer.headers,
      );
    }
    send(res, 200, completion(body, answer));
  }

  function pickAnswer(body: TChatRequest, record: TRecordedRequest): TMockAnswer {
    if (opts.apiKey && record.headers.authorization !== `Bearer ${opts.apiKey}`)
      return { type: "error", status: 401, message: "Incorrect API key provided.", delayMs: 0 };
    if (opts.rejectJsonSchema && body.response_format?.type === "json_schema")
      return {
        type: "error",
        status: 400,
        message: "response_format json_schema is not supported",
        delayMs: 0,
      };
    if (opts.rejectTools && body.tools?.length)
      return { type: "error", status: 400, message: "this model does not support tools", delayMs: 0 };
    return (
      queue.shift() ??
      opts.handler?.(body, record) ?? { type: "error", status: 500, message: "no scripted answer left" }
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** The system messages' text. */
export function systemText(body: TChatRequest): string {
  return textOf(body, "system");
}

/** The user messages' text. */
export function userText(body: TChatRequest): string {
  return textOf(body, "user");
}

function textOf(body: TChatRequest, role: string): string {
  return body.messages
    .filter((m) => m.role === role)
    .map((m) =>
      typeof m.content === "string" ? m.content : (m.content ?? []).map((p) => p.text ?? "").join(""),
    )
    .join("\n");
}

function completion(body: TChatRequest, answer: Exclude<TMockAnswer, { type: "error" }>) {
  const text = (v: string | object) => (typeof v === "string" ? v : JSON.stringify(v));
  const message =
    answer.type === "content"
      ? { role: "assistant", content: text(answer.content) }
      : {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${Math.random().toString(36).slice(2, 10)}`,
              type: "function",
              function: { name: answer.name, arguments: text(answer.arguments) },
            },
          ],
        };
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        message,
        finish_reason: answer.type === "content" ? (answer.finishReason ?? "stop") : "tool_calls",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
