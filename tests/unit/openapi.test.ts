// The OpenAPI document against the code it describes: every app/api route file has its operations
// in the document; every handler parses the very zod object its registry entry names (observed by
// calling the handler in-process, against a real SQLite database, with parseBody spied on); every
// status a handler answers is documented; examples parse with their schemas; and the document holds
// together structurally (refs resolve, path parameters declared, one success response per operation).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ERROR_CODES } from "@/lib/api/errors";
import { NOT_SERVED } from "@/lib/api/method-not-allowed";
import { jsonOrUndefined } from "../api/helpers";
import { documentValidator } from "../openapi-validator";

const spy = vi.hoisted(() => ({ schemas: [] as unknown[], lenient: [] as boolean[] }));

// The real parseBody and parseBodyLenient, recording the schema each handler hands them.
vi.mock("@/lib/api/parse-body", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/api/parse-body")>();
  return {
    ...actual,
    parseBody: (req: Request, schema: z.ZodType) => {
      spy.schemas.push(schema);
      spy.lenient.push(false);
      return actual.parseBody(req, schema);
    },
    parseBodyLenient: (req: Request, schema: z.ZodType) => {
      spy.schemas.push(schema);
      spy.lenient.push(true);
      return actual.parseBodyLenient(req, schema);
    },
  };
});

type THandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type TRouteModule = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type TJson = any;

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-openapi-"));
const previousDataDir = process.env.DATA_DIR;

let doc: TJson;
let registry: typeof import("@/lib/api/openapi/routes");
let examples: typeof import("@/lib/api/openapi/examples");
let problems: typeof import("@/lib/api/openapi/problem-schema");
let responseSchemas: typeof import("@/lib/api/openapi/response-schemas");
// biome-ignore lint/suspicious/noExplicitAny: the Prisma client type is only known after the dynamic import
let db: any;
let key: string;

/** A handler that serves its method (not one of lib/api/method-not-allowed.ts's refusals). */
function served(handler: unknown): boolean {
  return typeof handler === "function" && !(NOT_SERVED in handler);
}

/** Every public route file under app/api (and with `account`, the web app's account routes), with its OpenAPI path. */
function routeFiles({ account = false } = {}): { file: string; path: string }[] {
  const found: { file: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // Catch-alls (the 404 route, next-auth's /api/auth/*) and the web app's session-only
        // account routes (/api/account/*, not open to API keys) are not part of the public API.
        if (!entry.name.startsWith("[...") && (account || path.relative(API_DIR, full) !== "account"))
          walk(full);
      } else if (entry.name === "route.ts") {
        const segments = path.relative(API_DIR, dir).split(path.sep).filter(Boolean);
        const apiPath = `/api/${segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`;
        found.push({ file: full, path: apiPath });
      }
    }
  };
  walk(API_DIR);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

async function loadRoute(apiPath: string): Promise<TRouteModule> {
  const file = routeFiles().find((route) => route.path === apiPath)?.file;
  if (!file) throw new Error(`No route file for ${apiPath}`);
  return (await import(file)) as TRouteModule;
}

