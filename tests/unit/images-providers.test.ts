import crypto from "node:crypto";
import JSZip from "jszip";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_KEY_PATTERN, type TDeck, type TSlide, ZDeck } from "@/lib/deck/schema";
import { getImageProvider } from "@/lib/images/get-image-provider";
import { ImageProviderError } from "@/lib/images/image-provider";
import { loadDeckAssets } from "@/lib/images/load-deck-assets";
import { resolveDeckImages } from "@/lib/images/resolve-deck-images";
import type { TImageBox } from "@/lib/layouts/boxes";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { pixelSize } from "@/lib/render/prepare-images";
import { renderDeck } from "@/lib/render/render-deck";
import type { TStorage } from "@/lib/storage";
import { send, sendJson, startMockServer, type TMockServer } from "./net-mock-server";

/** A picture with structure (a gradient and two blocks), so a wrong or mangled one cannot pass. */
function photo(colors: [string, string, string]): Promise<Buffer> {
  const [from, to, block] = colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="900" height="1200" fill="url(#g)"/>
    <rect x="150" y="250" width="300" height="300" fill="${block}"/>
    <circle cx="600" cy="850" r="170" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Storage in memory, counting writes. */
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

/** Mean absolute difference per channel (0–255) of two same-size RGB pictures. */
async function difference(a: Buffer, b: Buffer, width: number, height: number): Promise<number> {
  const raw = (input: Buffer) =>
    sharp(input).resize(width, height, { fit: "cover", position: "centre" }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

let api: TMockServer;
let images: TMockServer;
let photoA: Buffer;
let photoB: Buffer;
let generated: Buffer;

const KEYS = {
  PEXELS_API_KEY: "pexels-key",
  UNSPLASH_ACCESS_KEY: "unsplash-key",
  PIXABAY_API_KEY: "pixabay-key",
  OPENAI_API_KEY: "openai-key",
  GOOGLE_GENERATIVE_AI_API_KEY: "google-key",
};

/** The env of a test: the mock API's base URLs, private fetches allowed unless `strict`. */
function envWith(extra: Record<string, string>, strict = false): Record<string, string> {
  return {
    ...(strict ? {} : { ALLOW_PRIVATE_NETWORK_FETCH: "1" }),
    PEXELS_BASE_URL: `${api.origin}/v1`,
    UNSPLASH_BASE_URL: api.origin,
    PIXABAY_BASE_URL: `${api.origin}/api`,
    OPENAI_BASE_URL: `${api.origin}/v1`,
    GOOGLE_GENERATIVE_AI_BASE_URL: `${api.origin}/v1beta`,
    ...extra,
  };
}

beforeAll(async () => {
  photoA = await photo(["#0b3d91", "#f2a900", "#c8102e"]);
  photoB = await photo(["#1b5e20", "#e0f7fa", "#6a1b9a"]);
  generated = await sharp({ create: { width: 1024, height: 1536, channels: 3, background: "#3a7bd5" } })
    .png()
    .toBuffer();
  images = await startMockServer((request, response) => {
    if (request.url === "/photo-a.jpg") return send(response, 200, "image/jpeg", photoA);
    if (request.url === "/photo-b.jpg") return send(response, 200, "image/jpeg", photoB);
    if (request.url === "/page.html") return send(response, 200, "text/html", "<h1>Sign in</h1>");
    send(response, 404, "text/plain", "not found");
  });
  api = await startMockServer((request, response) => {
    const url = new URL(request.url ?? "/", api.origin);
    const query = url.searchParams.get("query") ?? url.searchParams.get("q") ?? "";
    const pictures =
      query === "broken first"
        ? ["page.html", "photo-a.jpg"]
        : query === "all broken"
          ? ["page.html"]
          : query === "nothing"
            ? []
            : ["photo-a.jpg", "photo-b.jpg"];
    if (url.pathname === "/v1/search") {
      if (query === "refused") return sendJson(response, { error: "Invalid API key" }, 401);
      return sendJson(response, {
        page: 1,
        per_page: 5,
        photos: pictures.map((file, i) => ({
          id: 101 + i,
          url: `https://www.pexels.com/photo/${101 + i}/`,
          photographer: "Ada Lovelace",
          photographer_url: "https://www.pexels.com/@ada",
          alt: `Pexels photo ${i + 1}`,
          src: { original: `${images.origin}/${file}`, large2x: `${images.origin}/${file}`, large: "" },
        })),
      });
    }
    if (url.pathname === "/search/photos") {
      return sendJson(response, {
        total: pictures.length,
        results: pictures.map((file, i) => ({
          id: `u${i}`,
          alt_description: "a lighthouse at dusk",
          description: null,
          urls: { regular: `${images.origin}/${file}`, full: `${images.origin}/${file}` },
          links: {
            html: `https://unsplash.com/photos/u${i}`,
            download_location:
              i === 0 ? `${api.origin}/photos/u0/download?ixid=abc` : `${images.origin}/track`,
          },
          user: { name: "Grace Hopper", links: { html: "https://unsplash.com/@grace" } },
        })),
      });
    }
    if (url.pathname === "/photos/u0/download")
      return sendJson(response, { url: `${images.origin}/photo-a.jpg` });
    if (url.pathname === "/api/") {
      return sendJson(response, {
        total: 1,
        totalHits: 1,
        hits: pictures.map((file, i) => ({
          id: 900 + i,
          pageURL: `https://pixabay.com/photos/${900 + i}/`,
          tags: "lighthouse, coast, dusk",
          largeImageURL: `${images.origin}/${file}`,
          user: "Linus",
        })),
      });
    }
    if (url.pathname === "/v1/images/generations") {
      return sendJson(response, {
        created: 1_700_000_000,
        data: [{ b64_json: generated.toString("base64") }],
      });
    }
    if (url.pathname === "/v1beta/models/gemini-2.5-flash-image:generateContent") {
      return sendJson(response, {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ inlineData: { mimeType: "image/png", data: generated.toString("base64") } }],
            },
            finishReason: "STOP",
          },
        ],
        usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 1290, totalTokenCount: 1310 },
      });
    }
    send(response, 404, "text/plain", "not found");
  });
});
afterAll(async () => {
  await api.close();
  await images.close();
});

