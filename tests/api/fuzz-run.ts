// Runs fuzz requests (tests/api/fuzz-arbitraries.ts) against a real server and checks each answer:
// never a 5xx; every 4xx a problem+json body whose status matches; the server still healthy after.
// Shared by tests/api/fuzz.test.ts and bench/fuzz.ts.
import sharp from "sharp";
import { API_ROUTES, type TApiRoute } from "@/lib/api/openapi/routes";
import type { TFuzzIds, TFuzzRequest } from "./fuzz-arbitraries";
import { cliCreateKey } from "./global-setup";

/**
 * Env of a fuzzing server: limits raised so the fuzz measures input handling, not throttling, and
 * generation kept cheap where a mutated body is still valid.
 */
export const FUZZ_SERVER_ENV: Record<string, string> = {
  // Thousands of requests a minute from one key.
  RATE_LIMIT_PER_MINUTE: "1000000",
  SESSION_RATE_LIMIT_PER_MINUTE: "1000000",
  // Every valid generation the fuzz stumbles on must be affordable.
  CREDITS_GRANT: "100000000",
  // The subscription the fuzz makes points at 127.0.0.1:9, which refuses: deliveries fail fast.
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
  WEBHOOK_RETRY_BASE_MS: "200",
  WEBHOOK_RETRY_MAX_MS: "1000",
  WEBHOOK_MAX_ATTEMPTS: "2",
  WEBHOOK_TIMEOUT_MS: "1000",
  SHUTDOWN_GRACE_MS: "1000",
};

/** The registry's operations the fuzz sends to: all of them. */
export function fuzzRoutes(): readonly TApiRoute[] {
  return API_ROUTES;
}

type TResult = { status: number; contentType: string; text: string };

/** The request's body bytes, made now if they were drawn lazily. */
export function bodyBytes(req: TFuzzRequest): Uint8Array | undefined {
  return typeof req.body === "function" ? req.body() : req.body;
}

/** Sends one request; `redirect: manual` so a 3xx is seen as such. */
export async function send(baseUrl: string, req: TFuzzRequest): Promise<TResult> {
  const res = await fetch(`${baseUrl}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: bodyBytes(req) as BodyInit | undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text };
}

/**
 * Why an answer breaks the property, or null: no 5xx; a 4xx is problem+json with type/title/status/detail.
 * A status the route documents with its own body (readiness's 503 "not ready") is not a failure.
 */
export function checkAnswer(res: TResult, documented: number[] = []): string | null {
  if (documented.includes(res.status)) return null;
  if (res.status >= 500) return `${res.status} server error`;
  if (res.status < 400) return null;
  if (!/^application\/problem\+json\b/i.test(res.contentType))
    return `${res.status} with content-type '${res.contentType}'`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `${res.status} with a body that is not JSON`;
  }
  for (const field of ["type", "title", "detail"] as const)
    if (typeof body?.[field] !== "string" || body[field] === "")
      return `${res.status} problem without ${field}`;
  if (body.status !== res.status) return `${res.status} problem saying status ${String(body.status)}`;
  return null;
}

export type TFuzzFailure = {
  label: string;
  method: string;
  path: string;
  requestType?: string;
  requestBody: string;
  status: number;
  problem: string;
  answer: string;
};

export type TFuzzReport = {
  sent: number;
  byStatus: Record<number, number>;
  failures: TFuzzFailure[];
  /** Answers with a status the route documents outside the problem scheme (readiness 503), by status. */
  documented: Record<number, number>;
  ms: number;
  healthy: boolean;
};

const preview = (text: string, n = 300) =>
  text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;

/**
 * Sends every request, `concurrency` at a time, checks each answer, and finally asks GET
 * /api/health. A request that gets no answer at all (connection reset) is a failure too.
 */
export async function runFuzz(
  baseUrl: string,
  requests: TFuzzRequest[],
  options: { concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<TFuzzReport> {
  const started = Date.now();
  const byStatus: Record<number, number> = {};
  const failures: TFuzzFailure[] = [];
  const documented: Record<number, number> = {};
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++];
      let result: TResult;
      try {
        result = await send(baseUrl, req);
      } catch (error) {
        result = { status: 0, contentType: "", text: String((error as Error).cause ?? error) };
      }
      byStatus[result.status] = (byStatus[result.status] ?? 0) + 1;
      const problem = result.status === 0 ? `no answer: ${result.text}` : checkAnswer(result, req.documented);
      if (req.documented?.includes(result.status))
        documented[result.status] = (documented[result.status] ?? 0) + 1;
      if (problem)
        failures.push({
          label: req.label,
          method: req.method,
          path: preview(req.path, 200),
          requestType: req.headers["content-type"],
          requestBody: req.body ? preview(Buffer.from(bodyBytes(req) ?? []).toString("utf8")) : "",
          status: result.status,
          problem,
          answer: preview(result.text),
        });
      done++;
      options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  let healthy = false;
  try {
    healthy = (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) })).ok;
  } catch {
    healthy = false;
  }
  return { sent: requests.length, byStatus, failures, documented, ms: Date.now() - started, healthy };
}

/** Calls the API with the fuzz account's key and requires a 2xx; answers the parsed JSON. */
async function call(baseUrl: string, key: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${text}`);
  // biome-ignore lint/suspicious/noExplicitAny: setup reads arbitrary JSON answers
  return (text ? JSON.parse(text) : undefined) as any;
}

