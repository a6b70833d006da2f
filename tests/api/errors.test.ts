import { describe, expect, it } from "vitest";
import { api } from "./helpers";

const V1 = "/api/v1/ppt/presentation/generate";
const V3 = "/api/v3/presentation/generate";
const OUTLINES = "/api/v3/presentation/outlines/generate";
const FROM_JSON = "/api/v1/ppt/presentation/create/from-json";

type Case = {
  name: string;
  path: string;
  status: number;
  code: string;
  body?: unknown;
  raw?: string;
  key?: string | null;
  headers?: Record<string, string>;
  errorPath?: string;
  detail?: RegExp;
};

const CASES: Case[] = [
  { name: "no key", path: V1, key: null, body: { content: "x" }, status: 401, code: "unauthorized" },
  {
    name: "wrong key",
    path: V1,
    key: "df_notARealKeyAtAll000000000000000",
    body: { content: "x" },
    status: 401,
    code: "unauthorized",
  },
  {
    name: "malformed JSON",
    path: V1,
    raw: "{content: ",
    headers: { "content-type": "application/json" },
    status: 400,
    code: "invalid_json",
  },
  {
    name: "text/plain body",
    path: V1,
    raw: "hello",
    headers: { "content-type": "text/plain" },
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "body over 2 MB",
    path: V1,
    body: { content: "x".repeat(2_200_000) },
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "content too long",
    path: V1,
    body: { content: "x".repeat(200_001) },
    status: 422,
    code: "invalid_field",
    errorPath: "content",
  },
  { name: "missing content", path: V1, body: {}, status: 422, code: "invalid_field", errorPath: "content" },
  {
    name: "n_slides 0",
    path: V1,
    body: { content: "x", n_slides: 0 },
    status: 422,
    code: "invalid_field",
    errorPath: "n_slides",
  },
  {
    name: "n_slides 51",
    path: V1,
    body: { content: "x", n_slides: 51 },
    status: 422,
    code: "invalid_field",
    errorPath: "n_slides",
  },
  {
    name: "n_slides not integer",
    path: V1,
    body: { content: "x", n_slides: 2.5 },
    status: 422,
    code: "invalid_field",
    errorPath: "n_slides",
  },
  {
    name: "n_slides as string",
    path: V1,
    body: { content: "x", n_slides: "8" },
    status: 422,
    code: "invalid_field",
    errorPath: "n_slides",
  },
  {
    name: "unknown tone",
    path: V1,
    body: { content: "x", tone: "angry" },
    status: 422,
    code: "invalid_field",
    errorPath: "tone",
  },
  {
    name: "unknown verbosity",
    path: V1,
    body: { content: "x", verbosity: "huge" },
    status: 422,
    code: "invalid_field",
    errorPath: "verbosity",
  },
  {
    name: "unknown export",
    path: V1,
    body: { content: "x", export_as: "docx" },
    status: 422,
    code: "invalid_field",
    errorPath: "export_as",
  },
  {
    name: "unknown template lists valid ones",
    path: V1,
    body: { content: "x", template: "fancy" },
    status: 422,
    code: "invalid_field",
    errorPath: "template",
    detail: /general/,
  },
  {
    name: "unknown theme",
    path: V1,
    body: { content: "x", theme: "neon" },
    status: 422,
    code: "invalid_field",
    errorPath: "theme",
  },
  {
    name: "unknown image_type",
    path: V1,
    body: { content: "x", image_type: "clipart" },
    status: 422,
    code: "invalid_field",
    errorPath: "image_type",
  },
  {
    name: "web_search not boolean",
    path: V1,
    body: { content: "x", web_search: "yes" },
    status: 422,
    code: "invalid_field",
    errorPath: "web_search",
  },
  {
    // Without the preference an unknown field is ignored and named in `warnings` (peer-client.test.ts).
    name: "unknown field with Prefer: handling=strict",
    path: V1,
    body: { content: "x", colour: "red" },
    headers: { prefer: "handling=strict" },
    status: 422,
    code: "invalid_field",
    errorPath: "(body)",
  },
  { name: "body is an array", path: V1, body: [1, 2], status: 422, code: "invalid_field" },
  {
    name: "body is null",
    path: V1,
    raw: "null",
    headers: { "content-type": "application/json" },
    status: 422,
    code: "invalid_field",
  },
  {
    name: "too many files",
    path: V1,
    body: { content: "x", files: Array(11).fill("f") },
    status: 422,
    code: "invalid_field",
    errorPath: "files",
  },
  {
    name: "v3 empty slides",
    path: V3,
    body: { slides: [] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides",
  },
  {
    name: "v3 unknown layout lists valid ones",
    path: V3,
    body: { slides: [{ content: "a", layout: "spiral" }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.layout",
    detail: /bullets/,
  },
  {
    name: "v3 blank slide content",
    path: V3,
    body: { slides: [{ content: "   " }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content",
  },
  {
    name: "outline without content",
    path: OUTLINES,
    body: { content: "" },
    status: 422,
    code: "invalid_field",
    errorPath: "content",
  },
  {
    // A slide without a layout gets one chosen from its content (peer-client.test.ts).
    name: "from-json layout not a string",
    path: FROM_JSON,
    body: { slides: [{ layout: 7, content: { title: "a" } }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.layout",
  },
  {
    name: "from-json bullets not strings",
    path: FROM_JSON,
    body: { slides: [{ layout: "bullets", content: { bullets: [1] } }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.bullets.0",
  },
  {
    name: "from-json chart layout without a chart",
    path: FROM_JSON,
    body: { slides: [{ layout: "chart", content: { title: "Sales" } }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.chart",
    detail: /needs 'chart'/,
  },
  {
    name: "from-json table row narrower than its header",
    path: FROM_JSON,
    body: { slides: [{ layout: "table", content: { table: { header: ["a", "b"], rows: [["1"]] } } }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.table.rows.0",
  },
  {
    name: "from-json chart series shorter than its categories",
    path: FROM_JSON,
    body: {
      slides: [
        {
          layout: "chart",
          content: { chart: { categories: ["a", "b"], series: [{ name: "s", values: [1] }] } },
        },
      ],
    },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.chart.series.0.values",
  },
  {
    name: "v3 chart layout for text without numbers",
    path: V3,
    body: { slides: [{ content: "## Mood\n- good", layout: "chart" }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.layout",
  },
  {
    name: "unknown layout lists the valid ones",
    path: V3,
    body: { slides: [{ content: "## A\n- b", layout: "mosaic" }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.layout",
    detail: /timeline/,
  },
  {
    name: "from-json image asset keys must be pictures of the account",
    path: FROM_JSON,
    body: {
      slides: [
        {
          layout: "image-left",
          content: { title: "x", image: { query: "q", asset: `assets/${"a".repeat(64)}.jpg` } },
        },
      ],
    },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.image.asset",
  },
  {
    name: "a NUL character in the text (PostgreSQL cannot store it)",
    path: V1,
    body: { content: "Heat pumps\u0000 move heat instead of making it." },
    status: 422,
    code: "invalid_field",
    errorPath: "content",
    detail: /NUL character/,
  },
  {
    name: "a NUL character deep in a from-json deck",
    path: FROM_JSON,
    body: { slides: [{ layout: "bullets", content: { title: "Plan", bullets: ["one", "tw\u0000o"] } }] },
    status: 422,
    code: "invalid_field",
    errorPath: "slides.0.content.bullets.1",
  },
  { name: "unknown endpoint", path: "/api/v1/ppt/nothing-here", body: {}, status: 404, code: "not_found" },
];

describe("bad input answers a problem body with the right status", () => {
  it.each(CASES)("$name → $status $code", async (c) => {
    const res = await api(c.path, {
      body: c.body,
      raw: c.raw,
      key: c.key,
      headers: c.headers,
      method: "POST",
    });
    expect(res.status).toBe(c.status);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.json).toMatchObject({ status: c.status, code: c.code });
    expect(typeof res.json.title).toBe("string");
    expect(typeof res.json.type).toBe("string");
    expect(res.json.detail.length).toBeGreaterThan(0);
    if (c.errorPath) expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(c.errorPath);
    if (c.detail) expect(res.json.detail).toMatch(c.detail);
    if (c.status === 401) expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
