import "server-only";
import crypto from "node:crypto";
import sharp, { type PngOptions, type Sharp } from "sharp";
import type { TImageBox, TRenderedSlide } from "@/lib/layouts/boxes";
import { framePicture, type TRectangle } from "@/lib/layouts/frame-picture";

/**
 * A picture ready for a file renderer: PNG or JPEG bytes and where they go, relative to the box's
 * top-left corner in slide units (framePicture's answer). `placement` is where the bitmap is drawn,
 * `clip` the part of it shown: a square-cornered picture is the whole source, placed beyond its
 * frame where the fit or crop cuts it (the PPTX writes that as an adjustable picture crop, the PDF
 * clips); a round-cornered one is cut to `clip` with its corners, and placement is clip.
 */
export type TPreparedImage = {
  data: Buffer;
  mime: "image/png" | "image/jpeg";
  placement: TRectangle;
  clip: TRectangle;
};

/** Prepared pictures by imageKey(box). */
export type TPreparedImages = Map<string, TPreparedImage>;

/** Identifies a picture as drawn: the same source at the same size and framing is prepared once. */
export function imageKey(box: TImageBox): string {
  const crop = box.crop ? `${box.crop.left},${box.crop.top},${box.crop.right},${box.crop.bottom}` : "";
  const focus = box.focus ? `${box.focus.x},${box.focus.y}` : "";
  return `${box.w}x${box.h}:${box.fit}:${focus}:${crop}:${box.radius ?? 0}:${box.src}`;
}

/**
 * Pixels per slide unit: 1.5 × the slide's 1280 px is 1920 px across, full HD for a full-width
 * picture shown full screen. (2× cost twice the rasterising and encoding — the largest part of an
 * offline generation, bench/profile-generate.ts — for detail seen only zoomed in.)
 */
const DENSITY = 1.5;
/** The longest side of a prepared picture, in pixels: keeps full-bleed pictures reasonable. */
const MAX_SIDE = 1600;
/**
 * The longest side of a whole picture placed beyond its frame (a tight crop of a large photo):
 * the visible part keeps its density until the whole would pass this.
 */
const MAX_WHOLE_SIDE = 4096;
/** The least longest side: small icons stay crisp when a slide is zoomed or printed. */
const MIN_SIDE = 128;
/** Pictures decoded at once (sharp works on libuv threads; more only queue). */
const CONCURRENCY = 4;
/** Bytes of prepared pictures kept between renders (icons, art and photos recur across decks and exports). */
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Rasterises every picture of the slides for the PPTX and PDF renderers, framed by framePicture
 * (crop, cover or contain, focal point): SVG, PNG and JPEG data URIs become bitmaps whose visible
 * part is about 1.5 × its box's size (at least 128 and at most 1600 px long). A square-cornered
 * picture is the whole source with where it goes and what of it shows; a round-cornered one is cut
 * to its visible part with the corners. Pictures with transparency (corners, icons) are PNGs;
 * opaque ones JPEGs. Each distinct picture is prepared once, a few at a time, and kept in a
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
  const meta = await sharp(source.bytes).metadata();
  const size = { width: meta.width || box.w, height: meta.height || box.h };
  const framed = framePicture(size, box, { x: 0, y: 0, w: box.w, h: box.h });
  const { dest, source: shown, placement } = framed;
  const target = pixelSize(dest);
  const radius = Math.min(((box.radius ?? 0) * target.width) / dest.w, target.width / 2, target.height / 2);
  // Opaque pictures are JPEGs, a twentieth of a PNG of the same gradients; transparency needs PNG.
  const opaque = radius === 0 && (box.fit === "cover" || source.mime === "image/jpeg");

  if (radius === 0) {
    // The whole picture at the density its visible part is drawn at (capped): the PPTX crops it
    // with an adjustable srcRect, the PDF with a clip path.
    let scale = target.width / shown.w;
    scale = Math.min(scale, MAX_WHOLE_SIDE / Math.max(size.width, size.height));
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    const { image } = await openAtScale(source, size, scale);
    const pipeline = image.resize(width, height, { fit: "fill" });
    const data = opaque
      ? await pipeline.jpeg({ quality: 88 }).toBuffer()
      : await pipeline.png(pngOptions(source, box)).toBuffer();
    return { data, mime: opaque ? "image/jpeg" : "image/png", placement, clip: dest };
  }

  // Round corners belong to the frame, not the picture: cut the shown part and round it.
  const scale = target.width / shown.w;
  const opened = await openAtScale(source, size, scale);
  const factorX = opened.width / size.width;
  const factorY = opened.height / size.height;
  const left = Math.min(opened.width - 1, Math.max(0, Math.floor(shown.x * factorX)));
  const top = Math.min(opened.height - 1, Math.max(0, Math.floor(shown.y * factorY)));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(shown.w * factorX), opened.width - left)),
    height: Math.max(1, Math.min(Math.round(shown.h * factorY), opened.height - top)),
  };
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${target.width}" height="${target.height}"><rect width="${target.width}" height="${target.height}" rx="${radius}" ry="${radius}"/></svg>`;
  const cut = await opened.image
    .extract(region)
    .resize(target.width, target.height, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pipeline = sharp(cut.data, {
    raw: { width: cut.info.width, height: cut.info.height, channels: cut.info.channels },
  })
    .ensureAlpha()
    .composite([{ input: Buffer.from(mask), blend: "dest-in" }]);
  return {
    data: await pipeline.png(pngOptions(source, box)).toBuffer(),
    mime: "image/png",
    placement: dest,
    clip: dest,
  };
}

/**
 * Rounded generated art keeps its corners in a dithered 256-colour PNG, half the size of a full
 * one with no visible banding; photos and icons keep every colour.
 */
function pngOptions(source: TSource, box: TImageBox): PngOptions {
  const quantise = source.mime === "image/svg+xml" && box.fit === "cover";
  return quantise ? { palette: true, quality: 100, dither: 1 } : { compressionLevel: 9 };
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
 * The source as a sharp pipeline about to be scaled by `scale`, with its pixel size. Vector
 * pictures are rasterised at that scale directly (an icon drawn on a 24 px grid would be blurry if
 * scaled up afterwards), a little over so rounding never leaves the render a pixel short.
 */
async function openAtScale(
  source: TSource,
  size: { width: number; height: number },
  scale: number,
): Promise<{ image: Sharp; width: number; height: number }> {
  if (source.mime !== "image/svg+xml") return { image: sharp(source.bytes, { failOn: "error" }), ...size };
  const density = Math.max(1, Math.min(72 * scale * 1.02, 100_000));
  const { data, info } = await sharp(source.bytes, { density }).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { image: sharp(data, { raw }), width: info.width, height: info.height };
}
