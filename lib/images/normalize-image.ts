import "server-only";
import sharp from "sharp";
import { InvalidImageError } from "./invalid-image-error";
import { sniffImageType } from "./sniff-image-type";

/** A picture as Deckforge stores it: re-encoded, at most MAX_SIDE pixels long, no metadata. */
export type TNormalizedImage = {
  bytes: Buffer;
  mime: "image/jpeg" | "image/png";
  extension: "jpg" | "png";
  width: number;
  height: number;
};

/** Longest side kept: a half-slide picture is ~640 units, drawn at twice that for sharp output. */
export const MAX_SIDE = 1600;
/** Larger inputs are refused before decoding (a small file can declare a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks the magic bytes (PNG, JPEG, WebP or GIF only), decodes with sharp and re-encodes: opaque
 * pictures as JPEG, pictures with transparent pixels as PNG, turned upright from their EXIF orientation,
 * shrunk to at most `maxSide` pixels, metadata dropped. Animated GIF and WebP keep their first
 * frame. Re-encoding means what is stored and embedded is pixels sharp produced, never the
 * sender's bytes. Throws InvalidImageError for anything else.
 */
export async function normalizeImage(
  input: Uint8Array,
  options: { maxSide?: number } = {},
): Promise<TNormalizedImage> {
  const type = sniffImageType(input);
  if (!type) throw new InvalidImageError("The data is not a PNG, JPEG, WebP or GIF picture.");
  const maxSide = options.maxSide ?? MAX_SIDE;
  try {
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    const meta = await image.metadata();
    // GIFs and many PNGs carry an alpha channel they never use; only real transparency needs PNG.
    const transparent = meta.hasAlpha && !(await image.clone().stats()).isOpaque;
    const pipeline = image.rotate().resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
    if (transparent) {
      const { data, info } = await pipeline
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, mime: "image/png", extension: "png", width: info.width, height: info.height };
    }
    const { data, info } = await pipeline
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: "image/jpeg", extension: "jpg", width: info.width, height: info.height };
  } catch (error) {
    throw new InvalidImageError(
      `The ${type.slice(6).toUpperCase()} picture could not be decoded: ${(error as Error).message}`,
    );
  }
}