/** Calls a handler in-process the way Next does. */
async function call(
  apiPath: string,
  method: string,
  options: {
    params?: Record<string, string>;
    body?: string;
    type?: string;
    auth?: boolean;
    url?: string;
  } = {},
) {
  const handler = (await loadRoute(apiPath))[method.toUpperCase()] as THandler;
  const params = options.params ?? {};
  const pathname = apiPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  const headers: Record<string, string> = {};
  if (options.auth !== false) headers.authorization = `Bearer ${key}`;
  if (options.type) headers["content-type"] = options.type;
  const req = new Request(options.url ?? `http://localhost${pathname}`, {
    method: method.toUpperCase(),
    headers,
    body: options.body,
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  return { status: res.status, headers: res.headers, json, text };
}

/** Statuses an operation documents. */
function documentedStatuses(route: (typeof registry.API_ROUTES)[number]): number[] {
  return Object.keys(doc.paths[route.path][route.method].responses).map(Number);
}

/** Parses with a schema and requires nothing to be stripped: no field the document does not name. */
function expectExactly(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(JSON.parse(JSON.stringify(parsed.data))).toEqual(value);
}

function expectProblem(res: { status: number; json: TJson }) {
  expectExactly(problems.exactProblemSchemaFor(res.status), res.json);
  expect(res.json.status).toBe(res.status);
}

const probeParams = (route: (typeof registry.API_ROUTES)[number]) =>
  Object.fromEntries(
    Object.keys(route.pathParams?.shape ?? {}).map((name) => [
      name,
      name === "filename" ? "deck.pptx" : crypto.randomUUID(),
    ]),
  );

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  registry = await import("@/lib/api/openapi/routes");
  examples = await import("@/lib/api/openapi/examples");
  problems = await import("@/lib/api/openapi/problem-schema");
  responseSchemas = await import("@/lib/api/openapi/response-schemas");
  const { buildOpenApiDocument } = await import("@/lib/api/openapi/build-openapi-document");
  doc = JSON.parse(JSON.stringify(buildOpenApiDocument()));
  const { getDb } = await import("@/lib/db");
  const { findOrCreateUser } = await import("@/lib/auth/users");
  const { createApiKey } = await import("@/lib/auth/api-keys");
  db = await getDb();
  const user = await findOrCreateUser(db, "openapi@example.com");
  // Enough credits that a real create/from-json goes through whatever the balance rules are.
  await db.user.update({ where: { id: user.id }, data: { creditBalance: 10_000 } });
  key = (await createApiKey(db, user.id, "openapi-tests")).secret;
});

