// The editor's media logic against local mock providers, a real SQLite ledger and in-memory storage:
// icon search, offline illustrations, uploads, stock search (download, store, credit lines, skipped
// photos, failures) and AI search (reserve, settle, refund, 402).
import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { IMAGE_SEARCH_DEFAULT, ZImageSearchResponse } from "@/lib/api/schemas/media";
import { findIcon } from "@/lib/assets/icons/find-icon";
import { findOrCreateUser } from "@/lib/auth/users";
import { adjustCredits } from "@/lib/credits/adjust-credits";
import type { Db } from "@/lib/db";
import { ASSET_KEY_PATTERN } from "@/lib/deck/schema";
import { imageSources } from "@/lib/media/image-sources";
import { listIcons, popularIcons } from "@/lib/media/list-icons";
import { offlineImages } from "@/lib/media/offline-images";
import { searchImages, type TImageSearchContext } from "@/lib/media/search-images";
import { uploadImage } from "@/lib/media/upload-image";
import type { TStorage } from "@/lib/storage";
import { balanceAndLedger, openTestDb, type TTestDb } from "./credits-test-db";
import { send, sendJson, startMockServer, type TMockServer } from "./net-mock-server";

function memoryStorage(): TStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, bytes) {
      files.set(key, Buffer.from(bytes));
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
}

