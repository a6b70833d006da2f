import sharp from "sharp";
import type { TExtractedImage } from "./file-types";
import type { TUploadLimits } from "./upload-limits";
import type { TZipPackage } from "./zip/open-zip-package";

/** A picture a document shows, in reading order: its part in the package and its alt text. */
export type TImageRef = { part: string; alt: string };

/** Pictures smaller than this on either side are bullets, icons and rules, not slide material. */
const MIN_SIDE = 200;
/** Kept pictures are scaled to fit this box: plenty for a slide, small to store. */
const MAX_SIDE = 1600;
/** A picture claiming more pixels than this is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;

/**
 * The first `limits.maxImages` PNG or JPEG pictures a document shows, one at a time: each is read
 * from the package (size-capped), checked by its bytes, and scaled down. Others are skipped.
 */
export async function extractImages(
  pkg: TZipPackage,
  refs: TImageRef[],
  limits: TUploadLimits,
  warnings: string[],
): Promise<TExtractedImage[]> {
  const images: TExtractedImage[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const ref of refs) {
    const key = ref.part.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (!/\.(png|jpe?g)$/i.test(ref.part)) continue;
    if (images.length >= limits.maxImages) {
      skipped++;
      continue;
    }
    const entry = pkg.entry(ref.part);
    if (!entry || entry.uncompressedSize > limits.maxImageBytes) continue;
    const image = await normalizeImage(pkg.read(ref.part), ref.alt).catch(() => null);
    if (image) images.push(image);
  }
  if (skipped > 0 && limits.maxImages > 0) {
    warnings.push(`Only the first ${limits.maxImages} pictures are kept; ${skipped} more were left out.`);
  }
  return images;
}

/** PNG stays PNG (it may be transparent), JPEG stays JPEG; null for a tiny or undecodable picture. */
async function normalizeImage(bytes: Buffer, alt: string): Promise<TExtractedImage | null> {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return null;
  const input = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  const meta = await input.metadata();
  if (!meta.width || !meta.height || meta.width < MIN_SIDE || meta.height < MIN_SIDE) return null;
  const resized = input.resize({
    width: MAX_SIDE,
    height: MAX_SIDE,
    fit: "inside",
    withoutEnlargement: true,
  });
  const { data, info } = png
    ? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
    : await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return { bytes: data, mime: png ? "image/png" : "image/jpeg", width: info.width, height: info.height, alt };
}