const lastRequest = (path: string) => {
  const found = api.requests.filter((r) => new URL(r.url, api.origin).pathname === path);
  expect(found.length, `a request to ${path}`).toBeGreaterThan(0);
  const request = found[found.length - 1];
  return { ...request, params: new URL(request.url, api.origin).searchParams };
};

describe("getImageProvider", () => {
  it("takes the first configured stock provider, or the one IMAGE_PROVIDER names", () => {
    expect(getImageProvider("stock", KEYS).provider?.id).toBe("pexels");
    expect(getImageProvider("stock", { ...KEYS, PEXELS_API_KEY: "" }).provider?.id).toBe("unsplash");
    expect(getImageProvider("stock", { PIXABAY_API_KEY: "k" }).provider?.id).toBe("pixabay");
    expect(getImageProvider("stock", { ...KEYS, IMAGE_PROVIDER: "Pixabay" }).provider?.id).toBe("pixabay");
  });

  it("takes the first configured image model, or the one AI_IMAGE_PROVIDER names", () => {
    expect(getImageProvider("ai-generated", KEYS).provider?.id).toBe("openai");
    expect(getImageProvider("ai-generated", { GOOGLE_GENERATIVE_AI_API_KEY: "k" }).provider?.id).toBe(
      "google",
    );
    expect(getImageProvider("ai-generated", { ...KEYS, AI_IMAGE_PROVIDER: "google" }).provider?.id).toBe(
      "google",
    );
    // A stock key never makes AI pictures, and the other way round.
    expect(getImageProvider("ai-generated", { PEXELS_API_KEY: "k" }).provider).toBeNull();
    expect(getImageProvider("stock", { OPENAI_API_KEY: "k" }).provider).toBeNull();
  });

  it("says why there is no provider", () => {
    const reason = (choice: ReturnType<typeof getImageProvider>) => ("reason" in choice ? choice.reason : "");
    expect(reason(getImageProvider("stock", {}))).toBe(
      "no stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY)",
    );
    expect(reason(getImageProvider("ai-generated", {}))).toBe(
      "no AI image provider is configured (set OPENAI_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY)",
    );
    expect(reason(getImageProvider("stock", { IMAGE_PROVIDER: "unsplash", PEXELS_API_KEY: "k" }))).toBe(
      'IMAGE_PROVIDER is "unsplash" but UNSPLASH_ACCESS_KEY is not set',
    );
    expect(reason(getImageProvider("stock", { IMAGE_PROVIDER: "flickr" }))).toContain("not one of pexels");
    expect(reason(getImageProvider("stock", { ...KEYS, IMAGE_PROVIDER: "none" }))).toContain('"none"');
  });
});

