// fast-check arbitraries of bad HTTP requests for every operation of the OpenAPI registry
// (lib/api/openapi/routes.ts): bodies derived from each route's zod schema (through its JSON Schema)
// or its example, then mutated — wrong types, missing and extra fields, huge and empty strings, hostile
// unicode, deep nesting, arrays for objects, numbers out of range — sent with wrong or missing content
// types, broken JSON, a BOM, junk query strings, junk ids and junk credentials. Pure: no I/O, so the
// API test (tests/api/fuzz.test.ts) and the bench (bench/fuzz.ts) draw the same requests from a seed.
import fc from "fast-check";
import { z } from "zod";
import type { TApiRoute } from "@/lib/api/openapi/routes";

/** One request to send; `body` is bytes so that invalid UTF-8 can be sent too. */
export type TFuzzRequest = {
  /** operationId and what was done to the request, for the failure report. */
  label: string;
  method: string;
  /** Path and query, without the origin. */
  path: string;
  headers: Record<string, string>;
  /** The bytes, or how to make them: a big body is encoded only when it is sent, so that 10,000 drawn requests fit in memory. */
  body?: Uint8Array | (() => Uint8Array);
  /** Statuses the route documents with a body of its own (readiness's 503), not as a problem. */
  documented?: number[];
};

/** Real ids of the fuzzing account, so that requests reach the handlers past their 404 checks. */
export type TFuzzIds = {
  key: string;
  presentation: string[];
  task: string[];
  webhook: string[];
  delivery: string[];
  /** Asset file names (`<sha256>.png`) as GET /api/v1/ppt/assets/{name} takes them. */
  asset: string[];
  /** Uploaded file references, for generate's `files`. */
  file: string[];
  /** Signed download paths, with their query (`/api/v1/ppt/exports/{id}/{filename}?expires=…&signature=…`). */
  download: string[];
};

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is walked as plain JSON
type TJsonSchema = any;
type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };

/** Strings past every field limit: 1 MB of ASCII, of astral code points (4 bytes each in UTF-8), of NULs. */
const HUGE_ASCII = "a".repeat(1_000_000);
const HUGE_ASTRAL = "😀".repeat(250_000);
const HUGE_NUL = "\u0000".repeat(200_000);

/** Strings that break naive code: control and format characters, lone surrogates, RTL overrides, injections. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\ufeff",
  "\u202eevil\u202c",
  "مرحبا بالعالم",
  "שלום עולם",
  "𝕳𝖊𝖑𝖑𝖔 𐍈 🏳️‍🌈",
  "Z̴̡̧̛̛̗͔̤̦͎̗̈́͂̈́͑͗a̷̧̧͍͇̹̎̃l̶͓̬̞̈́g̵̟̀o̶",
  "\r\n\r\nX-Injected: 1",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as is
  "${7*7}{{7*7}}",
  "' OR 1=1 --",
  "null",
  "true",
  "NaN",
  "-0",
  "1e309",
  "__proto__",
  "constructor",
  "\t\u000b\f",
  "ﷺ".repeat(100),
  "字".repeat(5000),
] as const;

const EDGE_NUMBERS = [-1, 0, -0, 0.5, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324] as const;

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const hugeString = fc.constantFrom(HUGE_ASCII, HUGE_ASTRAL, HUGE_NUL);
/** Any string fast-check makes, lone surrogates included ("binary" units are all code points). */
const anyString = fc.string({ unit: "binary", maxLength: 40 });

/** A value of any JSON type, possibly nested. */
const junkValue: fc.Arbitrary<TJson> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<TJson> },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<TJson>(null, true, false, [], {}, [[]], [{}], { "": null }) },
);

/** Arrays in arrays (or objects in objects) `depth` deep: stack-hungry parsers and walkers. */
function deepNest(depth: number, kind: "array" | "object"): TJson {
  let value: TJson = 1;
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}
const deepValue = fc
  .tuple(fc.constantFrom(20, 200, 1500), fc.constantFrom<"array" | "object">("array", "object"))
  .map(([depth, kind]) => deepNest(depth, kind));

