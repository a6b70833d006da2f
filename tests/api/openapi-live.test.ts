// Every operation of the OpenAPI document called on the live server, each answer validated against
// the document with Ajv (JSON Schema draft 2020-12, as OpenAPI 3.1 reads it): the status must be
// one the operation documents, the content type one it lists, a JSON body valid against its schema,
// and every header it marks required present and valid. OPERATIONS says how to bring each
// operation to a success and to the refusals it answers (402 and 409 bodies with their extension
// members included); a test holds its keys equal to the document's operations, so an operation
// added without a way to call it here fails, and the document and the answers cannot drift apart.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LAYOUT_IDS } from "@/lib/deck/schema";
import { documentValidator, resolveRef } from "../openapi-validator";
import { startMockServer, type TMockServer } from "../unit/net-mock-server";
import { cliCreateKey, cliGrantCredits, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { jsonOrUndefined, UUID } from "./helpers";

// biome-ignore lint/suspicious/noExplicitAny: the document and the answers are walked as plain JSON
type TJson = any;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const COMPLETED = "presentation.generation.completed";

type TRequest = {
  /** Values of the path's `{param}`s. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is, with `type` as its content type (multipart: a FormData, typed by fetch). */
  raw?: string | FormData;
  type?: string;
  headers?: Record<string, string>;
  /** The key to send; this file's account by default, null for none. */
  key?: string | null;
  /** A whole URL instead of the path (a signed download link). */
  url?: string;
};

type TAnswer = { status: number; headers: Headers; text: string; json: TJson };

/** Calls the operation under test; the answer must have `status` and match the document. */
type TCall = (status: number, request?: TRequest) => Promise<TAnswer>;

type TFixtures = {
  key: string;
  poorKey: string;
  /** A presentation of the account: id, its first export's signed link and its Deck. */
  presentation: { id: string; path: string; deck: TJson };
  taskId: string;
  subscriptionId: string;
  deliveryId: string;
  /** `<sha256>.png` of a stored picture. */
  assetName: string;
  /** A real .pptx (the fixture presentation's export) to upload as a brand template. */
  brandPptx: Buffer;
  receiver: TMockServer;
};

let doc: TJson;
let validator: ReturnType<typeof documentValidator>;
/** What the calls need (keys, a presentation, a task, a webhook delivery…), made in beforeAll. */
let f: TFixtures;
/** Per operation ("POST /api/…"), the statuses of the answers validated against the document. */
const validated = new Map<string, Set<number>>();

const randomId = () => crypto.randomUUID();

/** Sends a request for `method path` as TRequest describes it. */
async function send(base: string, method: string, path: string, request: TRequest = {}): Promise<TAnswer> {
  const query = request.query ? `?${new URLSearchParams(request.query)}` : "";
  const url =
    request.url ??
    `${base}${path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`No value for {${name}} of ${path}`);
      return encodeURIComponent(value);
    })}${query}`;
  const headers: Record<string, string> = { ...request.headers };
  const key = request.key === undefined ? f.key : request.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | FormData | undefined = request.raw;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers["content-type"] = "application/json";
  }
  if (request.type) headers["content-type"] = request.type;
  const res = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: jsonOrUndefined(text) };
}

/** A header's value as its schema types it (headers arrive as text). */
function headerValue(schema: TJson, value: string): unknown {
  return schema?.type === "integer" || schema?.type === "number" ? Number(value) : value;
}

/**
 * Checks an answer of `method path` against a document: a documented status, a listed content
 * type, a body valid against its schema (JSON; files only by type), the required headers. `sent`
 * is the method the request used, when another than the operation's (a 405).
 */
