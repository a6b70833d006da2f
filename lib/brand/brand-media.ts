import "server-only";
import sharp from "sharp";
import { DEFAULT_UPLOAD_LIMITS } from "../files/upload-limits";
import { openZipPackage, type TZipPackage } from "../files/zip/open-zip-package";
import type { TBrandFill, TBrandFrame, TBrandTemplate } from "./brand-template-schema";
import { readCustomGeometry, type TCustomGeometry } from "./read-custom-geometry";
import { attr, child, children, descendants, intAttr, parseXml } from "./xml-dom";

/** The media parts a brand look draws, as data URIs by part name (a tiled fill under `part#tile`). */
export type TBrandMedia = ReadonlyMap<string, string>;

/** What the look draws from the file beyond what the reader reports of its shapes. */
export type TShapeDetail = {
  /** The opacity (0–1) of its solid fill; 1 when it has none. */
  alpha: number;
  /** A freeform shape's outline; null for a preset or one we cannot draw. */
  geometry: TCustomGeometry | null;
  /** Its outline's width in EMU, null when the file leaves it to the default. */
  lineWidth: number | null;
};

/** What the look draws from the file beyond what the reader reports: its pictures and shapes' details. */
export type TBrandAssets = {
  media: TBrandMedia;
  /** The details of the shape at `frame` in `part` (matched by its own frame). */
  shape(part: string, frame: TBrandFrame): TShapeDetail;
};

/**
 * The brand file's pictures (readMedia) and the alpha of its shapes' solid fills (LibreOffice
 * writes translucent decorations, Lights' circles, as a:alpha on the colour), by part and frame.
 */
export async function brandAssets(bytes: Buffer, brand: TBrandTemplate): Promise<TBrandAssets> {
  const pkg = openZipPackage(bytes, DEFAULT_UPLOAD_LIMITS);
  const details = new Map<string, Map<string, TShapeDetail>>();
  for (const master of brand.masters)
    for (const part of [master.part, ...master.layouts.map((layout) => layout.part)])
      details.set(part, shapeDetails(pkg, part));
  const none: TShapeDetail = { alpha: 1, geometry: null, lineWidth: null };
  return {
    media: await readMedia(pkg, brand),
    shape: (part, frame) => details.get(part)?.get(frameKey(frame)) ?? none,
  };
}

const frameKey = (f: { x: number; y: number; cx: number; cy: number }) => `${f.x},${f.y},${f.cx},${f.cy}`;

/**
 * The alpha of each shape's solid fill, its freeform outline and its line width in a part, by its
 * own frame (a shape inside a scaled group is not matched and keeps the defaults).
 */
function shapeDetails(pkg: TZipPackage, part: string): Map<string, TShapeDetail> {
  const details = new Map<string, TShapeDetail>();
  let root: ReturnType<typeof parseXml>;
  try {
    root = parseXml(pkg.readXml(part), part);
  } catch {
    return details;
  }
  for (const sp of descendants(root, "p", "sp")) {
    const spPr = child(sp, "p", "spPr");
    const xfrm = child(spPr, "a", "xfrm");
    const off = child(xfrm, "a", "off");
    const ext = child(xfrm, "a", "ext");
    if (!off || !ext) continue;
    const frame = {
      x: Number(attr(off, "x") ?? 0),
      y: Number(attr(off, "y") ?? 0),
      cx: Number(attr(ext, "cx") ?? 0),
      cy: Number(attr(ext, "cy") ?? 0),
    };
    const solid = child(spPr, "a", "solidFill");
    const alpha = solid ? intAttr(child(children(solid)[0] ?? null, "a", "alpha"), "val") : null;
    const custGeom = child(spPr, "a", "custGeom");
    details.set(frameKey(frame), {
      alpha: alpha === null ? 1 : Math.min(1, Math.max(0, alpha / 100000)),
      geometry: custGeom ? readCustomGeometry(custGeom, frame) : null,
      lineWidth: intAttr(child(spPr, "a", "ln"), "w"),
    });
  }
  return details;
}

/** Formats every renderer draws as they are. */
const DIRECT = new Set(["image/png", "image/jpeg"]);
/** The least slide a tiled picture is laid out on, in pixels (1280×720 slide units at 96 dpi). */
const TILE_CANVAS = { width: 1280, height: 720 };

/**
 * The pictures a brand file's look draws — backgrounds and the pictures on its masters and layouts
 * — read from the file itself, as data URIs: PNG and JPEG as they are, GIF, WebP, TIFF, BMP and
 * SVG converted to PNG; a tiled background composed once into a slide-sized PNG (tiles at their
 * own pixel size), so every renderer draws it as one stretched picture. A part that cannot be
 * decoded (EMF/WMF vector pictures, a damaged one) is left out and its place drawn without it.
 */
async function readMedia(pkg: TZipPackage, brand: TBrandTemplate): Promise<TBrandMedia> {
  const wanted = new Map<string, { contentType: string; tile: boolean }>();
  const want = (part: string, contentType: string, tile = false) => {
    const key = tile ? `${part}#tile` : part;
    if (!wanted.has(key)) wanted.set(key, { contentType, tile });
  };
  const fill = (f: TBrandFill | null) => {
    if (f?.kind === "picture") want(f.part, f.contentType, f.tile);
  };
  fill(brand.background);
  for (const master of brand.masters) {
    fill(master.background);
    fill(master.cover);
    for (const picture of master.pictures) want(picture.part, picture.contentType);
    for (const layout of master.layouts) {
      fill(layout.background);
      fill(layout.cover);
      for (const picture of layout.pictures) want(picture.part, picture.contentType);
    }
  }
  const media = new Map<string, string>();
  for (const [key, { contentType, tile }] of wanted) {
    const part = key.replace(/#tile$/, "");
    if (!pkg.has(part)) continue;
    try {
      const data = pkg.read(part);
      // Decoded once whatever the format, so a damaged picture is left out here, not at render time.
      const { format } = await sharp(data).metadata();
      if (tile) {
        const composed = await sharp({
          create: { ...TILE_CANVAS, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
        })
          .composite([{ input: await sharp(data).png().toBuffer(), tile: true, top: 0, left: 0 }])
          .png()
          .toBuffer();
        media.set(key, `data:image/png;base64,${composed.toString("base64")}`);
      } else if (DIRECT.has(contentType.toLowerCase()) && (format === "png" || format === "jpeg")) {
        media.set(key, `data:${contentType.toLowerCase()};base64,${data.toString("base64")}`);
      } else {
        const png = await sharp(data).png().toBuffer();
        media.set(key, `data:image/png;base64,${png.toString("base64")}`);
      }
    } catch {
      // Not a picture sharp decodes (EMF, WMF, damaged): drawn without it.
    }
  }
  return media;
}