/** Resolves a local `$ref` of a JSON Schema against its root. */
function deref(schema: TJsonSchema, root: TJsonSchema): TJsonSchema {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 20; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith("#")) return {};
    current = ref
      .slice(1)
      .split("/")
      .filter(Boolean)
      .reduce(
        (node: TJsonSchema, part: string) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")],
        root,
      );
  }
  return current ?? {};
}

/**
 * A value that (mostly) satisfies a JSON Schema, sized small: a real deck or generation must stay
 * cheap (counts and lengths are capped — n_slides at most 3 — because the point is bad input, not
 * big valid work). Ids come from the account's real ones where a field names them.
 */
export function valueFor(
  schema: TJsonSchema,
  root: TJsonSchema,
  ids: TFuzzIds,
  depth = 0,
): fc.Arbitrary<TJson> {
  const s = deref(schema, root);
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as TJson[]));
  const members = s.anyOf ?? s.oneOf;
  if (Array.isArray(members) && members.length > 0)
    return fc.oneof(...members.map((m: TJsonSchema) => valueFor(m, root, ids, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0)
    return valueFor({ ...s.allOf[0], ...s, allOf: undefined }, root, ids, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "object":
      return objectFor(s, root, ids, depth);
    case "array": {
      const min = s.minItems ?? 0;
      const max = Math.max(min, Math.min(s.maxItems ?? min + 3, min + 3));
      const items = Array.isArray(s.prefixItems)
        ? fc.tuple(...s.prefixItems.map((p: TJsonSchema) => valueFor(p, root, ids, depth + 1)))
        : fc.array(valueFor(s.items ?? {}, root, ids, depth + 1), { minLength: min, maxLength: max });
      return items as fc.Arbitrary<TJson>;
    }
    case "string":
      return stringFor(s, ids);
    case "integer": {
      const min = Math.ceil(s.minimum ?? (s.exclusiveMinimum ?? -1) + 1);
      const max = Math.min(s.maximum ?? min + 3, min + 3);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case "number": {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? min + 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return junkValue;
  }
}

function objectFor(s: TJsonSchema, root: TJsonSchema, ids: TFuzzIds, depth: number): fc.Arbitrary<TJson> {
  const properties: Record<string, TJsonSchema> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const record: Record<string, fc.Arbitrary<TJson>> = {};
  for (const [name, property] of Object.entries(properties)) {
    record[name] = valueFor(property, root, ids, depth + 1);
  }
  const keys = Object.keys(record);
  if (keys.length === 0) {
    if (s.additionalProperties && typeof s.additionalProperties === "object")
      return fc.dictionary(
        fc.string({ maxLength: 8 }),
        valueFor(s.additionalProperties, root, ids, depth + 1),
        {
          maxKeys: 3,
        },
      );
    return fc.constant({});
  }
  return fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) }) as fc.Arbitrary<TJson>;
}

function stringFor(s: TJsonSchema, ids: TFuzzIds): fc.Arbitrary<TJson> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 80, 200));
  switch (s.format) {
    case "uuid":
      return fc.oneof(fc.uuid(), fc.constantFrom(...ids.presentation, ...ids.file, ...ids.webhook));
    case "uri":
    case "url":
      return fc.constantFrom(
        "http://127.0.0.1:9/hook",
        "https://example.com/a",
        "ftp://x",
        "javascript:alert(1)",
      );
    case "email":
      return fc.constantFrom("a@example.com", "not-an-email");
    case "date-time":
      return fc.constantFrom(new Date(0).toISOString(), "2026-13-45T99:99:99Z");
  }
  if (s.pattern) {
    // Patterns are not generated from; the account's real ids and sample texts get past many.
    return fc.constantFrom(...ids.file, ...ids.presentation, "x", "assets/0000.png");
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.lorem({ maxCount: 12 }).map((t) => t.slice(0, max).padEnd(min, "x")) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max }) },
  );
}

/** One change to a value at some node: `at` picks the node among all of them (modulo their count). */
type TMutation =
  | { kind: "replace"; at: number; value: TJson }
  | { kind: "delete"; at: number }
  | { kind: "extra"; at: number; key: string; value: TJson }
  | { kind: "wrap-array"; at: number }
  | { kind: "stringify"; at: number };