describe("stock providers", () => {
  it("Pexels: key in Authorization, portrait search, large2x photos credited to the photographer", async () => {
    const provider = getImageProvider("stock", envWith({ PEXELS_API_KEY: "pexels-key" })).provider;
    const found = await provider?.find({ query: "solar farm at noon" });
    const request = lastRequest("/v1/search");
    expect(request.method).toBe("GET");
    expect(request.headers.authorization).toBe("pexels-key");
    expect(request.params.get("query")).toBe("solar farm at noon");
    expect(request.params.get("per_page")).toBe("5");
    expect(request.params.get("orientation")).toBe("portrait");
    expect(found).toEqual([
      {
        id: "pexels:101",
        url: `${images.origin}/photo-a.jpg`,
        alt: "Pexels photo 1",
        credit: "Photo by Ada Lovelace on Pexels",
        sourceUrl: "https://www.pexels.com/photo/101/",
      },
      expect.objectContaining({ id: "pexels:102", url: `${images.origin}/photo-b.jpg` }),
    ]);
  });

  it("Unsplash: Client-ID header, v1, download tracked on Unsplash's own origin only", async () => {
    const provider = getImageProvider("stock", envWith({ UNSPLASH_ACCESS_KEY: "unsplash-key" })).provider;
    const found = (await provider?.find({ query: "lighthouse" })) ?? [];
    const request = lastRequest("/search/photos");
    expect(request.headers.authorization).toBe("Client-ID unsplash-key");
    expect(request.headers["accept-version"]).toBe("v1");
    expect(request.params.get("query")).toBe("lighthouse");
    expect(request.params.get("orientation")).toBe("portrait");
    expect(request.params.get("content_filter")).toBe("high");
    expect(found[0]).toMatchObject({
      id: "unsplash:u0",
      url: `${images.origin}/photo-a.jpg`,
      alt: "a lighthouse at dusk",
      credit: "Photo by Grace Hopper on Unsplash",
      sourceUrl: "https://unsplash.com/photos/u0?utm_source=deckforge&utm_medium=referral",
    });
    await found[0].onUse?.();
    const tracking = lastRequest("/photos/u0/download");
    expect(tracking.headers.authorization).toBe("Client-ID unsplash-key");
    expect(tracking.params.get("ixid")).toBe("abc");
    // The second photo's tracking URL is on another origin: the key is not sent there.
    const before = images.requests.length;
    await found[1].onUse?.();
    expect(images.requests.length).toBe(before);
  });

  it("Pixabay: key and query as parameters, vertical photos, credited to the user", async () => {
    const provider = getImageProvider("stock", envWith({ PIXABAY_API_KEY: "pixabay-key" })).provider;
    const longQuery = `coastal lighthouse ${"x".repeat(120)}`;
    const found = await provider?.find({ query: longQuery });
    const request = lastRequest("/api/");
    expect(request.headers.authorization).toBeUndefined();
    expect(request.params.get("key")).toBe("pixabay-key");
    expect(request.params.get("q")).toBe(longQuery.slice(0, 100));
    expect(request.params.get("image_type")).toBe("photo");
    expect(request.params.get("orientation")).toBe("vertical");
    expect(request.params.get("safesearch")).toBe("true");
    expect(request.params.get("per_page")).toBe("5");
    expect(found?.[0]).toEqual({
      id: "pixabay:900",
      url: `${images.origin}/photo-a.jpg`,
      alt: "lighthouse, coast, dusk",
      credit: "Image by Linus from Pixabay",
      sourceUrl: "https://pixabay.com/photos/900/",
    });
  });

  it("a refused key is a fatal provider error that names the cause", async () => {
    const provider = getImageProvider("stock", envWith({ PEXELS_API_KEY: "wrong" })).provider;
    const error = await provider?.find({ query: "refused" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProviderError);
    expect((error as ImageProviderError).fatal).toBe(true);
    expect((error as ImageProviderError).message).toBe(
      'Pexels refused the API key (HTTP 401: {"error":"Invalid API key"})',
    );
  });
});

describe("AI image providers through the AI SDK", () => {
  it("OpenAI: POST /images/generations with the model, prompt and a portrait size; b64_json decoded", async () => {
    const provider = getImageProvider("ai-generated", envWith({ OPENAI_API_KEY: "openai-key" })).provider;
    const found = await provider?.find({
      query: "wind turbines",
      deckTitle: "Energy 2030",
      endUser: "user-42",
    });
    const request = lastRequest("/v1/images/generations");
    expect(request.method).toBe("POST");
    expect(request.headers.authorization).toBe("Bearer openai-key");
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ model: "gpt-image-1", n: 1, size: "1024x1536" });
    expect(body.prompt).toContain('"wind turbines"');
    expect(body.prompt).toContain("Energy 2030");
    expect(body.prompt).toContain("No text");
    // The account id goes hashed, never as it is.
    expect(body.user).toMatch(/^[a-f0-9]{32}$/);
    expect(body.user).not.toContain("user-42");
    expect(Buffer.from(found?.[0].bytes ?? []).equals(generated)).toBe(true);
    expect(found?.[0].credit).toBe("AI-generated image (OpenAI gpt-image-1)");
  });

  it("OpenAI with IMAGE_MODEL=dall-e-3 asks for b64_json at 1024x1792", async () => {
    const provider = getImageProvider(
      "ai-generated",
      envWith({ OPENAI_API_KEY: "openai-key", IMAGE_MODEL: "dall-e-3" }),
    ).provider;
    await provider?.find({ query: "wind turbines" });
    const body = JSON.parse(lastRequest("/v1/images/generations").body);
    expect(body).toMatchObject({ model: "dall-e-3", size: "1024x1792", response_format: "b64_json" });
  });

  it("Google: a Gemini image model through generateContent with the key header", async () => {
    const provider = getImageProvider(
      "ai-generated",
      envWith({ GOOGLE_GENERATIVE_AI_API_KEY: "google-key" }),
    ).provider;
    const found = await provider?.find({ query: "wind turbines" });
    const request = lastRequest("/v1beta/models/gemini-2.5-flash-image:generateContent");
    expect(request.headers["x-goog-api-key"]).toBe("google-key");
    const body = JSON.parse(request.body);
    expect(JSON.stringify(body.contents)).toContain("wind turbines");
    expect(body.generationConfig.responseModalities).toEqual(["IMAGE"]);
    expect(body.generationConfig.imageConfig).toEqual({ aspectRatio: "3:4" });
    expect(Buffer.from(found?.[0].bytes ?? []).equals(generated)).toBe(true);
  });

  it("Google refuses a non-Gemini IMAGE_MODEL with the reason", async () => {
    const provider = getImageProvider(
      "ai-generated",
      envWith({ GOOGLE_GENERATIVE_AI_API_KEY: "google-key", IMAGE_MODEL: "imagen-4.0-generate-001" }),
    ).provider;
    const error = (await provider?.find({ query: "x" }).catch((e: unknown) => e)) as ImageProviderError;
    expect(error).toBeInstanceOf(ImageProviderError);
    expect(error.message).toContain("set IMAGE_MODEL to a Gemini image model");
  });
});