afterAll(async () => {
  await db?.$disconnect();
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the document covers the route files", () => {
  it("has an operation for every method every app/api route file exports, and nothing more", async () => {
    const fromFiles: string[] = [];
    for (const route of routeFiles()) {
      const mod = (await import(route.file)) as TRouteModule;
      const methods = METHODS.filter((method) => served(mod[method]));
      expect(methods.length, `${route.file} exports no handler`).toBeGreaterThan(0);
      for (const method of methods) fromFiles.push(`${method} ${route.path}`);
    }
    const fromDocument = Object.entries(doc.paths).flatMap(([apiPath, item]) =>
      Object.keys(item as object)
        .filter((key) => METHODS.includes(key.toUpperCase() as (typeof METHODS)[number]))
        .map((method) => `${method.toUpperCase()} ${apiPath}`),
    );
    expect(fromDocument.sort()).toEqual(fromFiles.sort());
    expect(fromFiles).toContain("POST /api/v1/ppt/presentation/generate");
    expect(fromFiles).toContain("GET /api/v1/ppt/exports/{id}/{filename}");
  });

  it("proxy.ts's method table (lib/api/route-methods.ts) is exactly what the route files export", async () => {
    const { ROUTE_METHODS } = await import("@/lib/api/route-methods");
    const fromFiles: Record<string, string[]> = {};
    for (const route of routeFiles({ account: true })) {
      const mod = (await import(route.file)) as TRouteModule;
      fromFiles[route.path] = METHODS.filter((method) => served(mod[method])).sort();
    }
    expect(ROUTE_METHODS).toEqual(fromFiles);
  });

  it("has one registry entry per operation, with unique operation ids", () => {
    const keys = registry.API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = registry.API_ROUTES.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("each handler against its registry entry", () => {
  it("parses the very schema object the registry names (422 for a null body), leniently where the registry says so, or none when it has no JSON body", async () => {
    for (const route of registry.API_ROUTES) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      spy.schemas.length = 0;
      spy.lenient.length = 0;
      if (route.body?.mediaType === "application/json") {
        const res = await call(route.path, route.method, {
          params: probeParams(route),
          body: "null",
          type: "application/json",
        });
        expect(spy.schemas, label).toHaveLength(1);
        expect(
          spy.schemas[0] === route.body.schema,
          `${label} parses another schema than the registry's`,
        ).toBe(true);
        expect(spy.lenient, `${label}: lenient parse as the registry says`).toEqual([route.lenient === true]);
        expect(res.status, label).toBe(422);
        expectProblem(res);
      } else if (route.body?.mediaType === "multipart/form-data") {
        const res = await call(route.path, route.method, { body: "{}", type: "application/json" });
        expect(res.status, label).toBe(415);
        expectProblem(res);
        expect(spy.schemas, label).toEqual([]);
      } else if (route.method !== "get") {
        // A body-less write (an id in the path) must not read a JSON body either.
        await call(route.path, route.method, { params: probeParams(route) });
        expect(spy.schemas, label).toEqual([]);
      }
    }
  });

  it("validates the query with the very schema object the registry names", async () => {
    const parsed = registry.API_ROUTES.filter((route) => route.query?.handlerParses);
    expect(parsed.length).toBeGreaterThan(0);
    for (const route of parsed) {
      const schema = route.query?.schema as z.ZodObject;
      const calls = [vi.spyOn(schema, "parse"), vi.spyOn(schema, "safeParse")];
      const params = probeParams(route);
      const pathname = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
      // An out-of-range `limit`: a 422 from the schema the document shows (or the 404 of an unknown id).
      const res = await call(route.path, route.method, {
        params,
        url: `http://localhost${pathname}?limit=100000`,
      });
      const label = `${route.method.toUpperCase()} ${route.path}`;
      expect(
        calls.reduce((n, fn) => n + fn.mock.calls.length, 0),
        label,
      ).toBeGreaterThan(0);
      expect(documentedStatuses(route), label).toContain(res.status);
      for (const fn of calls) fn.mockRestore();
    }
  });

  it("answers only documented statuses, and its problems and successes match the documented schemas", async () => {
    for (const route of registry.API_ROUTES) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      const documented = documentedStatuses(route);
      // A valid body makes real decks (offline provider); an async one would also start the job worker
      // in this process, so those get an empty body (a 422) instead.
      const body =
        route.body?.mediaType === "application/json" && route.response.status !== 202
          ? JSON.stringify(route.body.example)
          : undefined;
      const res = await call(route.path, route.method, {
        params: probeParams(route),
        body: route.method === "get" ? undefined : (body ?? "{}"),
        type: "application/json",
      });
      expect(
        documented,
        `${label} answered an undocumented ${res.status}: ${res.text.slice(0, 300)}`,
      ).toContain(res.status);
      const schema = route.response.schema;
      if (res.status >= 400) expectProblem(res);
      else if (res.status === route.response.status && schema && !("mediaTypes" in schema)) {
        expectExactly(schema, res.json);
      }
    }
  });

  it("refuses a request without a key with a documented 401 and WWW-Authenticate on every keyed operation", async () => {
    for (const route of registry.API_ROUTES.filter((r) => r.auth !== "public")) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      const res = await call(route.path, route.method, { params: probeParams(route), auth: false });
      expect(res.status, label).toBe(401);
      expect(documentedStatuses(route), label).toContain(401);
      expectProblem(res);
      if (route.auth === "api-key") expect(res.headers.get("www-authenticate"), label).toMatch(/^Bearer /);
    }
    for (const route of registry.API_ROUTES.filter((r) => r.auth === "public")) {
      const res = await call(route.path, route.method, { params: probeParams(route), auth: false });
      expect(res.status, route.path).toBe(route.response.status);
    }
  });

  it("describes a real deck exactly: create/from-json, the presentation, its download", async () => {
    const created = await call("/api/v1/ppt/presentation/create/from-json", "post", {
      body: JSON.stringify(examples.EXAMPLE_FROM_JSON),
      type: "application/json",
    });
    expect(created.status, created.text).toBe(200);
    const { ZPresentationResult } = await import("@/lib/api/schemas/common");
    expectExactly(ZPresentationResult, created.json);

    const detail = await call("/api/v1/ppt/presentation/{id}", "get", {
      params: { id: created.json.presentation_id },
    });
    expect(detail.status).toBe(200);
    expectExactly(responseSchemas.ZPresentationDetail, detail.json);

    const link = new URL(created.json.path);
    const [, , , , , id, filename] = link.pathname.split("/");
    const file = await call("/api/v1/ppt/exports/{id}/{filename}", "get", {
      params: { id, filename: decodeURIComponent(filename) },
      url: `http://localhost${link.pathname}${link.search}`,
      auth: false,
    });
    expect(file.status).toBe(200);
    const route = registry.API_ROUTES.find((r) => r.operationId === "downloadExport");
    const schema = route?.response.schema;
    const types = schema && "mediaTypes" in schema ? schema.mediaTypes : [];
    expect(types).toContain(file.headers.get("content-type"));
  });

  it("describes a real upload exactly", async () => {
    const form = new FormData();
    form.append("files", new Blob(["# Notes\n\nSolar clinics lose power nine hours a week."]), "notes.md");
    const handler = (await loadRoute("/api/v1/ppt/files/upload")).POST as THandler;
    const res = await handler(
      new Request("http://localhost/api/v1/ppt/files/upload", {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        body: form,
      }),
      { params: Promise.resolve({}) },
    );
    const route = registry.API_ROUTES.find((r) => r.operationId === "uploadFiles");
    expect(res.status).toBe(route?.response.status);
    expectExactly(route?.response.schema as z.ZodType, await res.json());
  });
});

describe("real webhook and credit answers", () => {
  it("subscribe, list, deliveries and unsubscribe answer exactly what the document describes", async () => {
    const previous = process.env.ALLOW_PRIVATE_NETWORK_FETCH;
    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    try {
      const schemaOf = (operationId: string) => {
        const schema = registry.API_ROUTES.find((r) => r.operationId === operationId)?.response.schema;
        if (!schema || "mediaTypes" in schema) throw new Error(`${operationId} has no JSON schema`);
        return schema;
      };
      const subscribed = await call("/api/v1/webhook/subscribe", "post", {
        body: JSON.stringify({ url: "http://127.0.0.1:9/hooks", event: "presentation.generation.failed" }),
        type: "application/json",
      });
      expect(subscribed.status, subscribed.text).toBe(201);
      expectExactly(schemaOf("subscribeWebhook"), subscribed.json);
      const list = await call("/api/v3/webhook/all", "get");
      expect(list.status).toBe(200);
      expectExactly(schemaOf("listWebhooksV3"), list.json);
      expect(list.json.map((s: TJson) => s.id)).toContain(subscribed.json.id);
      const deliveries = await call("/api/v1/webhook/{id}/deliveries", "get", {
        params: { id: subscribed.json.id },
      });
      expect(deliveries.status).toBe(200);
      expectExactly(schemaOf("listWebhookDeliveries"), deliveries.json);
      const removed = await call("/api/v1/webhook/unsubscribe", "delete", {
        body: JSON.stringify({ id: subscribed.json.id }),
        type: "application/json",
      });
      expect(removed.status).toBe(204);
      expect(removed.text).toBe("");
    } finally {
      if (previous === undefined) delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
      else process.env.ALLOW_PRIVATE_NETWORK_FETCH = previous;
    }
  });

  it("credits and credit rules answer exactly what the document describes", async () => {
    for (const [apiPath, operationId] of [
      ["/api/v1/credits", "getCredits"],
      ["/api/v3/credits/rules", "getCreditRulesV3"],
    ]) {
      const res = await call(apiPath, "get");
      expect(res.status, apiPath).toBe(200);
      const schema = registry.API_ROUTES.find((r) => r.operationId === operationId)?.response
        .schema as z.ZodType;
      expectExactly(schema, res.json);
    }
  });
});

describe("examples", () => {
  it("every request example parses with its operation's schema", () => {
    for (const route of registry.API_ROUTES) {
      if (route.body?.mediaType !== "application/json") continue;
      const parsed = route.body.schema.safeParse(route.body.example);
      expect(parsed.error?.issues ?? [], route.path).toEqual([]);
    }
  });

  it("every response example is exactly what its schema describes", () => {
    for (const route of registry.API_ROUTES) {
      const schema = route.response.schema;
      if (!schema || "mediaTypes" in schema) continue;
      for (const example of Object.values(route.response.examples ?? {}))
        expectExactly(schema, example.value);
    }
  });

  it("every outgoing webhook example is exactly its event's signed body", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ["presentation.generation.completed", "presentation.generation.failed"].sort(),
    );
    for (const webhook of registry.API_WEBHOOKS) expectExactly(webhook.body, webhook.example);
  });

  it("every problem example is a problem of its response's status", () => {
    for (const [name, response] of Object.entries(doc.components.responses) as [string, TJson][]) {
      const media = response.content["application/problem+json"];
      const entries = Object.values(media.examples) as { value: TJson }[];
      expect(entries.length, name).toBeGreaterThan(0);
      for (const { value } of entries) expectExactly(problems.exactProblemSchemaFor(value.status), value);
    }
  });
});

