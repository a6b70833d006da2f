import "server-only";
import crypto from "node:crypto";
import sharp from "sharp";
import type { TImageBox, TRenderedSlide } from "@/lib/layouts/boxes";

/** A picture ready for a file renderer: PNG or JPEG bytes already cropped to its box's aspect. */
export type TPreparedImage = { data: Buffer; mime: "image/png" | "image/jpeg" };

/** Prepared pictures by imageKey(box). */
export type TPreparedImages = Map<string, TPreparedImage>;

/** Identifies a picture as drawn: the same source at the same size and fit is prepared once. */
export function imageKey(box: TImageBox): string {
  return `${box.w}x${box.h}:${box.fit}:${box.radius ?? 0}:${box.src}`;
}

/**
 * Pixels per slide unit: 1.5 × the slide's 1280 px is 1920 px across, full HD for a full-width
 * picture shown full screen. (2× cost twice the rasterising and encoding — the largest part of an
 * offline generation, bench/profile-generate.ts — for detail seen only zoomed in.)
 */
const DENSITY = 1.5;
/** The longest side of a prepared picture, in pixels: keeps full-bleed pictures reasonable. */
const MAX_SIDE = 1600;
/** The least longest side: small icons stay crisp when a slide is zoomed or printed. */
const MIN_SIDE = 128;
/** Pictures decoded at once (sharp works on libuv threads; more only queue). */
const CONCURRENCY = 4;
/** Bytes of prepared pictures kept between renders (icons, art and photos recur across decks and exports). */
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Rasterises and crops every picture of the slides for the PPTX and PDF renderers: SVG, PNG and
 * JPEG data URIs become bitmaps of the box's aspect at about twice its size (at least 128 and at
 * most 1600 px long), centre-cropped ("cover") or padded with transparency ("contain"), with the
 * box's corner radius cut out. Pictures with transparency (corners, padding) are PNGs; opaque
 * full-bleed ones JPEGs. Each distinct picture is prepared once, a few at a time, and kept in a
 * process-wide cache: the same icon or picture in the next deck, or the next export of an edited
 * deck, costs nothing.
 */
export async function prepareImages(slides: TRenderedSlide[]): Promise<TPreparedImages> {
  const pending = new Map<string, TImageBox>();
  for (const slide of slides)
    for (const box of slide.boxes)
      if (box.kind === "image" && !pending.has(imageKey(box))) pending.set(imageKey(box), box);

  const prepared: TPreparedImages = new Map();
  const queue = [...pending];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, box] = next;
      prepared.set(key, await cachedPrepareImage(key, box));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return prepared;
}

const cache = new Map<string, Promise<TPreparedImage>>();
/** Sizes of the cached pictures that are ready (one still being prepared is not counted or evicted). */
const sizes = new Map<string, number>();
let cachedBytes = 0;

/**
 * prepareImage through a least-recently-used cache of CACHE_BYTES, keyed by a hash of imageKey
 * (which holds the whole source). A picture being prepared is shared by the renders that want it;
 * a failure is not kept.
 */
function cachedPrepareImage(key: string, box: TImageBox): Promise<TPreparedImage> {
  const id = crypto.createHash("sha256").update(key).digest("base64url");
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const made = prepareImage(box);
  cache.set(id, made);
  made.then(
    (image) => {
      if (cache.get(id) !== made) return;
      sizes.set(id, image.data.length);
      cachedBytes += image.data.length;
      for (const oldest of cache.keys()) {
        if (cachedBytes <= CACHE_BYTES) break;
        const size = sizes.get(oldest);
        if (oldest === id || size === undefined) continue;
        cache.delete(oldest);
        sizes.delete(oldest);
        cachedBytes -= size;
      }
    },
    () => {
      if (cache.get(id) === made) cache.delete(id);
    },
  );
  return made;
}

/** Empties the cache (benches measuring a first render). */
export function clearPreparedImageCache(): void {
  cache.clear();
  sizes.clear();
  cachedBytes = 0;
}

/** The pixel size a box's picture is prepared at: its aspect, about DENSITY × its size. */
export function pixelSize(box: Pick<TImageBox, "w" | "h">): { width: number; height: number } {
  const longest = Math.max(box.w, box.h);
  const scale = Math.min(Math.max(DENSITY, MIN_SIDE / longest), MAX_SIDE / longest);
  return { width: Math.max(1, Math.round(box.w * scale)), height: Math.max(1, Math.round(box.h * scale)) };
}

/** One picture, prepared as prepareImages describes. */
export async function prepareImage(box: TImageBox): Promise<TPreparedImage> {
  const source = decodeDataUri(box);
  const { width, height } = pixelSize(box);
  const image = await openAtSize(source, box.fit, width, height);
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  let pipeline = image.resize(width, height, { fit: box.fit, position: "centre", background: transparent });
  const radius = Math.min(((box.radius ?? 0) * width) / box.w, width / 2, height / 2);
  if (radius > 0) {
    const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}"/></svg>`;
    pipeline = pipeline.ensureAlpha().composite([{ input: Buffer.from(mask), blend: "dest-in" }]);
  }
  // Full-bleed pictures have no transparency: JPEG is a twentieth of a PNG of the same gradients.
  if (box.fit === "cover" && radius === 0)
    return { data: await pipeline.jpeg({ quality: 88 }).toBuffer(), mime: "image/jpeg" };
  // Rounded generated art keeps its corners in a dithered 256-colour PNG, half the size of a full
  // one with no visible banding; photos and icons keep every colour.
  const quantise = source.mime === "image/svg+xml" && box.fit === "cover";
  const png = quantise ? { palette: true, quality: 100, dither: 1 } : { compressionLevel: 9 };
  return { data: await pipeline.png(png).toBuffer(), mime: "image/png" };
}

type TSource = { bytes: Buffer; mime: string };

const DATA_URI = /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[^,;]*)*?)(;base64)?,(.*)$/is;
const SUPPORTED = new Set([
  "image/svg+xml",
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/webp",
  "image/gif",
]);

function decodeDataUri(box: TImageBox): TSource {
  const match = DATA_URI.exec(box.src);
  if (!match) throw new Error(`Image "${box.id}" is not a data: URI`);
  const mime = match[1].toLowerCase().replace("image/jpg", "image/jpeg");
  if (!SUPPORTED.has(mime)) throw new Error(`Image "${box.id}" has an unsupported type: ${mime}`);
  const bytes = match[3] ? Buffer.from(match[4], "base64") : Buffer.from(percentDecoded(match[4]), "utf8");
  return { bytes, mime };
}

// Hand-written SVG data URIs often leave characters unescaped; take those as they are.
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A sharp pipeline over the source. Vector pictures are rendered at the density that gives the
 * target size directly (an icon drawn on a 24 px grid would be blurry if scaled up afterwards).
 */
async function openAtSize(source: TSource, fit: TImageBox["fit"], width: number, height: number) {
  if (source.mime !== "image/svg+xml") return sharp(source.bytes, { failOn: "error" });
  const meta = await sharp(source.bytes).metadata();
  const scaleX = width / (meta.width || width);
  const scaleY = height / (meta.height || height);
  const scale = fit === "cover" ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  // A little over, so rounding never leaves the render a pixel short of the box.
  return sharp(source.bytes, { density: Math.min(72 * scale * 1.02, 100_000) });
}