const slide = (id: string, layout: TSlide["layout"], content: TSlide["content"], notes?: string): TSlide => ({
  id,
  layout,
  content,
  ...(notes ? { notes } : {}),
});

function pictureDeck(queries: string[]): TDeck {
  return {
    version: 1,
    title: "Energy transition",
    language: "en",
    template: "general",
    theme: "light",
    slides: [
      slide("cover", "title", { title: "Energy transition", subtitle: "Where we stand" }),
      ...queries.map((query, i) =>
        slide(
          `pic-${i}`,
          i % 2 === 0 ? "image-right" : "image-left",
          {
            title: `Topic ${i + 1}`,
            bullets: ["First point", "Second point"],
            image: { query, ...(i === 1 ? { alt: "Our own alt text" } : {}) },
          },
          i === 0 ? "Say hello." : undefined,
        ),
      ),
      slide("plain", "bullets", { title: "Summary", bullets: ["One", "Two"] }),
    ],
  };
}

describe("resolveDeckImages", () => {
  it("stores each picture slide's photo content-addressed and credits it", async () => {
    const storage = memoryStorage();
    const deck = pictureDeck(["solar farm", "solar farm"]);
    const result = await resolveDeckImages(deck, {
      imageType: "stock",
      storage,
      env: envWith({ PEXELS_API_KEY: "pexels-key" }),
    });
    expect(result.warnings).toEqual([]);
    expect(result.aiImages).toBe(0);
    expect(() => ZDeck.parse(result.deck)).not.toThrow();
    const [cover, first, second, plain] = result.deck.slides;
    expect(cover).toBe(deck.slides[0]);
    expect(plain).toBe(deck.slides[3]);

    for (const picture of [first, second]) {
      const key = picture.content.image?.asset ?? "";
      expect(key).toMatch(ASSET_KEY_PATTERN);
      const stored = storage.files.get(key);
      expect(stored, key).toBeDefined();
      expect(key).toBe(
        `assets/${crypto
          .createHash("sha256")
          .update(stored as Buffer)
          .digest("hex")}.jpg`,
      );
      expect(picture.content.image?.credit).toBe("Photo by Ada Lovelace on Pexels");
    }
    // The same query twice: the second slide gets the second photo, not the first again.
    expect(first.content.image?.asset).not.toBe(second.content.image?.asset);
    expect(
      await difference(storage.files.get(first.content.image?.asset ?? "") as Buffer, photoA, 90, 120),
    ).toBeLessThan(4);
    expect(
      await difference(storage.files.get(second.content.image?.asset ?? "") as Buffer, photoB, 90, 120),
    ).toBeLessThan(4);
    // Attribution in the notes (after the slide's own), provider alt only where the slide had none.
    expect(first.notes).toBe(
      "Say hello.\n\nImage: Photo by Ada Lovelace on Pexels — https://www.pexels.com/photo/101/",
    );
    expect(second.notes).toBe("Image: Photo by Ada Lovelace on Pexels — https://www.pexels.com/photo/102/");
    expect(first.content.image?.alt).toBe("Pexels photo 1");
    expect(second.content.image?.alt).toBe("Our own alt text");
    expect(first.content.image?.query).toBe("solar farm");
  });

  it("the rendered PPTX and PDF show the provider's photo, not the offline illustration", async () => {
    const storage = memoryStorage();
    const { deck } = await resolveDeckImages(pictureDeck(["solar farm"]), {
      imageType: "stock",
      storage,
      env: envWith({ PEXELS_API_KEY: "pexels-key" }),
    });
    const assets = await loadDeckAssets(deck, storage);
    expect([...assets.keys()]).toEqual([deck.slides[1].content.image?.asset]);

    const box = layoutDeck(deck, assets)
      .filter((page) => page.slideId === "pic-0")
      .flatMap((page) => page.boxes)
      .find((b): b is TImageBox => b.kind === "image" && b.role === "image");
    expect(box?.src.startsWith("data:image/jpeg;base64,")).toBe(true);
    const stored = await sharp(Buffer.from((box as TImageBox).src.split(",")[1], "base64")).metadata();
    const aspect = (stored.width ?? 1) / (stored.height ?? 1);
    // Not the photo's shape, so the fit cuts it: the PPTX holds the whole photo and crops it.
    expect(Math.abs((box as TImageBox).w / (box as TImageBox).h - aspect)).toBeGreaterThan(0.03);
    const { width } = pixelSize(box as TImageBox);

    const pptx = await renderDeck(deck, "pptx", assets);
    const zip = await JSZip.loadAsync(pptx.bytes);
    const media = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/media\/.*\.(png|jpe?g)$/.test(name))
        .map(async (name) => zip.file(name)?.async("nodebuffer") as Promise<Buffer>),
    );
    const whole = [];
    for (const bytes of media) {
      const meta = await sharp(bytes).metadata();
      // The whole photo, at the density its shown part is drawn at (at least the box's width).
      if (Math.abs((meta.width ?? 0) / (meta.height ?? 1) - aspect) < 0.01 && (meta.width ?? 0) >= width)
        whole.push(bytes);
    }
    expect(whole).toHaveLength(1);
    const embedded = whole[0];
    // The embedded picture is the served photo: close to it, far from the other.
    expect(await difference(embedded, photoA, 200, Math.round(200 / aspect))).toBeLessThan(6);
    expect(await difference(embedded, photoB, 200, Math.round(200 / aspect))).toBeGreaterThan(40);
    const slideXml = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    const xml = (await Promise.all(slideXml.map((name) => zip.file(name)?.async("string")))).join("");
    const crops = [...xml.matchAll(/<a:srcRect l="(\d+)" r="(\d+)" t="(\d+)" b="(\d+)"\/>/g)];
    expect(crops.some((crop) => crop.slice(1).some((side) => Number(side) > 0))).toBe(true);

    // The PDF embeds the same JPEG (PDFKit keeps JPEG bytes as they are).
    const pdf = await renderDeck(deck, "pdf", assets);
    expect(pdf.bytes.includes(embedded)).toBe(true);
  });

  it("generates AI pictures and counts them", async () => {
    const storage = memoryStorage();
    const result = await resolveDeckImages(pictureDeck(["wind turbines", "heat pumps"]), {
      imageType: "ai-generated",
      storage,
      presentationScope: "account-1",
      env: envWith({ OPENAI_API_KEY: "openai-key" }),
    });
    expect(result.warnings).toEqual([]);
    expect(result.aiImages).toBe(2);
    const pictures = result.deck.slides.filter((s) => s.content.image?.asset);
    expect(pictures).toHaveLength(2);
    expect(pictures[0].content.image?.credit).toBe("AI-generated image (OpenAI gpt-image-1)");
    expect(pictures[0].notes).toContain("Image: AI-generated image (OpenAI gpt-image-1)");
    // The opaque PNG the model sent is stored as a JPEG.
    expect(pictures[0].content.image?.asset).toMatch(/\.jpg$/);
    const prompts = api.requests
      .filter((r) => r.url === "/v1/images/generations")
      .slice(-2)
      .map((r) => JSON.parse(r.body).prompt as string);
    expect(prompts.some((p) => p.includes("heat pumps"))).toBe(true);
  });

  it("a refused key: every picture slide keeps its illustration, one warning, no call after the failure", async () => {
    const storage = memoryStorage();
    const deck = pictureDeck(["refused", "refused", "refused", "refused", "refused"]);
    const before = api.requests.length;
    const result = await resolveDeckImages(deck, {
      imageType: "stock",
      storage,
      env: envWith({ PEXELS_API_KEY: "wrong" }),
    });
    expect(result.deck.slides).toEqual(deck.slides);
    expect(storage.files.size).toBe(0);
    expect(result.warnings).toEqual([
      'Slides 2, 3, 4, 5 and 6 show offline illustrations instead of Pexels pictures: Pexels refused the API key (HTTP 401: {"error":"Invalid API key"}).',
    ]);
    // Three calls were in flight together; the other two slides were not asked for.
    expect(api.requests.length - before).toBe(3);
    const box = layoutDeck(result.deck)
      .flatMap((page) => page.boxes)
      .find((b): b is TImageBox => b.kind === "image" && b.role === "image");
    expect(box?.src.startsWith("data:image/svg+xml")).toBe(true);
  });

  it("refuses a photo on a private address when private fetches are not allowed, without connecting", async () => {
    const storage = memoryStorage();
    const before = images.connections();
    // The API's own origin is operator configuration (trusted); the photo URL it returns is not.
    const result = await resolveDeckImages(pictureDeck(["solar farm"]), {
      imageType: "stock",
      storage,
      env: envWith({ PEXELS_API_KEY: "pexels-key" }, true),
    });
    expect(images.connections()).toBe(before);
    expect(result.deck.slides[1].content.image?.asset).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /^Slide 2 shows an offline illustration instead of a Pexels picture: the picture Pexels offered could not be downloaded \(127\.0\.0\.1 is not a public address/,
    );
  });

  it("tries the next candidate when a download is not a picture, and warns when none is", async () => {
    const storage = memoryStorage();
    const result = await resolveDeckImages(pictureDeck(["broken first", "all broken", "nothing"]), {
      imageType: "stock",
      storage,
      env: envWith({ PEXELS_API_KEY: "pexels-key" }),
    });
    const [, first, second, third] = result.deck.slides;
    expect(
      await difference(storage.files.get(first.content.image?.asset ?? "") as Buffer, photoA, 90, 120),
    ).toBeLessThan(4);
    expect(second.content.image?.asset).toBeUndefined();
    expect(third.content.image?.asset).toBeUndefined();
    expect(result.warnings).toEqual([
      "Slide 3 shows an offline illustration instead of a Pexels picture: the picture Pexels offered could not be downloaded (Expected a picture, got text/html.).",
      'Slide 4 shows an offline illustration instead of a Pexels picture: Pexels found nothing for "nothing".',
    ]);
  });

  it("with no provider for the image type: the deck unchanged and one warning", async () => {
    const deck = pictureDeck(["solar farm"]);
    const before = api.requests.length;
    const stock = await resolveDeckImages(deck, { imageType: "stock", storage: memoryStorage(), env: {} });
    expect(stock.deck).toBe(deck);
    expect(stock.warnings).toEqual([
      "image_type 'stock' was requested but no stock image provider is configured (set PEXELS_API_KEY, UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY); pictures are offline illustrations drawn from each slide's topic.",
    ]);
    const ai = await resolveDeckImages(deck, {
      imageType: "ai-generated",
      storage: memoryStorage(),
      env: { PEXELS_API_KEY: "pexels-key" },
    });
    expect(ai.warnings[0]).toContain("no AI image provider is configured");
    expect(api.requests.length).toBe(before);
  });

  it("asks nothing for decks without picture slides or with pictures already stored", async () => {
    const before = api.requests.length;
    const noPictures: TDeck = { ...pictureDeck([]), slides: [pictureDeck([]).slides[0]] };
    const plain = await resolveDeckImages(noPictures, {
      imageType: "stock",
      storage: memoryStorage(),
      env: envWith({ PEXELS_API_KEY: "pexels-key" }),
    });
    expect(plain).toEqual({ deck: noPictures, warnings: [], aiImages: 0 });
    const stored = pictureDeck(["solar farm"]);
    stored.slides[1].content.image = { query: "solar farm", asset: `assets/${"a".repeat(64)}.jpg` };
    const kept = await resolveDeckImages(stored, {
      imageType: "stock",
      storage: memoryStorage(),
      env: envWith({ PEXELS_API_KEY: "pexels-key" }),
    });
    expect(kept.deck).toBe(stored);
    expect(api.requests.length).toBe(before);
  });
});