const postJson = (baseUrl: string, key: string, path: string, body: unknown) =>
  call(baseUrl, key, path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * Makes the fuzz account (key through the CLI) and one of everything an id can name: presentations
 * (from JSON: no generation), a finished task, a webhook subscription with a failed delivery, an
 * uploaded file and picture, and signed download links.
 */
export async function prepareFuzzAccount(
  baseUrl: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<TFuzzIds> {
  const key = cliCreateKey(dataDir, "fuzz@example.com", "fuzz", env);
  const fromJson = API_ROUTES.find((r) => r.path === "/api/v1/ppt/presentation/create/from-json");
  const example = fromJson?.body?.mediaType === "application/json" ? fromJson.body.example : undefined;
  const presentations = [];
  for (let i = 0; i < 3; i++)
    presentations.push(await postJson(baseUrl, key, "/api/v1/ppt/presentation/create/from-json", example));
  const hook = await postJson(baseUrl, key, "/api/v1/webhook/subscribe", {
    url: "http://127.0.0.1:9/hook",
    event: "presentation.generation.completed",
  });
  const task = await postJson(baseUrl, key, "/api/v1/ppt/presentation/generate/async", {
    content: "Solar clinics in rural districts cut diesel costs and keep vaccines cold.",
    n_slides: 1,
    trigger_webhook: true,
  });
  const form = new FormData();
  form.append("files", new Blob([new TextEncoder().encode("Notes on solar clinics.")]), "notes.txt");
  const files = await call(baseUrl, key, "/api/v1/ppt/files/upload", { method: "POST", body: form });
  // A small real PNG, so the picture upload has an asset to serve.
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const picture = new FormData();
  picture.append("file", new Blob([new Uint8Array(png)]), "pixel.png");
  const image = await call(baseUrl, key, "/api/v1/ppt/images/upload", { method: "POST", body: picture });
  // The task finishes, fires the webhook, and its delivery fails against the closed port.
  let deliveries: { id: string }[] = [];
  for (let i = 0; i < 120 && deliveries.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 250));
    deliveries = await call(baseUrl, key, `/api/v1/webhook/${hook.id}/deliveries`);
  }
  return {
    key,
    presentation: presentations.map((p) => p.presentation_id),
    task: [task.id],
    webhook: [hook.id],
    delivery: deliveries.map((d) => d.id),
    asset: [String(image.asset).replace(/^assets\//, "")],
    file: files.map((f: { id: string }) => f.id),
    download: presentations.map((p) => {
      const url = new URL(p.path);
      return `${url.pathname}${url.search}`;
    }),
  };
}

/** Failures grouped by what went wrong and where, for a readable report. */
export function summariseFailures(failures: TFuzzFailure[]): string {
  const groups = new Map<string, TFuzzFailure[]>();
  for (const f of failures) {
    const op = f.label.split(" ")[0];
    const key = `${op}: ${f.problem.replace(/\d{3} (?=with|problem|server)/, "")} (${f.status})`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.entries()]
    .map(([key, list]) => {
      const first = list[0];
      return `${list.length}× ${key}\n  e.g. ${first.method} ${first.path} [${first.requestType ?? "no type"}] ${first.label}\n  body: ${first.requestBody}\n  answer: ${first.answer}`;
    })
    .join("\n");
}