const mutation: fc.Arbitrary<TMutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: junkValue }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("replace" as const),
      at: fc.nat(),
      value: hugeString as fc.Arbitrary<TJson>,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: deepValue }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      at: fc.nat(),
      key: fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "", "extra"), anyString),
      value: junkValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wrap-array" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("stringify" as const), at: fc.nat() }) },
);

/** Every node of a value as a path of keys and indexes; the root is []. */
function nodePaths(value: TJson, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (out.length > 2000) return out;
  if (Array.isArray(value)) for (const [i, item] of value.entries()) nodePaths(item, [...prefix, i], out);
  else if (value && typeof value === "object")
    for (const key of Object.keys(value)) nodePaths(value[key], [...prefix, key], out);
  return out;
}

function getAt(value: TJson, path: (string | number)[]): TJson {
  // biome-ignore lint/suspicious/noExplicitAny: walking plain JSON
  return path.reduce((node: any, part) => node?.[part], value);
}

/** A deep copy that shares strings (immutable anyway), so a 1 MB string is not copied per mutation. */
function cloneJson(value: TJson): TJson {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: TJson } = {};
  for (const key of Object.keys(value))
    Object.defineProperty(out, key, {
      value: cloneJson(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Applies one mutation to a deep copy; a change at the root replaces the whole value. */
function applyMutation(value: TJson, m: TMutation): TJson {
  const copy: TJson = value === undefined ? null : cloneJson(value);
  const paths = nodePaths(copy);
  const path = paths[m.at % paths.length];
  const parentPath = path.slice(0, -1);
  const last = path.at(-1);
  // biome-ignore lint/suspicious/noExplicitAny: walking plain JSON
  const parent: any = parentPath.length === 0 && path.length === 0 ? undefined : getAt(copy, parentPath);
  const current = getAt(copy, path);
  const set = (next: TJson): TJson => {
    if (last === undefined) return next;
    // defineProperty: a key "__proto__" must be an own property, not the prototype.
    Object.defineProperty(parent, last, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  };
  switch (m.kind) {
    case "replace":
      return set(m.value);
    case "delete":
      if (last === undefined) return null;
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      return copy;
    case "extra": {
      const target = current && typeof current === "object" && !Array.isArray(current) ? current : null;
      if (!target) return set({ [m.key]: m.value });
      Object.defineProperty(target, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return copy;
    }
    case "wrap-array":
      return set([current]);
    case "stringify":
      return set(JSON.stringify(current) ?? "undefined");
  }
}

/** What is done to the bytes and headers of a JSON body. */
const JSON_ENVELOPES = [
  "json",
  "json",
  "json",
  "json",
  "json",
  "json",
  "json-charset",
  "json-bom",
  "broken-json",
  "trailing-garbage",
  "empty",
  "text-plain",
  "form-urlencoded",
  "no-content-type",
  "invalid-utf8",
  "multipart",
  "vendor-json",
] as const;
type TEnvelope = (typeof JSON_ENVELOPES)[number];

const encoder = new TextEncoder();

/** The body bytes and content type for a JSON value sent in an envelope. */
function envelope(value: TJson, kind: TEnvelope, cut: number): { body?: Uint8Array; type?: string } {
  let text: string;
  try {
    text = JSON.stringify(value) ?? "null";
  } catch {
    text = "[";
  }
  switch (kind) {
    case "json":
      return { body: encoder.encode(text), type: "application/json" };
    case "json-charset":
      return { body: encoder.encode(text), type: "application/json; charset=utf-8" };
    case "vendor-json":
      return { body: encoder.encode(text), type: "application/problem+json" };
    case "json-bom":
      return { body: encoder.encode(`\ufeff${text}`), type: "application/json" };
    case "broken-json":
      return {
        body: encoder.encode(text.slice(0, cut % Math.max(1, text.length))),
        type: "application/json",
      };
    case "trailing-garbage":
      return { body: encoder.encode(`${text}}]"\u0000`), type: "application/json" };
    case "empty":
      return { body: new Uint8Array(), type: "application/json" };
    case "text-plain":
      return { body: encoder.encode(text), type: "text/plain" };
    case "form-urlencoded":
      return {
        body: encoder.encode(new URLSearchParams({ json: text.slice(0, 10_000) }).toString()),
        type: "application/x-www-form-urlencoded",
      };
    case "no-content-type":
      return { body: encoder.encode(text) };
    case "invalid-utf8": {
      const bytes = encoder.encode(text);
      const out = new Uint8Array(bytes.length + 4);
      out.set(bytes.slice(0, cut % Math.max(1, bytes.length)));
      out.set([0xff, 0xfe, 0xc3, 0x28], cut % Math.max(1, bytes.length));
      out.set(bytes.slice(cut % Math.max(1, bytes.length)), (cut % Math.max(1, bytes.length)) + 4);
      return { body: out, type: "application/json" };
    }
    case "multipart":
      return multipart([
        { name: "json", filename: "body.json", type: "application/json", data: encoder.encode(text) },
      ]);
  }
}

type TPart = { name: string; filename?: string; type?: string; data: Uint8Array };

/** A multipart/form-data body built by hand, so boundaries and part headers can be wrong too. */
function multipart(parts: TPart[], boundary = "fuzzBoundary7MA4YWxk"): { body: Uint8Array; type: string } {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(part.data, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** Bytes that look like files of the types upload detects, and not. */
const FILE_BYTES: Uint8Array[] = [
  encoder.encode("Plain text notes about solar clinics.\nSecond line."),
  encoder.encode("# Heading\n\n- bullet one\n- bullet two\n"),
  encoder.encode("a,b,c\n1,2,3\n"),
  encoder.encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF"),
  Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0]),
  Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  encoder.encode("GIF89a\u0001\u0000\u0001\u0000"),
  encoder.encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "),
  new Uint8Array(),
  Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
  encoder.encode("\ufeff\ud800 lone surrogate text \u202e"),
];

/** A multipart upload (or something posing as one) for the file and picture upload routes. */
function multipartBody(field: string): fc.Arbitrary<{ body?: Uint8Array; type?: string; note: string }> {
  const part = fc.record({
    name: fc.oneof(
      { weight: 4, arbitrary: fc.constant(field) },
      { weight: 1, arbitrary: fc.constantFrom("file", "files", "image", "", "files[]", "\u0000") },
    ),
    filename: fc.option(
      fc.oneof(
        fc.constantFrom(
          "notes.txt",
          "deck.pptx",
          "doc.pdf",
          "pic.png",
          "x.docx",
          "../../etc/passwd",
          "",
          'a"b.txt',
        ),
        nastyString.map((s) => s.slice(0, 200)),
      ),
      { nil: undefined },
    ),
    type: fc.option(
      fc.constantFrom("text/plain", "application/pdf", "image/png", "application/octet-stream", "x/y", ""),
      { nil: undefined },
    ),
    data: fc.constantFrom(...FILE_BYTES),
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(part, { minLength: 0, maxLength: 12 }).map((parts) => ({
        ...multipart(parts),
        note: `multipart×${parts.length}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          { type: "multipart/form-data", text: "no boundary" },
          {
            type: "multipart/form-data; boundary=zzz",
            text: "--zzz\r\nContent-Disposition: form-data\r\n\r\n",
          },
          { type: "multipart/form-data; boundary=zzz", text: "" },
          { type: "multipart/form-data; boundary=zzz", text: `--zzz\r\n${"X".repeat(100_000)}` },
          { type: "multipart/form-data; boundary=", text: "----\r\n" },
          { type: "application/json", text: '{"files":["x"]}' },
          { type: "text/plain", text: "hello" },
        )
        .map((c) => ({ body: encoder.encode(c.text), type: c.type, note: `raw ${c.type}` })),
    },
    { weight: 1, arbitrary: fc.constant({ note: "no body" }) },
  );
}

/** Query strings: valid-ish from the route's query schema, or junk. */
function queryFor(route: TApiRoute, ids: TFuzzIds): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.constantFrom(
      "",
      "?",
      "?a=1&a=2",
      "?%zz=%zz",
      "?%00=%00",
      "?limit=-1",
      "?limit=1e309",
      "?limit=99999999999999999999",
      "?cursor=%ff%fe",
      "?status=__proto__",
      "?q=%F0%9F%98%80%E2%80%AE",
      `?q=${"x".repeat(3000)}`,
      "?&&&==&",
      "?expires=1&signature=",
      "?constructor[prototype][x]=1",
    ),
    fc
      .dictionary(fc.string({ maxLength: 10 }), fc.string({ unit: "binary", maxLength: 30 }), { maxKeys: 4 })
      .map((d) => `?${new URLSearchParams(d).toString()}`),
  );
  if (!route.query) return junk;
  const schema = z.toJSONSchema(route.query.schema, { io: "input", unrepresentable: "any" });
  const valid = (valueFor(schema, schema, ids) as fc.Arbitrary<Record<string, TJson>>).chain((q) =>
    fc
      .array(fc.tuple(fc.constantFrom(...Object.keys(q), "extra"), junkValue), { maxLength: 2 })
      .map((changes) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(q ?? {}))
          params.append(k, typeof v === "string" ? v : JSON.stringify(v));
        for (const [k, v] of changes)
          params.set(k, (typeof v === "string" ? v : (JSON.stringify(v) ?? "")).slice(0, 500));
        return `?${params.toString()}`;
      }),
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

/** Junk path segments: wrong shapes, traversal, encodings, unknown ids. */
const junkSegment = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "null",
    "undefined",
    "..",
    "%2e%2e",
    "%2F",
    "%00",
    "%ff",
    "%F0%9F%98%80",
    "%E2%80%AE",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "__proto__",
    "constructor",
    "{id}",
    "a".repeat(2000),
    "1%20OR%201%3D1",
    "x.png",
    "0000000000000000000000000000000000000000000000000000000000000000.png",
    "..%2F..%2Fetc%2Fpasswd",
  ),
  fc.uuid(),
  fc
    .string({ unit: "binary", minLength: 1, maxLength: 20 })
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))),
);

/** Which of the account's ids a path parameter takes. */
function realIdsFor(route: TApiRoute, param: string, ids: TFuzzIds): string[] {
  if (param === "deliveryId") return ids.delivery;
  if (param === "name") return ids.asset;
  if (route.path.includes("/status/")) return ids.task;
  if (route.path.includes("/webhook/")) return ids.webhook;
  if (route.path.includes("/exports/")) return [];
  return ids.presentation;
}

/** The path of a route with each `{param}` filled by a real id (mostly) or junk. */
function pathFor(route: TApiRoute, ids: TFuzzIds): fc.Arbitrary<{ path: string; note: string }> {
  if (route.path.includes("/exports/")) {
    // The signed link as handed out, or with its path or signature broken.
    return fc.tuple(fc.constantFrom(...ids.download), fc.nat(6), junkSegment).map(([link, how, junk]) => {
      const url = new URL(link, "http://x");
      const parts = url.pathname.split("/");
      if (how === 1)
        url.searchParams.set("signature", `${url.searchParams.get("signature")?.slice(0, -2)}AA`);
      if (how === 2) url.searchParams.set("expires", "1000");
      if (how === 3) url.search = "";
      if (how === 4) parts[5] = junk;
      if (how === 5) parts[6] = junk;
      if (how === 6) url.searchParams.set("expires", junk);
      return { path: `${parts.join("/")}${url.search}`, note: `download#${how}` };
    });
  }
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (params.length === 0) return fc.constant({ path: route.path, note: "" });
  const segments = params.map((param) => {
    const real = realIdsFor(route, param, ids);
    return real.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...real).map((id) => ({ id, real: true })) },
          { weight: 1, arbitrary: junkSegment.map((id) => ({ id, real: false })) },
        )
      : junkSegment.map((id) => ({ id, real: false }));
  });
  return fc.tuple(...segments).map((values) => {
    let path: string = route.path;
    params.forEach((param, i) => {
      path = path.replace(`{${param}}`, values[i].id);
    });
    return { path, note: values.every((v) => v.real) ? "real-id" : "junk-id" };
  });
}

/** Credentials: the account's key mostly; none, a malformed header, an unknown key or another scheme sometimes. */
function authFor(ids: TFuzzIds): fc.Arbitrary<{ headers: Record<string, string>; note: string }> {
  const bearer = (value: string, note: string) => ({ headers: { authorization: value }, note });
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant(bearer(`Bearer ${ids.key}`, "")) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { headers: {}, note: "no-key" },
        bearer("Bearer", "bearer-empty"),
        bearer(`Bearer ${ids.key}x`, "key-altered"),
        bearer(`Bearer ${ids.key} ${ids.key}`, "two-keys"),
        bearer(`Basic ${Buffer.from("a:b").toString("base64")}`, "basic"),
        bearer(`Bearer df_${"A".repeat(40)}`, "unknown-key"),
        bearer(`bearer ${"x".repeat(4000)}`, "huge-key"),
        bearer("Bearer \u00ff\u00fe", "latin1-key"),
      ),
    },
  );
}

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Requests for one route: its method mostly (another sometimes), a path with real or junk ids, a
 * query, credentials, and a body from its schema or example, mutated and wrapped in an envelope.
 */
export function requestFor(route: TApiRoute, ids: TFuzzIds): fc.Arbitrary<TFuzzRequest> {
  const method = fc.oneof(
    { weight: 19, arbitrary: fc.constant(route.method.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  const body = bodyFor(route, ids);
  return fc
    .record({ method, at: pathFor(route, ids), query: queryFor(route, ids), auth: authFor(ids), body })
    .map(({ method, at, query, auth, body }) => {
      const hasBody = method !== "GET" && method !== "HEAD";
      const headers: Record<string, string> = { ...auth.headers };
      if (hasBody && body.type) headers["content-type"] = body.type;
      const notes = [at.note, auth.note, hasBody ? body.note : "", query ? "query" : ""].filter(Boolean);
      return {
        label: `${route.operationId} ${method}${notes.length ? ` [${notes.join(", ")}]` : ""}`,
        method,
        path: `${at.path}${query}`,
        headers,
        body: hasBody ? body.body : undefined,
        documented: route.otherResponses?.map((r) => r.status),
      };
    });
}

/** The body of a route's request, as bytes and a content type, with a note of what was done. */
function bodyFor(
  route: TApiRoute,
  ids: TFuzzIds,
): fc.Arbitrary<{ body?: Uint8Array | (() => Uint8Array); type?: string; note: string }> {
  if (route.body?.mediaType === "multipart/form-data") {
    const field = route.path.includes("/images/") ? "file" : "files";
    return multipartBody(field);
  }
  if (route.body?.mediaType !== "application/json") {
    // Routes without a body still get one sometimes: a handler must ignore it, not choke on it.
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ note: "" }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(junkValue, fc.constantFrom(...JSON_ENVELOPES), fc.nat())
          .map(([v, kind, cut]) => ({ ...envelope(v, kind, cut), note: `stray-${kind}` })),
      },
    );
  }
  const schema = z.toJSONSchema(route.body.schema, { io: "input", unrepresentable: "any" });
  const example = route.body.example as TJson;
  const base = fc.oneof(
    { weight: 2, arbitrary: fc.constant(example) },
    { weight: 3, arbitrary: valueFor(schema, schema, ids) },
    { weight: 1, arbitrary: fc.oneof(junkValue, deepValue, hugeString as fc.Arbitrary<TJson>) },
  );
  return fc
    .tuple(
      base,
      fc.array(mutation, { minLength: 0, maxLength: 3 }),
      fc.constantFrom(...JSON_ENVELOPES),
      fc.nat(),
    )
    .map(([value, mutations, kind, cut]) => {
      const mutated = mutations.reduce(applyMutation, value);
      const kinds = mutations.map((m) => m.kind).join("+");
      // The content type is known now; the bytes are made when the request is sent.
      const type = envelope(null, kind, 0).type;
      return {
        body: () => envelope(mutated, kind, cut).body ?? new Uint8Array(),
        type,
        note: `${kind}${kinds ? ` ${kinds}` : ""}`,
      };
    });
}

/**
 * Requests over every route of the registry, the routes drawn uniformly: each operation gets its
 * share however many fields its schema has.
 */
export function fuzzRequests(routes: readonly TApiRoute[], ids: TFuzzIds): fc.Arbitrary<TFuzzRequest> {
  return fc.oneof(...routes.map((route) => requestFor(route, ids)));
}

/** `count` requests drawn from a seed: the same list for the same seed, ids and registry. */
export function sampleRequests(routes: readonly TApiRoute[], ids: TFuzzIds, seed: number, count: number) {
  return fc.sample(fuzzRequests(routes, ids), { seed, numRuns: count });
}