describe("loadDeckAssets and the layout", () => {
  it("leaves out a missing asset, so that slide draws the offline illustration", async () => {
    const deck = pictureDeck(["solar farm"]);
    deck.slides[1].content.image = { query: "solar farm", asset: `assets/${"b".repeat(64)}.png` };
    const assets = await loadDeckAssets(deck, memoryStorage());
    expect(assets.size).toBe(0);
    const box = layoutDeck(deck, assets)
      .flatMap((page) => page.boxes)
      .find((b): b is TImageBox => b.kind === "image" && b.role === "image");
    expect(box?.src.startsWith("data:image/svg+xml")).toBe(true);
  });

  it("the schema accepts only content-addressed asset keys", () => {
    const withAsset = (asset: string) =>
      ZDeck.safeParse({
        ...pictureDeck([]),
        slides: [slide("s", "image-left", { title: "T", image: { asset } })],
      }).success;
    expect(withAsset(`assets/${"c".repeat(64)}.jpg`)).toBe(true);
    expect(withAsset(`assets/${"c".repeat(64)}.png`)).toBe(true);
    expect(withAsset("exports/secret.pptx")).toBe(false);
    expect(withAsset(`assets/../${"c".repeat(61)}.jpg`)).toBe(false);
    expect(withAsset(`assets/${"C".repeat(64)}.jpg`)).toBe(false);
  });
});