function expectDocumented(
  document: TJson,
  check: ReturnType<typeof documentValidator>,
  method: string,
  path: string,
  answer: TAnswer,
  sent = method,
): void {
  const label = `${sent.toUpperCase()} ${path} → ${answer.status} (as ${method.toUpperCase()} documents it)`;
  const operation = document.paths[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path} is not in the document`).toBeDefined();
  const documented = operation.responses[String(answer.status)];
  expect(documented, `${label} is not documented (${answer.text.slice(0, 300)})`).toBeDefined();
  const [response, where] = documented.$ref
    ? [resolveRef(document, documented.$ref), documented.$ref.slice(2).split("/")]
    : [documented, ["paths", path, method, "responses", String(answer.status)]];
  for (const [name, entry] of Object.entries(response.headers ?? {}) as [string, TJson][]) {
    const [header, headerWhere] = entry.$ref
      ? [resolveRef(document, entry.$ref), entry.$ref.slice(2).split("/")]
      : [entry, [...where, "headers", name]];
    const value = answer.headers.get(name);
    if (header.required) expect(value, `${label}: required header ${name}`).not.toBeNull();
    if (value === null) continue;
    expect(
      check.errors([...headerWhere, "schema"], headerValue(header.schema, value)),
      `${label}: header ${name}: ${value}`,
    ).toEqual([]);
  }
  if (!response.content) {
    expect(answer.text, `${label}: no body is documented`).toBe("");
    return;
  }
  const type = answer.headers.get("content-type")?.split(";")[0].trim() ?? "";
  expect(Object.keys(response.content), `${label}: content type`).toContain(type);
  if (type !== "application/json" && !type.endsWith("+json")) return;
  expect(answer.json, `${label}: body is not JSON`).toBeDefined();
  expect(
    check.errors([...where, "content", type, "schema"], answer.json),
    `${label}: ${answer.text}`,
  ).toEqual([]);
}

/** The call function of one operation of the shared server's document, recording what it validated. */
function caller(operation: string): TCall {
  const [upper, path] = operation.split(" ");
  const method = upper.toLowerCase();
  return async (status, request) => {
    const answer = await send(inject("baseUrl"), method, path, request);
    expect(answer.status, `${operation}: ${answer.text.slice(0, 500)}`).toBe(status);
    expectDocumented(doc, validator, method, path, answer);
    validated.set(operation, (validated.get(operation) ?? new Set()).add(status));
    return answer;
  };
}

/** Every operation of a document, as "METHOD /path". */
function documentOperations(document: TJson): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => method in (item as object)).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Whether an operation takes the Bearer key (its own security, else the document's). */
function needsKey(operation: TJson): boolean {
  return (operation.security ?? doc.security).some((requirement: TJson) => "bearerAuth" in requirement);
}

/** A plain call (not validated) for setting things up, on the shared server with this file's key. */
const setup = (method: string, path: string, request?: TRequest) =>
  send(inject("baseUrl"), method, path, request);

/** The presentation's current version and Deck. */
async function current(id: string): Promise<{ version: number; deck: TJson }> {
  const res = await setup("get", "/api/v1/ppt/presentation/{id}", { params: { id } });
  return { version: res.json.version, deck: res.json.deck };
}

const SLIDES = [
  { layout: "title", content: { title: "Solar clinics", subtitle: "Keeping vaccines cold" } },
  {
    layout: "bullets",
    content: {
      title: "Costs per clinic",
      bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"],
    },
  },
];

/** A request example of the document (a success when sent as written). */
const example = (path: string, method: string) =>
  doc.paths[path][method].requestBody.content["application/json"].example;

/**
 * Queues four tasks at once and answers the newest one's id: workers take the oldest first, two at
 * a time (JOB_CONCURRENCY), so it is still pending.
 */
async function queueBehindOthers(): Promise<string> {
  const path = "/api/v1/ppt/presentation/generate/async";
  const answers = await Promise.all(
    [0, 1, 2, 3].map(() => send(inject("baseUrl"), "post", path, { body: example(path, "post") })),
  );
  for (const answer of answers) expect(answer.status).toBe(202);
  const newest = answers
    .map((answer) => answer.json)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return newest[3].id;
}

function textForm(field = "files"): FormData {
  const form = new FormData();
  const text =
    "Rural clinics lose power nine hours a week. A solar array with batteries keeps vaccines cold.";
  form.append(field, new Blob([text], { type: "text/plain" }), "notes.txt");
  return form;
}

async function pictureForm(): Promise<FormData> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  return form;
}

/** A brand-template upload: `bytes` as `file`, named `fileName`. */
function brandForm(bytes: Buffer, fileName = "brand.pptx"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), fileName);
  return form;
}

/** Uploads the fixture .pptx as a brand template of this file's account; its `template` id. */
async function brandTemplate(): Promise<string> {
  const uploaded = await setup("post", "/api/v1/ppt/templates", { raw: brandForm(f.brandPptx) });
  expect(uploaded.status, uploaded.text).toBe(201);
  return uploaded.json.template;
}

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * How to call each operation: a success, and the refusals it can be brought to with a plain
 * request. A 401 without a key is checked for every keyed operation besides these, and a 405 for
 * every path (below).
 */
const OPERATIONS: Record<string, (call: TCall) => Promise<void>> = {
  "POST /api/v1/ppt/presentation/generate": async (call) => {
    const path = "/api/v1/ppt/presentation/generate";
    const done = await call(200, { body: example(path, "post") });
    expect(done.json.presentation_id).toMatch(UUID);
    await call(200, { body: { content: "Tea and coffee.", n_slides: 1, unknown_field: 1 } });
    await call(402, { key: f.poorKey, body: example(path, "post") });
    await call(422, { body: { content: "Tea.", n_slides: 500 } });
    await call(400, { raw: "{", type: "application/json" });
    await call(415, { raw: "content=tea", type: "application/x-www-form-urlencoded" });
  },
  "POST /api/v1/ppt/presentation/generate/async": async (call) => {
    const body = example("/api/v1/ppt/presentation/generate/async", "post");
    const queued = await call(202, { body });
    expect(queued.json.status).toBe("pending");
    await call(402, { key: f.poorKey, body });
    await call(422, { body: { content: "Tea.", tone: "sarcastic" } });
  },
  "POST /api/v3/presentation/outlines/generate": async (call) => {
    await call(200, { body: example("/api/v3/presentation/outlines/generate", "post") });
    await call(422, { body: { content: "Tea.", n_slides: 500 } });
  },
  "POST /api/v3/presentation/generate": async (call) => {
    const body = example("/api/v3/presentation/generate", "post");
    await call(200, { body });
    await call(402, { key: f.poorKey, body });
    await call(422, { body: { slides: [] } });
  },
  "POST /api/v3/presentation/generate/async": async (call) => {
    await call(202, { body: example("/api/v3/presentation/generate/async", "post") });
    await call(422, { body: { slides: [] } });
  },
  "POST /api/v1/ppt/presentation/create/from-json": async (call) => {
    const body = example("/api/v1/ppt/presentation/create/from-json", "post");
    await call(200, { body });
    await call(402, { key: f.poorKey, body });
    await call(422, { body: { slides: [{ layout: "chart", content: { title: "No chart" } }] } });
  },
  "GET /api/v3/async-task/status/{id}": async (call) => {
    // Every state the task passes through on the way, then a finished one.
    await waitFor(async () => {
      const res = await call(200, { params: { id: f.taskId } });
      return res.json.status === "completed" || res.json.status === "error" ? res : undefined;
    }, "the task");
    await call(404, { params: { id: randomId() } });
  },
  "GET /api/v1/ppt/presentation/status/{id}": async (call) => {
    await call(200, { params: { id: f.taskId } });
    await call(404, { params: { id: randomId() } });
  },
  "DELETE /api/v3/async-task/status/{id}": async (call) => {
    // Two workers take the first two: the third waits, and is cancelled before its turn.
    const id = await queueBehindOthers();
    const cancelled = await call(200, { params: { id } });
    expect(cancelled.json.error.code).toBe("cancelled");
    await call(409, { params: { id } });
    await call(404, { params: { id: randomId() } });
  },
  "DELETE /api/v1/ppt/presentation/status/{id}": async (call) => {
    await call(200, { params: { id: await queueBehindOthers() } });
    await call(409, { params: { id: f.taskId } });
    await call(404, { params: { id: randomId() } });
  },
  "GET /api/v1/ppt/presentation/{id}": async (call) => {
    await call(200, { params: { id: f.presentation.id } });
    await call(404, { params: { id: randomId() } });
  },
  "PUT /api/v1/ppt/presentation/{id}": async (call) => {
    const params = { id: f.presentation.id };
    const { version, deck } = await current(f.presentation.id);
    await call(200, { params, body: { version, deck } });
    const stale = await call(409, { params, body: { version, deck } });
    expect(stale.json.current_version).toBe(version + 1);
    await call(404, { params: { id: randomId() }, body: { version, deck } });
    await call(422, { params, body: { version } });
  },
  "PATCH /api/v1/ppt/presentation/{id}": async (call) => {
    const params = { id: f.presentation.id };
    const { version } = await current(f.presentation.id);
    await call(200, { params, body: { title: "Solar clinics, renamed", version } });
    const stale = await call(409, { params, body: { title: "Again", version } });
    expect(stale.json.current_version).toBe(version + 1);
    await call(404, { params: { id: randomId() }, body: { title: "Nobody's" } });
    await call(422, { params, body: { title: "" } });
  },
  "DELETE /api/v1/ppt/presentation/{id}": async (call) => {
    const copy = await setup("post", "/api/v1/ppt/presentation/{id}/duplicate", {
      params: { id: f.presentation.id },
    });
    await call(204, { params: { id: copy.json.presentation_id } });
    await call(404, { params: { id: copy.json.presentation_id } });
  },
  "GET /api/v3/presentation/{id}/share-links": async (call) => {
    await setup("post", "/api/v3/presentation/{id}/share-links", {
      params: { id: f.presentation.id },
      body: { expires_at: new Date(Date.now() + 1000).toISOString() },
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const list = await call(200, { params: { id: f.presentation.id } });
    expect(list.json.map((link: TJson) => link.status)).toContain("expired");
    await call(404, { params: { id: randomId() } });
  },
  "POST /api/v3/presentation/{id}/share-links": async (call) => {
    const path = "/api/v3/presentation/{id}/share-links";
    const params = { id: f.presentation.id };
    const created = await call(201, { params, body: example(path, "post") });
    expect(created.json.status).toBe("active");
    await call(201, { params, body: {} });
    await call(422, { params, body: { expires_at: "2020-01-01T00:00:00Z" } });
    await call(400, { params, raw: "{", type: "application/json" });
    await call(404, { params: { id: randomId() }, body: {} });
  },
  "DELETE /api/v3/presentation/{id}/share-links/{linkId}": async (call) => {
    const link = await setup("post", "/api/v3/presentation/{id}/share-links", {
      params: { id: f.presentation.id },
      body: {},
    });
    const params = { id: f.presentation.id, linkId: link.json.id };
    await call(204, { params });
    await call(404, { params });
  },
  "GET /api/v3/presentation/{id}/versions": async (call) => {
    const { version, deck } = await current(f.presentation.id);
    await setup("put", "/api/v1/ppt/presentation/{id}", {
      params: { id: f.presentation.id },
      body: { version, deck, checkpoint: "layout_switch" },
    });
    const list = await call(200, { params: { id: f.presentation.id } });
    expect(list.json[0]).toMatchObject({ kind: "automatic", reason: "layout_switch", revision: version });
    await call(404, { params: { id: randomId() } });
  },
  "POST /api/v3/presentation/{id}/versions": async (call) => {
    const path = "/api/v3/presentation/{id}/versions";
    const params = { id: f.presentation.id };
    const created = await call(201, { params, body: example(path, "post") });
    expect(created.json.kind).toBe("named");
    await call(422, { params, body: { name: "" } });
    await call(400, { params, raw: "{", type: "application/json" });
    await call(404, { params: { id: randomId() }, body: { name: "Nobody's" } });
  },
  "GET /api/v3/presentation/{id}/versions/{versionId}": async (call) => {
    const named = await setup("post", "/api/v3/presentation/{id}/versions", {
      params: { id: f.presentation.id },
      body: { name: "To preview" },
    });
    const got = await call(200, { params: { id: f.presentation.id, versionId: named.json.id } });
    expect(got.json.deck.slides.length).toBe(named.json.slide_count);
    await call(404, { params: { id: f.presentation.id, versionId: randomId() } });
  },
  "PATCH /api/v3/presentation/{id}/versions/{versionId}": async (call) => {
    const path = "/api/v3/presentation/{id}/versions/{versionId}";
    const named = await setup("post", "/api/v3/presentation/{id}/versions", {
      params: { id: f.presentation.id },
      body: { name: "To rename" },
    });
    const params = { id: f.presentation.id, versionId: named.json.id };
    const renamed = await call(200, { params, body: example(path, "patch") });
    expect(renamed.json.name).toBe("Board, final");
    await call(422, { params, body: { name: "x".repeat(101) } });
    await call(404, { params: { id: f.presentation.id, versionId: randomId() }, body: { name: "Nobody's" } });
  },
  "DELETE /api/v3/presentation/{id}/versions/{versionId}": async (call) => {
    const named = await setup("post", "/api/v3/presentation/{id}/versions", {
      params: { id: f.presentation.id },
      body: { name: "To delete" },
    });
    const params = { id: f.presentation.id, versionId: named.json.id };
    await call(204, { params });
    await call(404, { params });
  },
  "POST /api/v3/presentation/{id}/versions/{versionId}/restore": async (call) => {
    const named = await setup("post", "/api/v3/presentation/{id}/versions", {
      params: { id: f.presentation.id },
      body: { name: "To restore" },
    });
    const params = { id: f.presentation.id, versionId: named.json.id };
    const { version } = await current(f.presentation.id);
    const restored = await call(200, { params, body: { version } });
    expect(restored.json.version).toBe(version + 1);
    const stale = await call(409, { params, body: { version } });
    expect(stale.json.current_version).toBe(version + 1);
    await call(422, { params, body: { version: -1 } });
    await call(404, { params: { id: f.presentation.id, versionId: randomId() }, body: {} });
  },
  "GET /api/v1/ppt/exports/{id}/{filename}": async (call) => {
    await call(200, { url: f.presentation.path, key: null });
    const forged = new URL(f.presentation.path);
    forged.searchParams.set("signature", "A".repeat(43));
    await call(401, { url: forged.toString(), key: null });
  },
  "POST /api/v1/ppt/files/upload": async (call) => {
    const uploaded = await call(201, { raw: textForm() });
    expect(uploaded.json).toHaveLength(1);
    await call(415, { body: { files: [] } });
    await call(422, { raw: textForm("document") });
  },
  "POST /api/v3/files/upload": async (call) => {
    await call(201, { raw: textForm() });
    await call(415, { body: { files: [] } });
  },
  "GET /api/v1/ppt/templates": async (call) => {
    await call(200);
  },
  "GET /api/v3/templates": async (call) => {
    await call(200);
  },
  "POST /api/v1/ppt/templates": async (call) => {
    const uploaded = await call(201, { raw: brandForm(f.brandPptx) });
    expect(uploaded.json.template).toBe(`custom-${uploaded.json.id}`);
    await call(415, { raw: brandForm(Buffer.from("Not a presentation at all.")) });
    await call(415, { body: { file: "brand.pptx" } });
    await call(422, { raw: brandForm(f.brandPptx.subarray(0, 2000)) });
  },
  "GET /api/v1/ppt/templates/{id}": async (call) => {
    const template = await brandTemplate();
    const read = await call(200, { params: { id: template } });
    expect(read.json.template).toBe(template);
    await call(404, { params: { id: `custom-${randomId()}` } });
  },
  "GET /api/v1/ppt/templates/{id}/preview": async (call) => {
    const template = await brandTemplate();
    const branded = await call(200, { params: { id: template } });
    expect(branded.json.slides.length).toBeGreaterThanOrEqual(LAYOUT_IDS.length);
    const general = await call(200, { params: { id: "general" } });
    expect(general.json.slides.length).toBeGreaterThanOrEqual(LAYOUT_IDS.length);
    await call(404, { params: { id: `custom-${randomId()}` } });
    await call(404, { params: { id: "no-such-template" } });
  },
  "DELETE /api/v1/ppt/templates/{id}": async (call) => {
    const template = await brandTemplate();
    await call(204, { params: { id: template } });
    await call(404, { params: { id: template } });
  },
  "POST /api/v1/webhook/subscribe": async (call) => {
    const body = { url: `${f.receiver.origin}/v1-subscribe`, event: COMPLETED };
    await call(201, { body });
    await call(409, { body });
    await call(422, { body: { url: "not a url", event: COMPLETED } });
  },
  "POST /api/v3/webhook/subscribe": async (call) => {
    const body = { url: `${f.receiver.origin}/v3-subscribe`, event: COMPLETED, secret: null };
    await call(201, { body });
    await call(409, { body });
  },
  "GET /api/v1/webhook/all": async (call) => {
    await call(200);
  },
  "GET /api/v3/webhook/all": async (call) => {
    await call(200);
  },
  "DELETE /api/v1/webhook/unsubscribe": async (call) => {
    const made = await setup("post", "/api/v1/webhook/subscribe", {
      body: { url: `${f.receiver.origin}/v1-unsubscribe`, event: COMPLETED },
    });
    await call(204, { body: { id: made.json.id } });
    await call(404, { body: { id: made.json.id } });
    await call(422, { body: { id: "" } });
  },
  "DELETE /api/v3/webhook/unsubscribe": async (call) => {
    const made = await setup("post", "/api/v3/webhook/subscribe", {
      body: { url: `${f.receiver.origin}/v3-unsubscribe`, event: COMPLETED },
    });
    await call(204, { query: { id: made.json.id } });
    await call(404, { query: { id: made.json.id } });
  },
  "GET /api/v1/webhook/{id}/deliveries": async (call) => {
    const list = await call(200, { params: { id: f.subscriptionId } });
    expect(list.json.length).toBeGreaterThan(0);
    await call(404, { params: { id: randomId() } });
    await call(422, { params: { id: f.subscriptionId }, query: { limit: "0" } });
  },
  "GET /api/v3/webhook/{id}/deliveries": async (call) => {
    await call(200, { params: { id: f.subscriptionId }, query: { status: "succeeded" } });
    await call(404, { params: { id: randomId() } });
  },
  "POST /api/v1/webhook/deliveries/{deliveryId}/redeliver": async (call) => {
    await call(202, { params: { deliveryId: f.deliveryId } });
    await call(404, { params: { deliveryId: randomId() } });
  },
  "POST /api/v3/webhook/deliveries/{deliveryId}/redeliver": async (call) => {
    await call(202, { params: { deliveryId: f.deliveryId } });
    await call(404, { params: { deliveryId: randomId() } });
  },
  "GET /api/v1/credits": async (call) => {
    await call(200, { query: { limit: "3" } });
    await call(422, { query: { limit: "500" } });
  },
  "GET /api/v3/credits": async (call) => {
    await call(200);
    await call(422, { query: { limit: "0" } });
  },
  "GET /api/v1/credits/rules": async (call) => {
    await call(200);
  },
  "GET /api/v3/credits/rules": async (call) => {
    await call(200);
  },
  "GET /api/health": async (call) => {
    await call(200, { key: null });
  },
  "GET /api/health/ready": async (call) => {
    await call(200, { key: null });
  },
  "GET /api/openapi.json": async (call) => {
    await call(200, { key: null });
  },
  "GET /api/v1/ppt/presentations": async (call) => {
    const page = await call(200, { query: { page: "1", page_size: "2" } });
    expect(page.json.items.length).toBeGreaterThan(0);
    await call(422, { query: { page: "0" } });
  },
  "POST /api/v1/ppt/presentation/{id}/duplicate": async (call) => {
    await call(201, { params: { id: f.presentation.id } });
    await call(404, { params: { id: randomId() } });
  },
  "POST /api/v1/ppt/presentation/{id}/export": async (call) => {
    await call(200, { params: { id: f.presentation.id }, body: { export_as: "pdf" } });
    await call(404, { params: { id: randomId() }, body: { export_as: "pdf" } });
    await call(422, { params: { id: f.presentation.id }, body: { export_as: "docx" } });
  },
  "POST /api/v1/ppt/layout": async (call) => {
    await call(200, { body: { deck: f.presentation.deck } });
    await call(422, { body: { deck: { ...f.presentation.deck, slides: "none" } } });
  },
  "GET /api/v1/ppt/assets/{name}": async (call) => {
    await call(200, { params: { name: f.assetName } });
    await call(404, { params: { name: `${"0".repeat(64)}.png` } });
  },
  "GET /api/v1/ppt/icons": async (call) => {
    await call(200, { query: { q: "launch", limit: "2" } });
    await call(422, { query: { limit: "0" } });
  },
  "GET /api/v1/ppt/images/search": async (call) => {
    await call(200);
  },
  "POST /api/v1/ppt/images/search": async (call) => {
    await call(200, { body: { q: "solar clinic", source: "offline", count: 1 } });
    await call(200, { body: { q: "solar clinic", source: "stock" } });
    await call(404, { body: { q: "solar clinic", source: "offline", presentation_id: randomId() } });
    await call(422, { body: { q: "", source: "offline" } });
  },
  "POST /api/v1/ppt/images/upload": async (call) => {
    await call(201, { raw: await pictureForm() });
    await call(415, { body: {} });
  },
  "POST /api/v1/ppt/presentation/{id}/ai-edit": async (call) => {
    const { deck } = await current(f.presentation.id);
    const slide = deck.slides[1];
    await call(200, { params: { id: f.presentation.id }, body: { prompt: "turn into a table", slide } });
    await call(404, { params: { id: randomId() }, body: { prompt: "turn into a table", slide } });
    await call(422, { params: { id: f.presentation.id }, body: { prompt: "", slide } });
  },
  "POST /api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject": async (call) => {
    const { deck } = await current(f.presentation.id);
    const proposal = await setup("post", "/api/v1/ppt/presentation/{id}/ai-edit", {
      params: { id: f.presentation.id },
      body: { prompt: "turn into a table", slide: deck.slides[1] },
    });
    expect(proposal.status).toBe(200);
    const params = { id: f.presentation.id, proposalId: proposal.json.proposal_id };
    await call(200, { params });
    await call(409, { params });
    await call(404, { params: { id: f.presentation.id, proposalId: randomId() } });
  },
  "POST /api/v1/ppt/presentation/{id}/switch-layout": async (call) => {
    const { deck } = await current(f.presentation.id);
    const slide = deck.slides[1];
    await call(200, { params: { id: f.presentation.id }, body: { layout: "table", slide } });
    await call(404, { params: { id: randomId() }, body: { layout: "table", slide } });
    await call(422, { params: { id: f.presentation.id }, body: { layout: "nonsense", slide } });
  },
  "POST /api/mcp": async (call) => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const accept = "application/json, text/event-stream";
    const listed = await call(200, { body, headers: { accept } });
    expect(listed.text).toContain("generate_presentation");
    await call(406, { body, headers: { accept: "application/json" } });
    await call(400, { raw: "{", type: "application/json", headers: { accept } });
  },
};

beforeAll(async () => {
  const dataDir = inject("dataDir");
  const key = cliCreateKey(dataDir, "openapi-live@example.com", "openapi-live");
  const poorKey = cliCreateKey(dataDir, "openapi-live-poor@example.com", "openapi-live-poor");
  cliGrantCredits(dataDir, "openapi-live-poor@example.com", -Number(TEST_SERVER_ENV.CREDITS_GRANT));
  f = { key, poorKey } as TFixtures;
  doc = (await setup("get", "/api/openapi.json", { key: null })).json;
  validator = documentValidator(doc);
  f.receiver = await startMockServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ok");
  });
  const subscribed = await setup("post", "/api/v1/webhook/subscribe", {
    body: { url: `${f.receiver.origin}/fixture`, event: COMPLETED },
  });
  expect(subscribed.status, subscribed.text).toBe(201);
  f.subscriptionId = subscribed.json.id;
  const notifying = await setup("post", "/api/v3/presentation/generate", {
    body: { slides: [{ content: "# Tea\n- Green\n- Black" }], trigger_webhook: true },
  });
  expect(notifying.status, notifying.text).toBe(200);
  const created = await setup("post", "/api/v1/ppt/presentation/create/from-json", {
    body: { title: "Solar clinics", slides: SLIDES },
  });
  expect(created.status, created.text).toBe(200);
  f.presentation = {
    id: created.json.presentation_id,
    path: created.json.path,
    deck: (await current(created.json.presentation_id)).deck,
  };
  const exported = await fetch(created.json.path);
  f.brandPptx = Buffer.from(await exported.arrayBuffer());
  const queued = await setup("post", "/api/v3/presentation/generate/async", {
    body: { slides: [{ content: "# Tea\n- Green\n- Black" }] },
  });
  f.taskId = queued.json.id;
  const picture = await setup("post", "/api/v1/ppt/images/upload", { raw: await pictureForm() });
  f.assetName = picture.json.asset.replace(/^assets\//, "");
  f.deliveryId = await waitFor(async () => {
    const deliveries = await setup("get", "/api/v1/webhook/{id}/deliveries", {
      params: { id: f.subscriptionId },
    });
    return deliveries.json[0]?.id as string | undefined;
  }, "the webhook delivery");
});

afterAll(async () => {
  await f?.receiver?.close();
});

describe("the table of calls", () => {
  it("has a way to call every operation of the document, and no other", () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(documentOperations(doc).sort());
  });
});

describe("every operation's live answers validate against the document", () => {
  it.each(Object.keys(OPERATIONS))("%s", async (operation) => {
    const call = caller(operation);
    const [method, path] = operation.split(" ");
    const documented = doc.paths[path]?.[method.toLowerCase()];
    if (documented && needsKey(documented)) {
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], randomId()]));
      const refused = await call(401, { key: null, params });
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    await OPERATIONS[operation](call);
    const statuses = [...(validated.get(operation) ?? [])];
    expect(
      statuses.some((status) => status >= 200 && status < 300),
      `${operation}: a success answer`,
    ).toBe(true);
  });

  it("answers every method a path does not serve with the documented 405, Allow naming the documented methods", async () => {
    for (const [path, item] of Object.entries(doc.paths) as [string, TJson][]) {
      const served = METHODS.filter((method) => method in item);
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], randomId()]));
      for (const other of METHODS.filter((method) => !served.includes(method))) {
        const answer = await send(inject("baseUrl"), other, path, { params });
        expect(answer.status, `${other.toUpperCase()} ${path}`).toBe(405);
        expectDocumented(doc, validator, served[0], path, answer, other);
        expect(answer.json.request_id).toBe(answer.headers.get("x-request-id"));
        const allow = (answer.headers.get("allow") ?? "")
          .split(",")
          .map((method) => method.trim().toLowerCase());
        expect(allow.sort(), `Allow of ${path}`).toEqual([...served].sort());
      }
    }
  });

  it("sends RateLimit-* with every keyed answer while the limit is on", async () => {
    const answer = await caller("GET /api/v1/credits")(200);
    for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"])
      expect(answer.headers.get(name), name).toMatch(/^\d+$/);
  });
});

describe("with the rate limit off", () => {
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  let key: string;
  beforeAll(async () => {
    const env = { ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "0" };
    server = await startDeckforgeServer(env);
    key = cliCreateKey(server.dataDir, "unlimited@example.com", "unlimited", env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers keyed requests without RateLimit-* headers, as the document allows", async () => {
    const unlimitedDoc = (await send(server.baseUrl, "get", "/api/openapi.json", { key: null })).json;
    const check = documentValidator(unlimitedDoc);
    for (const [method, path, request] of [
      ["get", "/api/v1/credits", {}],
      ["get", "/api/v3/templates", {}],
      ["post", "/api/v3/presentation/generate", { body: { slides: [{ content: "# Tea\n- Green" }] } }],
    ] as [string, string, TRequest][]) {
      const answer = await send(server.baseUrl, method, path, { ...request, key });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
      for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"])
        expect(answer.headers.get(name), `${path} ${name}`).toBeNull();
      expectDocumented(unlimitedDoc, check, method, path, answer);
    }
  });
});

describe("with a limit of 2 requests a minute", () => {
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  let key: string;
  beforeAll(async () => {
    const env = { ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "2" };
    server = await startDeckforgeServer(env);
    key = cliCreateKey(server.dataDir, "limited@example.com", "limited", env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers the third request with the documented 429: Retry-After, RateLimit-*, a rate_limited problem", async () => {
    const limitedDoc = (await send(server.baseUrl, "get", "/api/openapi.json", { key: null })).json;
    const check = documentValidator(limitedDoc);
    const remaining: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await send(server.baseUrl, "get", "/api/v1/credits", { key });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get("ratelimit-remaining") ?? "");
      expectDocumented(limitedDoc, check, "get", "/api/v1/credits", answer);
    }
    expect(remaining).toEqual(["1", "0"]);
    for (const [method, path, request] of [
      ["get", "/api/v1/credits", {}],
      ["post", "/api/v1/ppt/presentation/generate", { body: { content: "Tea and coffee." } }],
    ] as [string, string, TRequest][]) {
      const refused = await send(server.baseUrl, method, path, { ...request, key });
      expect(refused.status, `${method} ${path}`).toBe(429);
      expectDocumented(limitedDoc, check, method, path, refused);
      expect(refused.json).toMatchObject({ code: "rate_limited", status: 429 });
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      expect(refused.headers.get("ratelimit-limit")).toBe("2");
    }
  });
});
