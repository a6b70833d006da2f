import "server-only";
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

/** Pixels per slide unit: twice the slide's 1280 px, sharp on a high-density screen or print. */
const DENSITY = 2;
/** The longest side of a prepared picture, in pixels: keeps full-bleed pictures reasonable. */
const MAX_SIDE = 1600;
/** The least longest side: small icons stay crisp when a slide is zoomed or printed. */
const MIN_SIDE = 128;
/** Pictures decoded at once (sharp works on libuv threads; more only queue). */
const CONCURRENCY = 4;

/**
 * Rasterises and crops every picture of the slides for the PPTX and PDF renderers: SVG, PNG and
 * JPEG data URIs become bitmaps of the box's aspect at about twice its size (at least 128 and at
 * most 1600 px long), centre-cropped ("cover") or padded with transparency ("contain"), with the
 * box's corner radius cut out. Pictures with transparency (corners, padding) are PNGs; opaque
 * full-bleed ones JPEGs. Each distinct picture is prepared once, a few at a time.
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
      prepared.set(key, await prepareImage(box));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return prepared;
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
    return { data: await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), mime: "image/jpeg" };
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
