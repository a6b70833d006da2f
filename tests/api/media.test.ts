// The editor's media endpoints over real HTTP: icon search, picture sources, picture search (offline on
// the shared server, which has no providers; stock and AI against a second server wired to a local
// mock Pexels/OpenAI), picture upload and the stored picture served back, with key and session auth.
import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { send, sendJson, startMockServer, type TMockServer } from "../unit/net-mock-server";
import { cliCreateKey, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { api, baseUrl } from "./helpers";

const sha = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A picture with transparency (stored as PNG) or without (stored as JPEG). */
function picture(width: number, height: number, alpha: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#1d4ed8" ${alpha ? 'fill-opacity="0.5"' : ""}/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f59e0b"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** POSTs a multipart upload with the key (or the headers given). */
async function upload(
  bytes: Uint8Array,
  options: { name?: string; field?: string; headers?: Record<string, string>; base?: string } = {},
) {
  const form = new FormData();
  form.append(options.field ?? "file", new Blob([new Uint8Array(bytes)]), options.name ?? "picture.png");
  const res = await fetch(`${options.base ?? baseUrl()}/api/v1/ppt/images/upload`, {
    method: "POST",
    headers: options.headers ?? { authorization: `Bearer ${inject("keyA")}` },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

describe("GET /api/v1/ppt/icons", () => {
  it("finds the rocket by name and by the keyword 'launch', best first, with its SVG", async () => {
    for (const q of ["rocket", "launch"]) {
      const res = await api(`/api/v1/ppt/icons?q=${q}`);
      expect(res.status).toBe(200);
      expect(res.json.query).toBe(q);
      expect(res.json.icons[0].name).toBe("rocket");
      expect(res.json.icons[0].svg).toMatch(
        /^<svg [^>]*viewBox="0 0 24 24"[^>]*stroke="currentColor".*<\/svg>$/,
      );
    }
  });

  it("respects limit; an empty query answers the default set", async () => {
    const few = await api("/api/v1/ppt/icons?q=chart&limit=3");
    expect(few.json.icons).toHaveLength(3);
    const defaults = await api("/api/v1/ppt/icons");
    expect(defaults.status).toBe(200);
    expect(defaults.json.icons).toHaveLength(48);
    expect(defaults.json.icons.map((icon: { name: string }) => icon.name)).toContain("trending-up");
    expect((await api("/api/v1/ppt/icons?q=qqxzvvy")).json.icons).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["limit=many", "limit"],
    [`q=${"a".repeat(101)}`, "q"],
  ])("refuses %s with 422 naming the field", async (query, path) => {
    const res = await api(`/api/v1/ppt/icons?${query}`);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.json).toMatchObject({ code: "invalid_field", errors: [{ path }] });
  });
});

describe("POST /api/v1/ppt/images/upload", () => {
  it("stores a PNG and serves the very bytes its name hashes", async () => {
    const png = await picture(2000, 1000, true);
    const res = await upload(png);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      asset: expect.stringMatching(/^assets\/[a-f0-9]{64}\.png$/),
      url: `/api/v1/ppt/assets/${res.json.asset.slice("assets/".length)}`,
      width: 1600,
      height: 800,
    });
    const served = await fetch(`${baseUrl()}${res.json.url}`, {
      headers: { authorization: `Bearer ${inject("keyA")}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(`assets/${sha(bytes)}.png`).toBe(res.json.asset);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([1600, 800, true]);
  });

  it("stores an opaque picture as JPEG; the same picture twice is the same asset", async () => {
    const png = await picture(400, 300, false);
    const first = await upload(png);
    const second = await upload(png, { name: "again.png" });
    expect(first.status).toBe(201);
    expect(first.json.asset).toMatch(/\.jpg$/);
    expect(second.json.asset).toBe(first.json.asset);
  });

  it("refuses a text file named .png (415), a broken picture (422), a missing part (422), JSON (415)", async () => {
    const text = await upload(Buffer.from("name,amount\nPanels,6000\n"), { name: "chart.png" });
    expect(text.status).toBe(415);
    expect(text.json.code).toBe("unsupported_media_type");
    const png = await picture(200, 200, false);
    const broken = await upload(Buffer.concat([png.subarray(0, 64), Buffer.alloc(500, 1)]));
    expect(broken.status).toBe(422);
    expect(broken.json.errors[0].path).toBe("file");
    const wrongField = await upload(png, { field: "image" });
    expect(wrongField.status).toBe(422);
    expect(wrongField.json.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "image" })]),
    );
    const json = await api("/api/v1/ppt/images/upload", { body: { file: "x" } });
    expect(json.status).toBe(415);
  });

  it("refuses a picture over IMAGE_MAX_BYTES (10 MB) with 413", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 200_000, 0);
    (await picture(10, 10, false)).copy(big);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("payload_too_large");
    expect(res.json.detail).toContain("10 MB");
  });
});

describe("picture search on a server without providers", () => {
  it("GET lists the sources: stock and AI unavailable with what to set, offline available", async () => {
    const res = await api("/api/v1/ppt/images/search");
    expect(res.status).toBe(200);
    expect(res.json.stock).toEqual({
      available: false,
      provider: null,
      message:
        "No stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY).",
    });
    expect(res.json.ai).toMatchObject({ available: false, provider: null, credits_per_image: 2 });
    expect(res.json.ai.message).toContain("OPENAI_API_KEY");
    expect(res.json.offline).toEqual({ available: true, provider: "offline", message: null });
  });

  it("offline search answers illustrations to pick by query, free", async () => {
    const res = await api("/api/v1/ppt/images/search", {
      body: { q: "solar clinic", source: "offline", count: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      source: "offline",
      available: true,
      provider: "offline",
      credits_consumed: 0,
    });
    expect(res.json.images).toHaveLength(3);
    expect(res.json.images[0]).toMatchObject({
      id: "offline:1",
      query: "solar clinic",
      width: 576,
      height: 720,
    });
    for (const image of res.json.images) {
      expect(image.asset).toBeUndefined();
      expect(image.url).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it("stock and AI searches say no provider is configured, and charge nothing", async () => {
    const before = (await api("/api/v1/credits")).json.balance;
    const stock = await api("/api/v1/ppt/images/search", { body: { q: "solar", source: "stock" } });
    expect(stock.status).toBe(200);
    expect(stock.json).toEqual({
      source: "stock",
      available: false,
      provider: null,
      message:
        "No stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY).",
      images: [],
      credits_consumed: 0,
    });
    const ai = await api("/api/v1/ppt/images/search", { body: { q: "solar", source: "ai" } });
    expect(ai.json).toMatchObject({ source: "ai", available: false, images: [], credits_consumed: 0 });
    expect((await api("/api/v1/credits")).json.balance).toBe(before);
  });

  it.each([
    [{ q: "", source: "offline" }, "q"],
    [{ q: "x", source: "unsplash" }, "source"],
    [{ q: "x", source: "ai", count: 5 }, "count"],
    [{ q: "x", source: "offline", theme: "neon" }, "theme"],
    [{ q: "x", source: "offline", extra: 1 }, "(body)"],
  ])("refuses %j with 422 at %s", async (body, path) => {
    const res = await api("/api/v1/ppt/images/search", { body });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("404s another account's presentation", async () => {
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: inject("keyB"),
      body: { title: "Bob's", slides: [{ layout: "title", content: { title: "Bob's" } }] },
    });
    expect(created.status).toBe(200);
    const body = { q: "x", source: "offline", presentation_id: created.json.presentation_id };
    expect((await api("/api/v1/ppt/images/search", { body })).status).toBe(404);
    expect((await api("/api/v1/ppt/images/search", { body, key: inject("keyB") })).status).toBe(200);
  });
});

describe("authentication", () => {
  const calls = [
    { path: "/api/v1/ppt/icons?q=rocket" },
    { path: "/api/v1/ppt/images/search" },
    { path: "/api/v1/ppt/images/search", body: { q: "rocket", source: "offline", count: 1 } },
  ];

  it("refuses requests without a key or session (401 with WWW-Authenticate)", async () => {
    for (const call of calls) {
      const res = await api(call.path, { key: null, body: call.body });
      expect(res.status, call.path).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
    const png = await picture(20, 20, false);
    expect((await upload(png, { headers: {} })).status).toBe(401);
    expect((await upload(png, { headers: { authorization: "Bearer df_not_a_key" } })).status).toBe(401);
  });

  it("accepts the signed-in session; a session upload needs this server's Origin", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("media"));
    for (const call of calls) {
      const res = await api(call.path, {
        key: null,
        body: call.body,
        headers: { cookie, ...(call.body ? { origin: baseUrl() } : {}) },
      });
      expect(res.status, call.path).toBe(200);
    }
    const png = await picture(30, 20, false);
    const ok = await upload(png, { headers: { cookie, origin: baseUrl() } });
    expect(ok.status).toBe(201);
    const foreign = await upload(png, { headers: { cookie, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const served = await fetch(`${baseUrl()}${ok.json.url}`, { headers: { cookie } });
    expect(served.status).toBe(200);
  });
});

describe("stock and AI search against mock providers", () => {
  let mock: TMockServer;
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  let key: string;
  let photo: Buffer;
  let generated: Buffer;

  const call = (body: unknown) =>
    fetch(`${server.baseUrl}/api/v1/ppt/images/search`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, json: await res.json() }));
  const balance = () =>
    fetch(`${server.baseUrl}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } })
      .then((res) => res.json())
      .then((json) => json.balance as number);

  beforeAll(async () => {
    photo = await sharp(await picture(900, 1200, false))
      .jpeg()
      .toBuffer();
    generated = await picture(1024, 1536, false);
    mock = await startMockServer((request, response) => {
      const url = new URL(request.url ?? "/", mock.origin);
      if (url.pathname === "/photo.jpg") return send(response, 200, "image/jpeg", photo);
      if (url.pathname === "/v1/search") {
        if (url.searchParams.get("query") === "outage") return sendJson(response, { error: "down" }, 502);
        return sendJson(response, {
          photos: [
            {
              id: 7,
              url: "https://www.pexels.com/photo/7/",
              photographer: "Grace Hopper",
              alt: "Panels on a roof",
              src: { large2x: `${mock.origin}/photo.jpg` },
            },
            { id: 8, photographer: "Nobody", src: { large2x: `${mock.origin}/gone.jpg` } },
          ],
        });
      }
      if (url.pathname === "/v1/images/generations")
        return sendJson(response, { created: 1, data: [{ b64_json: generated.toString("base64") }] });
      send(response, 404, "text/plain", "not found");
    });
    const env = {
      ...TEST_SERVER_ENV,
      PEXELS_API_KEY: "pexels-test-key",
      PEXELS_BASE_URL: `${mock.origin}/v1`,
      OPENAI_API_KEY: "openai-test-key",
      OPENAI_BASE_URL: `${mock.origin}/v1`,
      CREDITS_GRANT: "5",
      CREDITS_PER_AI_IMAGE: "2",
    };
    server = await startDeckforgeServer(env);
    key = cliCreateKey(server.dataDir, "carol@example.com", "carol-media", env);
  });

  afterAll(async () => {
    await server?.stop();
    await mock?.close();
  });

  it("GET names the configured providers and the AI price", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/ppt/images/search`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const json = await res.json();
    expect(json.stock).toEqual({ available: true, provider: "Pexels", message: null });
    expect(json.ai).toEqual({ available: true, provider: "OpenAI", message: null, credits_per_image: 2 });
  });

  it("stock: stores the downloadable photos with their credit, skips the dead link, charges nothing", async () => {
    const res = await call({ q: "solar roof", source: "stock" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      source: "stock",
      available: true,
      provider: "Pexels",
      credits_consumed: 0,
    });
    expect(res.json.images).toHaveLength(1);
    expect(res.json.images[0]).toMatchObject({
      id: "pexels:7",
      query: "solar roof",
      credit: "Photo by Grace Hopper on Pexels",
      alt: "Panels on a roof",
      source_url: "https://www.pexels.com/photo/7/",
    });
    expect(res.json.warnings[0]).toContain("404");
    const served = await fetch(`${server.baseUrl}${res.json.images[0].url}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(res.json.images[0].asset).toBe(`assets/${sha(bytes)}.jpg`);
    expect(await balance()).toBe(5);
    const search = mock.requests.find((r) => r.url.startsWith("/v1/search"));
    expect(search?.headers.authorization).toBe("pexels-test-key");
  });

  it("pictures found for an account are its own: the picker's and a generated deck's, a 404 for another account", async () => {
    const env = { ...TEST_SERVER_ENV, CREDITS_GRANT: "5" };
    const dave = cliCreateKey(server.dataDir, "dave@example.com", "dave-media", env);
    const read = (path: string, who: string) =>
      fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${who}` } }).then(
        (res) => res.status,
      );
    const found = await call({ q: "solar roof", source: "stock" });
    expect(found.status).toBe(200);
    const pickerUrl = found.json.images[0].url;
    expect(await read(pickerUrl, key)).toBe(200);
    expect(await read(pickerUrl, dave)).toBe(404);

    // A deck generated with stock pictures for dave: its picture slide shows the mock's photo,
    // stored for dave (the same bytes carol's search stored: both may read them now).
    const generated = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${dave}`, "content-type": "application/json" },
      body: JSON.stringify({
        slides_markdown: ["# Solar roofs\n- Panels on a roof"],
        include_title_slide: false,
        image_type: "stock",
        export_as: "pptx",
      }),
    });
    const result = await generated.json();
    expect(generated.status, JSON.stringify(result)).toBe(200);
    const deck = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/${result.presentation_id}`, {
      headers: { authorization: `Bearer ${dave}` },
    }).then((res) => res.json());
    const asset: string = deck.deck.slides.find((slide: { layout: string }) =>
      slide.layout.startsWith("image-"),
    ).content.image.asset;
    expect(asset).toBe(found.json.images[0].asset);
    expect(await read(`/api/v1/ppt/assets/${asset.slice("assets/".length)}`, dave)).toBe(200);
    expect(await read(`/api/v1/ppt/assets/${asset.slice("assets/".length)}`, key)).toBe(200);
    const eve = cliCreateKey(server.dataDir, "eve@example.com", "eve-media", env);
    expect(await read(`/api/v1/ppt/assets/${asset.slice("assets/".length)}`, eve)).toBe(404);
  });

  it("stock: a failing provider is a 503 problem", async () => {
    const res = await call({ q: "outage", source: "stock" });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      code: "provider_unavailable",
      detail: expect.stringContaining("Pexels"),
    });
  });

  it("AI: charges 2 credits per picture with the balance before and after, then 402 when short", async () => {
    const res = await call({ q: "a solar clinic at dawn", source: "ai", count: 2 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      source: "ai",
      provider: "OpenAI",
      credits_consumed: 4,
      balance_before: 5,
      balance_after: 1,
    });
    expect(res.json.images).toHaveLength(2);
    expect(res.json.images[0].credit).toContain("AI-generated image (OpenAI");
    expect(await balance()).toBe(1);
    const short = await call({ q: "another", source: "ai" });
    expect(short.status).toBe(402);
    expect(short.json).toMatchObject({ code: "insufficient_credits", balance: 1, required: 2 });
    expect(await balance()).toBe(1);
  });
});