const sha = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
const solid = (background: string, format: "png" | "jpeg" = "jpeg", width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();

let test: TTestDb;
let db: Db;
let api: TMockServer;
let photos: Record<string, Buffer>;
let generated: Buffer;
let openaiFails = false;

beforeAll(async () => {
  test = await openTestDb();
  db = test.db;
  photos = { "red.jpg": await solid("#c8102e"), "blue.jpg": await solid("#0b3d91") };
  generated = await solid("#3a7bd5", "png", 512, 768);
  api = await startMockServer((request, response) => {
    const url = new URL(request.url ?? "/", api.origin);
    const file = url.pathname.slice(1);
    if (photos[file]) return send(response, 200, "image/jpeg", photos[file]);
    if (file === "login.html") return send(response, 200, "text/html", "<h1>Sign in</h1>");
    if (url.pathname === "/v1/search") {
      const query = url.searchParams.get("query");
      if (query === "refused") return sendJson(response, { error: "Invalid API key" }, 401);
      const files =
        query === "nothing"
          ? []
          : query === "all broken"
            ? ["login.html", "missing.jpg"]
            : ["red.jpg", "login.html", "blue.jpg", "red.jpg"];
      return sendJson(response, {
        photos: files.map((name, i) => ({
          id: 500 + i,
          url: `https://www.pexels.com/photo/${500 + i}/`,
          photographer: "Ada Lovelace",
          alt: `Photo ${i + 1}  of   ${query}`,
          src: { large2x: `${api.origin}/${name}` },
        })),
      });
    }
    if (url.pathname === "/v1/images/generations") {
      if (openaiFails) return sendJson(response, { error: { message: "model overloaded" } }, 500);
      return sendJson(response, { created: 1, data: [{ b64_json: generated.toString("base64") }] });
    }
    send(response, 404, "text/plain", "not found");
  });
});

afterAll(async () => {
  await api?.close();
  await test?.close();
});

const env = (extra: Record<string, string> = {}) => ({
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
  PEXELS_BASE_URL: `${api.origin}/v1`,
  OPENAI_BASE_URL: `${api.origin}/v1`,
  ...extra,
});

let accounts = 0;
async function context(balance: number, extraEnv: Record<string, string> = {}) {
  const user = await findOrCreateUser(db, `media${++accounts}@example.com`);
  const { balance: start } = await balanceAndLedger(db, user.id);
  if (balance !== start) await adjustCredits(db, user.id, balance - start, "adjustment");
  const storage = memoryStorage();
  const ctx: TImageSearchContext = { db, userId: user.id, storage, env: env(extraEnv) };
  return { ctx, storage, userId: user.id };
}

/** The stored pictures granted to the account, in key order. */
async function grantedKeys(userId: string): Promise<string[]> {
  const rows = await db.assetGrant.findMany({
    where: { userId },
    select: { key: true },
    orderBy: { key: "asc" },
  });
  return rows.map((row) => row.key);
}

async function rejects(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("icons", () => {
  it("finds the rocket for its name and for 'launch', first", () => {
    expect(listIcons({ q: "rocket", limit: 48 }).icons[0].name).toBe("rocket");
    expect(listIcons({ q: "launch", limit: 48 }).icons[0].name).toBe("rocket");
    expect(listIcons({ q: "growth", limit: 48 }).icons[0].name).toBe(findIcon("growth"));
  });

  it("answers standalone SVG in currentColor, and respects the limit", () => {
    const { icons } = listIcons({ q: "chart", limit: 5 });
    expect(icons).toHaveLength(5);
    for (const icon of icons) {
      expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*stroke="currentColor"/);
      expect(icon.svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it("answers the popular set for an empty query, and nothing for gibberish", () => {
    const popular = listIcons({ q: "", limit: 30 });
    expect(popular.icons.map((icon) => icon.name)).toEqual(popularIcons().slice(0, 30));
    expect(popular.icons.map((icon) => icon.name)).toContain("trending-up");
    expect(new Set(popularIcons()).size).toBe(popularIcons().length);
    expect(listIcons({ q: "xqzzyv", limit: 10 }).icons).toEqual([]);
  });
});

describe("offline illustrations", () => {
  it("answers distinct queries that keep the topic's icon, drawn in the theme's colours", () => {
    const images = offlineImages("teamwork", 6, "forest");
    expect(images[0].query).toBe("teamwork");
    expect(images).toHaveLength(6);
    expect(new Set(images.map((image) => image.query)).size).toBe(images.length);
    expect(new Set(images.map((image) => image.url)).size).toBe(images.length);
    for (const image of images) {
      expect(findIcon(image.query)).toBe(findIcon("teamwork"));
      expect(image.asset).toBeUndefined();
      const svg = Buffer.from(image.url.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString();
      expect(svg).toContain("<svg");
    }
    const forest = offlineImages("teamwork", 1, "forest")[0].url;
    const dark = offlineImages("teamwork", 1, "dark")[0].url;
    expect(forest).not.toBe(dark);
  });

  it("answers `count` at most and never a query longer than image.query allows", () => {
    expect(offlineImages("rocket", 2, "light")).toHaveLength(2);
    const long = "a".repeat(295);
    expect(offlineImages(long, 8, "light").every((image) => image.query.length <= 300)).toBe(true);
  });
});

describe("upload", () => {
  it("stores a PNG re-encoded under the SHA-256 of the stored bytes, granted to the uploader", async () => {
    const { ctx, storage, userId } = await context(0);
    const png = await solid("#336699", "png", 2400, 1200);
    const stored = await uploadImage(storage, png, ctx);
    expect(stored.asset).toMatch(ASSET_KEY_PATTERN);
    expect(stored).toMatchObject({ width: 1600, height: 800 });
    const bytes = storage.files.get(stored.asset) as Buffer;
    expect(stored.asset).toBe(`assets/${sha(bytes)}.jpg`);
    expect(stored.url).toBe(`/api/v1/ppt/assets/${sha(bytes)}.jpg`);
    expect(await grantedKeys(userId)).toEqual([stored.asset]);
    // The same bytes from another account: one file, and a grant for each account.
    const other = await context(0);
    expect((await uploadImage(other.storage, png, other.ctx)).asset).toBe(stored.asset);
    expect(await grantedKeys(other.userId)).toEqual([stored.asset]);
    expect(await grantedKeys(userId)).toEqual([stored.asset]);
  });

  it("refuses what is not a picture (415) and a picture that does not decode (422)", async () => {
    const { ctx, storage, userId } = await context(0);
    expect((await rejects(uploadImage(storage, Buffer.from("just some text"), ctx))).status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await rejects(uploadImage(storage, svg, ctx))).status).toBe(415);
    const png = await solid("#336699", "png");
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const error = await rejects(uploadImage(storage, broken, ctx));
    expect(error.status).toBe(422);
    expect(error.details?.errors?.[0].path).toBe("file");
    expect(storage.files.size).toBe(0);
    expect(await grantedKeys(userId)).toEqual([]);
  });
});

describe("sources", () => {
  it("names what to set when no provider is configured, and the AI price", () => {
    const none = imageSources({ CREDITS_PER_AI_IMAGE: "3" });
    expect(none.stock).toEqual({
      available: false,
      provider: null,
      message:
        "No stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY).",
    });
    expect(none.ai).toMatchObject({ available: false, credits_per_image: 3 });
    expect(none.ai.message).toContain("OPENAI_API_KEY");
    expect(none.offline.available).toBe(true);
    const configured = imageSources({ PEXELS_API_KEY: "k", OPENAI_API_KEY: "k" });
    expect(configured.stock).toEqual({ available: true, provider: "Pexels", message: null });
    expect(configured.ai.provider).toBe("OpenAI");
    expect(imageSources({ IMAGE_PROVIDER: "pexels" }).stock.message).toBe(
      'No stock image provider is available: IMAGE_PROVIDER is "pexels" but PEXELS_API_KEY is not set.',
    );
  });
});

describe("stock search", () => {
  it("stores the usable photos with credit lines, skips the rest with a warning", async () => {
    const { ctx, storage, userId } = await context(10, { PEXELS_API_KEY: "k" });
    const found = await searchImages(ctx, { q: "lighthouse", source: "stock" });
    expect(ZImageSearchResponse.parse(found)).toEqual(found);
    expect(found).toMatchObject({
      source: "stock",
      available: true,
      provider: "Pexels",
      credits_consumed: 0,
    });
    // red, (login page skipped), blue, red again (same file: shown once)
    expect(found.images.map((image) => image.id)).toEqual(["pexels:500", "pexels:502"]);
    expect(found.images[0]).toMatchObject({
      query: "lighthouse",
      credit: "Photo by Ada Lovelace on Pexels",
      alt: "Photo 1 of lighthouse",
      source_url: "https://www.pexels.com/photo/500/",
    });
    for (const image of found.images) {
      const bytes = storage.files.get(image.asset as string) as Buffer;
      expect(image.asset).toBe(`assets/${sha(bytes)}.jpg`);
      expect(image.url).toBe(`/api/v1/ppt/assets/${sha(bytes)}.jpg`);
    }
    expect(await grantedKeys(userId)).toEqual(found.images.map((image) => image.asset).sort());
    expect(found.warnings).toHaveLength(1);
    expect(found.warnings?.[0]).toMatch(/^A photo Pexels offered was skipped: .*text\/html/);
    expect((await balanceAndLedger(db, userId)).balance).toBe(10);
    const pexels = api.requests.filter((r) => r.url.startsWith("/v1/search")).at(-1);
    expect(pexels?.headers.authorization).toBe("k");
  });

  it("answers `count` photos at most", async () => {
    const { ctx } = await context(0, { PEXELS_API_KEY: "k" });
    const found = await searchImages(ctx, { q: "lighthouse", source: "stock", count: 1 });
    expect(found.images.map((image) => image.id)).toEqual(["pexels:500"]);
  });

  it("says when nothing was found; 503 when the provider fails or no photo downloads", async () => {
    const { ctx } = await context(0, { PEXELS_API_KEY: "k" });
    const nothing = await searchImages(ctx, { q: "nothing", source: "stock" });
    expect(nothing).toMatchObject({
      available: true,
      images: [],
      message: 'Pexels found no photos for "nothing".',
    });
    const refused = await rejects(searchImages(ctx, { q: "refused", source: "stock" }));
    expect(refused.status).toBe(503);
    expect(refused.message).toContain("Pexels refused the API key (HTTP 401");
    const broken = await rejects(searchImages(ctx, { q: "all broken", source: "stock" }));
    expect(broken.status).toBe(503);
    expect(broken.message).toMatch(/^None of the 2 photos Pexels offered could be downloaded/);
  });

  it("refuses private addresses unless the operator allows them", async () => {
    const { ctx } = await context(0, { PEXELS_API_KEY: "k", ALLOW_PRIVATE_NETWORK_FETCH: "0" });
    // The provider's own origin is trusted (configured); the photo URLs it returns are not.
    const error = await rejects(searchImages(ctx, { q: "lighthouse", source: "stock" }));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(
      /^None of the 4 photos Pexels offered could be downloaded \(Pexels: 127\.0\.0\.1 is not a public address .*ALLOW_PRIVATE_NETWORK_FETCH=1 to allow private networks\)\.$/,
    );
  });

  it("answers available: false, not an error, with no provider", async () => {
    const { ctx } = await context(0);
    const found = await searchImages(ctx, { q: "lighthouse", source: "stock" });
    expect(found).toEqual({
      source: "stock",
      available: false,
      provider: null,
      message:
        "No stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY).",
      images: [],
      credits_consumed: 0,
    });
  });
});

describe("AI search", () => {
  it("charges CREDITS_PER_AI_IMAGE per picture made, with the balance before and after", async () => {
    const { ctx, storage, userId } = await context(20, { OPENAI_API_KEY: "k", CREDITS_PER_AI_IMAGE: "3" });
    const before = api.requests.length;
    const found = await searchImages(ctx, { q: "a lighthouse at dusk", source: "ai", count: 2 });
    expect(found).toMatchObject({
      source: "ai",
      available: true,
      provider: "OpenAI",
      credits_consumed: 6,
      balance_before: 20,
      balance_after: 14,
    });
    expect(found.images).toHaveLength(2);
    expect(found.images[0]).toMatchObject({
      query: "a lighthouse at dusk",
      credit: expect.stringContaining("AI-generated"),
    });
    expect(storage.files.has(found.images[0].asset as string)).toBe(true);
    expect(await grantedKeys(userId)).toEqual([...new Set(found.images.map((image) => image.asset))].sort());
    expect(api.requests.slice(before).filter((r) => r.url === "/v1/images/generations")).toHaveLength(2);
    expect(await balanceAndLedger(db, userId)).toEqual({ balance: 14, ledger: 14 });
    const entry = await db.creditEntry.findFirst({ where: { userId, reason: "ai_image" } });
    expect(entry?.delta).toBe(-6);
  });

  it("defaults to one picture and records the presentation on the ledger", async () => {
    const { ctx, userId } = await context(5, { OPENAI_API_KEY: "k" });
    const presentation = await db.presentation.create({
      data: { userId, title: "Harbour", deck: JSON.stringify({ theme: "ocean" }) },
      select: { id: true },
    });
    const found = await searchImages(ctx, { q: "harbour", source: "ai", presentation_id: presentation.id });
    expect(found.images).toHaveLength(IMAGE_SEARCH_DEFAULT.ai);
    expect(found.credits_consumed).toBe(2);
    const entry = await db.creditEntry.findFirst({ where: { userId, reason: "ai_image" } });
    expect(entry?.presentationId).toBe(presentation.id);
    const prompt = JSON.parse(
      api.requests.filter((r) => r.url === "/v1/images/generations").at(-1)?.body ?? "{}",
    );
    expect(prompt.prompt).toContain('presentation: "Harbour"');
  });

  it("refuses with 402 when the balance is short, and charges nothing", async () => {
    const { ctx, userId } = await context(3, { OPENAI_API_KEY: "k" });
    const before = api.requests.length;
    const error = await rejects(searchImages(ctx, { q: "x", source: "ai", count: 2 }));
    expect(error.status).toBe(402);
    expect(error.details?.extensions).toEqual({ balance: 3, required: 4 });
    expect(api.requests.length).toBe(before);
    expect(await balanceAndLedger(db, userId)).toEqual({ balance: 3, ledger: 3 });
  });

  it("refunds and answers 503 when the model fails", async () => {
    const { ctx, userId } = await context(10, { OPENAI_API_KEY: "k" });
    openaiFails = true;
    try {
      const error = await rejects(searchImages(ctx, { q: "x", source: "ai" }));
      expect(error.status).toBe(503);
      expect(error.message).toMatch(/OpenAI.*No credits were charged\.$/);
    } finally {
      openaiFails = false;
    }
    expect(await balanceAndLedger(db, userId)).toEqual({ balance: 10, ledger: 10 });
  });

  it("answers available: false without charging when no model is configured", async () => {
    const { ctx, userId } = await context(10);
    const found = await searchImages(ctx, { q: "x", source: "ai" });
    expect(found).toMatchObject({ available: false, images: [], credits_consumed: 0 });
    expect(found.message).toContain("OPENAI_API_KEY");
    expect((await balanceAndLedger(db, userId)).balance).toBe(10);
  });

  it("404s another account's presentation", async () => {
    const owner = await context(0);
    const presentation = await db.presentation.create({
      data: { userId: owner.userId, title: "Private", deck: "{}" },
      select: { id: true },
    });
    const { ctx } = await context(10);
    const error = await rejects(
      searchImages(ctx, { q: "x", source: "offline", presentation_id: presentation.id }),
    );
    expect(error.status).toBe(404);
  });
});

describe("offline search", () => {
  it("uses the presentation's theme unless one is given", async () => {
    const { ctx, userId } = await context(0);
    const presentation = await db.presentation.create({
      data: { userId, title: "Dark", deck: JSON.stringify({ theme: "midnight" }) },
      select: { id: true },
    });
    const viaDeck = await searchImages(ctx, {
      q: "data",
      source: "offline",
      count: 1,
      presentation_id: presentation.id,
    });
    expect(viaDeck.images[0].url).toBe(offlineImages("data", 1, "midnight")[0].url);
    const explicit = await searchImages(ctx, {
      q: "data",
      source: "offline",
      count: 1,
      theme: "sunset",
      presentation_id: presentation.id,
    });
    expect(explicit.images[0].url).toBe(offlineImages("data", 1, "sunset")[0].url);
    const plain = await searchImages(ctx, { q: "data", source: "offline" });
    expect(plain.images).toHaveLength(IMAGE_SEARCH_DEFAULT.offline);
    expect(plain.images[0].url).toBe(offlineImages("data", 1, "light")[0].url);
  });
});