describe("document structure (OpenAPI 3.1)", () => {
  /** Every object reachable in the document, with its JSON pointer. */
  function* walk(node: TJson, pointer = "#"): Generator<[string, TJson]> {
    if (node === null || typeof node !== "object") return;
    yield [pointer, node];
    for (const [key, value] of Object.entries(node)) {
      yield* walk(value, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  }
  const resolve = (ref: string): TJson =>
    ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node: TJson, part) => node?.[part], doc);
  const deref = (node: TJson): TJson => (node?.$ref ? deref(resolve(node.$ref)) : node);
  const operations = () =>
    Object.entries(doc.paths).flatMap(([apiPath, item]) =>
      Object.entries(item as Record<string, TJson>)
        .filter(([method]) => METHODS.includes(method.toUpperCase() as (typeof METHODS)[number]))
        .map(([method, op]) => ({ apiPath, method, op, item: item as TJson })),
    );

  it("is OpenAPI 3.1 with info, tags and a bearer security scheme", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe("Deckforge API");
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: "http", scheme: "bearer" }),
    );
  });

  it("resolves every $ref", () => {
    const refs = [...walk(doc)].filter(([, node]) => typeof node.$ref === "string");
    expect(refs.length).toBeGreaterThan(20);
    for (const [pointer, node] of refs) {
      expect(node.$ref, pointer).toMatch(/^#\//);
      expect(resolve(node.$ref), `${pointer} → ${node.$ref}`).toBeDefined();
    }
  });

  it("declares each path parameter once, required, and no others", () => {
    for (const { apiPath, method, op, item } of operations()) {
      const inPath = [...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
      for (const param of params) {
        expect(["path", "query", "header", "cookie"], `${method} ${apiPath}`).toContain(param.in);
        expect(param.schema, `${method} ${apiPath} ${param.name}`).toBeDefined();
      }
      const declared = params.filter((p: TJson) => p.in === "path");
      expect(declared.map((p: TJson) => p.name).sort(), `${method} ${apiPath}`).toEqual(inPath);
      for (const param of declared) expect(param.required, `${method} ${apiPath} ${param.name}`).toBe(true);
    }
  });

  it("gives every operation an id, a summary, declared tags, one success and described responses", () => {
    const tags = new Set(doc.tags.map((tag: TJson) => tag.name));
    for (const { apiPath, method, op } of operations()) {
      const label = `${method} ${apiPath}`;
      expect(op.operationId, label).toBeTruthy();
      expect(op.summary, label).toBeTruthy();
      for (const tag of op.tags) expect(tags.has(tag), `${label} tag ${tag}`).toBe(true);
      const codes = Object.keys(op.responses);
      for (const code of codes) expect(code, label).toMatch(/^[1-5]\d\d$/);
      expect(
        codes.filter((code) => code.startsWith("2")),
        label,
      ).toHaveLength(1);
      for (const response of Object.values(op.responses)) {
        const resolved = deref(response);
        expect(resolved.description, label).toBeTruthy();
        for (const [type, media] of Object.entries(resolved.content ?? {}) as [string, TJson][]) {
          expect(type, label).toMatch(/^[\w.+-]+\/[\w.+-]+$/);
          expect(media.schema, `${label} ${type}`).toBeDefined();
        }
        for (const header of Object.values(resolved.headers ?? {}))
          expect(deref(header).schema).toBeDefined();
      }
      for (const requirement of op.security ?? doc.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes[scheme], label).toBeDefined();
        }
      }
      if (op.requestBody) expect(Object.keys(op.requestBody.content).length, label).toBeGreaterThan(0);
    }
  });

  it("answers every problem status with the RFC 9457 problem schema and its headers", () => {
    for (const { apiPath, method, op } of operations()) {
      for (const [code, response] of Object.entries(op.responses) as [string, TJson][]) {
        if (Number(code) < 400) continue;
        const resolved = deref(response);
        // A documented non-problem answer (readiness's 503 with its own body) is checked below.
        if (!resolved.content["application/problem+json"]) {
          expect(resolved.content["application/json"]?.schema, `${method} ${apiPath} ${code}`).toBeDefined();
          continue;
        }
        const schema = resolved.content["application/problem+json"].schema;
        expect(schema.allOf[0], `${method} ${apiPath} ${code}`).toEqual({
          $ref: "#/components/schemas/Problem",
        });
        expect(schema.allOf[1].properties.status.const).toBe(Number(code));
        if (code === "401") expect(Object.keys(resolved.headers)).toContain("WWW-Authenticate");
        if (code === "429") {
          expect(Object.keys(resolved.headers)).toEqual(
            expect.arrayContaining([
              "Retry-After",
              "RateLimit-Limit",
              "RateLimit-Remaining",
              "RateLimit-Reset",
            ]),
          );
        }
      }
    }
    const problem = doc.components.schemas.Problem;
    expect(Object.keys(problem.properties)).toEqual(
      expect.arrayContaining(["type", "title", "status", "detail", "code", "errors", "request_id"]),
    );
    expect(problem.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
  });

  it("documents the 405 (with Allow) on every operation, since any other method of the path answers it", () => {
    for (const { apiPath, method, op } of operations()) {
      expect(op.responses["405"], `${method} ${apiPath}`).toEqual({
        $ref: "#/components/responses/MethodNotAllowed",
      });
    }
    const allow = deref(doc.components.responses.MethodNotAllowed.headers.Allow);
    expect(allow).toEqual(expect.objectContaining({ required: true }));
  });

  it("lets each problem response carry its status's extension members and nothing else", () => {
    // Problem stays open (RFC 9457 extensions); each response closes the allOf as a whole.
    expect(doc.components.schemas.Problem.additionalProperties).toBeUndefined();
    const ajv = documentValidator(doc);
    for (const [name, response] of Object.entries(doc.components.responses) as [string, TJson][]) {
      const media = response.content["application/problem+json"];
      expect(media.schema.unevaluatedProperties, name).toBe(false);
      expect(media.schema.allOf[1].additionalProperties, name).toBeUndefined();
      expect(media.schema.allOf[1].required, name).toContain("request_id");
      const where = ["components", "responses", name, "content", "application/problem+json", "schema"];
      for (const [example, { value }] of Object.entries(media.examples) as [string, TJson][]) {
        expect(ajv.errors(where, value), `${name} ${example}`).toEqual([]);
        expect(ajv.errors(where, { ...value, stray: 1 }), `${name} ${example} + stray`).not.toEqual([]);
        const { request_id: _, ...withoutId } = value;
        expect(ajv.errors(where, withoutId), `${name} ${example} without request_id`).not.toEqual([]);
      }
    }
    const paymentRequired =
      doc.components.responses.PaymentRequired.content["application/problem+json"].examples;
    expect((Object.values(paymentRequired)[0] as TJson).value).toEqual(
      expect.objectContaining({ balance: expect.any(Number), required: expect.any(Number) }),
    );
  });

  it("marks RateLimit-* optional on keyed answers (absent with the limit off) and required on a 429", () => {
    for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
      expect(doc.components.headers[name].required, name).toBeUndefined();
      const onLimited = deref(doc.components.responses.TooManyRequests.headers[name]);
      expect(onLimited.required, `429 ${name}`).toBe(true);
    }
    const keyed = doc.paths["/api/v1/credits"].get.responses["200"].headers;
    expect(keyed["RateLimit-Limit"]).toEqual({ $ref: "#/components/headers/RateLimit-Limit" });
  });

  it("names the shared schemas as components, refers to each one, and repeats no large schema inline", () => {
    const schemas = doc.components.schemas;
    for (const name of [
      "Task",
      "PresentationResult",
      "Presentation",
      "Deck",
      "Slide",
      "WebhookSubscription",
      "WebhookSubscriptionSummary",
      "WebhookDelivery",
      "UploadedFile",
      "Templates",
      "Credits",
      "GeneratePresentationRequest",
      "GenerateFromSlidesRequest",
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    const text = JSON.stringify(doc);
    for (const name of Object.keys(schemas)) {
      const uses = text.split(`"#/components/schemas/${name}"`).length - 1;
      expect(uses, `uses of ${name}`).toBeGreaterThan(0);
      // An `XOutput` only where X is also used (a request takes X, an answer gives XOutput).
      if (name.endsWith("Output")) expect(schemas[name.slice(0, -"Output".length)], name).toBeDefined();
    }
    const task = { $ref: "#/components/schemas/Task" };
    for (const [apiPath, method, status] of [
      ["/api/v1/ppt/presentation/generate/async", "post", "202"],
      ["/api/v3/presentation/generate/async", "post", "202"],
      ["/api/v3/async-task/status/{id}", "get", "200"],
      ["/api/v1/ppt/presentation/status/{id}", "get", "200"],
    ]) {
      expect(doc.paths[apiPath][method].responses[status].content["application/json"].schema).toEqual(task);
    }
    expect(schemas.Task.properties.data).toEqual({ $ref: "#/components/schemas/PresentationResult" });
    // An object schema of some size written out twice is a component waiting to be named.
    const seen = new Map<string, string[]>();
    for (const [pointer, node] of walk(doc)) {
      if (pointer.includes("/examples/") || node.type !== "object" || !node.properties) continue;
      const json = JSON.stringify(node);
      if (json.length >= 250) seen.set(json, [...(seen.get(json) ?? []), pointer]);
    }
    expect([...seen.values()].filter((pointers) => pointers.length > 1)).toEqual([]);
  });

  it("names components without ids on the schemas themselves, so other JSON Schemas of them stay whole", async () => {
    const { z: zod } = await import("zod");
    const { ZDeck } = await import("@/lib/deck/schema");
    const { ZGeneratePresentationRequest } = await import("@/lib/api/schemas/generate");
    const { ZTaskView } = await import("@/lib/jobs/task-view");
    for (const schema of [ZDeck, ZGeneratePresentationRequest, ZTaskView]) {
      expect(zod.globalRegistry.get(schema)?.id).toBeUndefined();
      const json = JSON.stringify(zod.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
      expect(json).not.toContain("$ref");
    }
  });

  it("shows allowed values, defaults and limits of the request fields", () => {
    const v1 = doc.paths["/api/v1/ppt/presentation/generate"].post;
    const body = deref(v1.requestBody.content["application/json"].schema);
    // Unknown fields are ignored with a warning (Prefer: handling=strict refuses them).
    expect(body.additionalProperties).toBeUndefined();
    expect(v1.parameters.map(deref).map((p: TJson) => p.name)).toContain("Prefer");
    expect(v1.responses["200"].headers).toHaveProperty("Preference-Applied");
    for (const field of ["content", "slides_markdown", "instructions", "theme", "files"]) {
      expect(JSON.stringify(body.properties[field]), field).toContain('"null"');
    }
    expect(body.properties.allow_access_to_user_info).toEqual(
      expect.objectContaining({ type: "boolean", default: true }),
    );
    expect(JSON.stringify(body.properties.files)).toContain('"object"');
    const fromJson = deref(
      doc.paths["/api/v1/ppt/presentation/create/from-json"].post.requestBody.content["application/json"]
        .schema,
    );
    expect(fromJson.properties.slides.items.required).not.toContain("layout");
    // Endpoints that do not parse leniently still say so.
    const subscribe = deref(
      doc.paths["/api/v1/webhook/subscribe"].post.requestBody.content["application/json"].schema,
    );
    expect(subscribe.additionalProperties).toBe(false);
    expect(body.properties.template).toEqual(
      expect.objectContaining({
        type: "string",
        anyOf: [
          { enum: ["general", "modern", "standard", "swift"] },
          { pattern: "^custom-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" },
        ],
        default: "general",
      }),
    );
    expect(body.properties.theme.anyOf[0].enum).toContain("midnight");
    expect(body.properties.theme.default).toBe("light");
    expect(body.properties.n_slides).toEqual(
      expect.objectContaining({ type: "integer", minimum: 1, maximum: 50, default: 8 }),
    );
    expect(body.properties.content.anyOf[0].maxLength).toBe(200_000);
    expect(body.properties.tone.enum).toContain("sales_pitch");
    expect(body.properties.export_as).toEqual(
      expect.objectContaining({ enum: ["pptx", "pdf"], default: "pptx" }),
    );
    expect(v1.parameters.map(deref).map((p: TJson) => p.name)).toContain("Idempotency-Key");
    const v3 = deref(
      doc.paths["/api/v3/presentation/generate"].post.requestBody.content["application/json"].schema,
    );
    const layout = v3.properties.slides.items.properties.layout;
    expect(JSON.stringify(layout)).toContain('"timeline"');
    expect(layout.default).toBeNull();
  });
});
