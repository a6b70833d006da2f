import "server-only";
import sharp from "sharp";
import { SLIDE_HEIGHT, SLIDE_WIDTH, type TBox, type TImageBox, type TShapeBox } from "@/lib/layouts/boxes";
import { gradientCircle, gradientLine } from "@/lib/layouts/gradient-geometry";
import type { TRect } from "@/lib/layouts/slide-layouts/frame";
import { channels, fromChannels, hex, mix } from "./brand-color";
import type { TBrandAssets, TBrandMedia, TShapeDetail } from "./brand-media";
import type {
  TBrandFill,
  TBrandFrame,
  TBrandLayout,
  TBrandMaster,
  TBrandPicture,
  TBrandShape,
  TBrandTemplate,
  TLayoutRef,
} from "./brand-template-schema";

/**
 * What a kind of slide shows of the brand file before any content: the background its layout (or
 * master) has, the master's shapes and pictures unless the layout hides them, then the layout's
 * own — as boxes in slide units, drawn under everything — and the pictures content keeps clear of.
 */
export type TBrandScene = {
  master: TBrandMaster;
  /** The layout the slide kind maps to (brand.roles), null when the file has none: the master alone. */
  layout: TBrandLayout | null;
  fill: TBrandFill;
  /**
   * The slide's own background colour: the fill's colour when solid, else what stands under the
   * full-slide gradient or picture box (a gradient's mean, white under a picture).
   */
  base: string;
  /** The background picture or gradient (full-slide), the decorative shapes and the pictures. */
  boxes: TBox[];
  /** The pictures (logos) in slide units, for content to keep clear of. */
  pictures: TRect[];
  /** The mean colour of what the scene shows inside a rectangle (the pixels drawn, pictures included). */
  meanColor(rect: TRect): string;
  /** The mean colours of the rectangle's parts (a 3×3 grid), for text that must read on each. */
  partColors(rect: TRect): string[];
};

/** Slide units → the fraction-based frame of the file, at 1280×720 (4:3 files are stretched for now). */
export function rectOf(frame: TBrandFrame): TRect {
  const { x, y, w, h } = frame.fraction;
  return { x: x * SLIDE_WIDTH, y: y * SLIDE_HEIGHT, w: w * SLIDE_WIDTH, h: h * SLIDE_HEIGHT };
}

function coversSlide(frame: TBrandFrame): boolean {
  const { x, y, w, h } = frame.fraction;
  return x <= 0.01 && y <= 0.01 && x + w >= 0.99 && y + h >= 0.99;
}

/** The shapes our boxes draw as the file does, and a few drawn by their bounds (a document band). */
const GEOMETRY: Record<string, TShapeBox["shape"]> = {
  rect: "rect",
  flowChartProcess: "rect",
  flowChartDocument: "rect",
  roundRect: "roundRect",
  flowChartAlternateProcess: "roundRect",
  ellipse: "ellipse",
  flowChartConnector: "ellipse",
  line: "line",
  straightConnector1: "line",
};

/** A gradient's mean colour: its stops weighted by the stretch each covers. */
export function gradientMean(stops: { position: number; color: string }[]): string {
  if (stops.length === 1) return hex(stops[0].color);
  const sum = [0, 0, 0];
  let total = 0;
  const points = [{ ...stops[0], position: 0 }, ...stops, { ...stops[stops.length - 1], position: 1 }];
  for (let i = 1; i < points.length; i++) {
    const span = Math.max(0, points[i].position - points[i - 1].position);
    const middle = channels(mix(hex(points[i - 1].color), hex(points[i].color), 0.5));
    for (let c = 0; c < 3; c++) sum[c] += middle[c] * span;
    total += span;
  }
  return total > 0 ? fromChannels(sum.map((v) => v / total)) : hex(stops[0].color);
}

function gradientOf(fill: Extract<TBrandFill, { kind: "gradient" }>): TShapeBox["gradient"] {
  return {
    angle: fill.angle,
    stops: fill.stops.map((stop) => ({ position: stop.position, color: hex(stop.color) })),
  };
}

/** The fill a slide on `layout` shows behind everything (see TBrandScene). */
function sceneFill(brand: TBrandTemplate, master: TBrandMaster, layout: TBrandLayout | null): TBrandFill {
  const hidden = layout?.hidesMasterShapes ?? false;
  const fallback: TBrandFill =
    brand.backgroundSource === "bg1" ? brand.background : { kind: "solid", color: brand.theme.colors.lt1 };
  return (
    layout?.cover ?? (hidden ? null : master.cover) ?? layout?.background ?? master.background ?? fallback
  );
}

/** EMU → slide units (12700 EMU to the point, 0.75 pt to the unit). */
const units = (emu: number) => emu / 12700 / 0.75;

function shapeBox(shape: TBrandShape, id: string, detail: TShapeDetail): TBox | null {
  if (shape.geometry === "custom") return freeformBox(shape, id, detail);
  const kind = GEOMETRY[shape.geometry];
  if (!kind) return null;
  const opacity = detail.alpha;
  const rect = rectOf(shape.frame);
  const stroke = shape.line
    ? { color: hex(shape.line), width: detail.lineWidth ? Math.max(0.5, units(detail.lineWidth)) : 2 }
    : undefined;
  if (kind === "line")
    return stroke ? { kind: "shape", id, shape: "line", ...rect, fill: "none", stroke } : null;
  const fill = shape.fill;
  if (fill?.kind === "picture" || (!fill && !stroke)) return null;
  const box: TShapeBox = {
    kind: "shape",
    id,
    shape: kind,
    ...rect,
    fill: !fill ? "none" : fill.kind === "solid" ? hex(fill.color) : gradientMean(fill.stops),
    ...(fill?.kind === "gradient" ? { gradient: gradientOf(fill) } : {}),
    ...(stroke ? { stroke } : {}),
    ...(opacity < 1 ? { opacity } : {}),
    // PowerPoint's default corner: a sixth of the shorter side.
    ...(kind === "roundRect" ? { radius: Math.min(rect.w, rect.h) / 6 } : {}),
  };
  return box;
}

/**
 * A freeform shape (its outline read from the file) as an SVG picture of the part of it inside the
 * slide: every renderer draws pictures, and this one is drawn exactly as the file's path says.
 */
function freeformBox(shape: TBrandShape, id: string, detail: TShapeDetail): TImageBox | null {
  const fill = shape.fill;
  if (!detail.geometry || fill?.kind === "picture" || (!fill && !shape.line)) return null;
  const r = rectOf(shape.frame);
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  const w = Math.min(SLIDE_WIDTH, r.x + r.w) - x;
  const h = Math.min(SLIDE_HEIGHT, r.y + r.h) - y;
  if (w < 1 || h < 1) return null;
  const color = !fill ? "none" : fill.kind === "solid" ? hex(fill.color) : gradientMean(fill.stops);
  const width = detail.lineWidth ? Math.max(0.5, units(detail.lineWidth)) : 2;
  const paths = detail.geometry
    .map((path) => {
      const paint =
        path.fill && color !== "none" ? `fill="${color}" fill-opacity="${detail.alpha}"` : 'fill="none"';
      const line =
        path.stroke && shape.line
          ? ` stroke="${hex(shape.line)}" stroke-width="${width}" stroke-linejoin="round"`
          : "";
      return `<path d="${path.d(r.w, r.h)}" ${paint}${line}/>`;
    })
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x - r.x} ${y - r.y} ${w} ${h}" preserveAspectRatio="none">` +
    `${paths}</svg>`;
  return {
    kind: "image",
    id,
    role: "brand-shape",
    x,
    y,
    w,
    h,
    src: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    alt: shape.name,
    // "contain" keeps what is around the outline transparent (renderers make "cover" pictures opaque).
    fit: "contain",
  };
}

/** A picture of the file inside the slide (cut to it), or null when its media could not be read. */
function pictureBox(picture: TBrandPicture, id: string, media: TBrandMedia): TImageBox | null {
  const src = media.get(picture.part);
  if (!src) return null;
  const r = rectOf(picture.frame);
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  const w = Math.min(SLIDE_WIDTH, r.x + r.w) - x;
  const h = Math.min(SLIDE_HEIGHT, r.y + r.h) - y;
  if (w < 1 || h < 1) return null;
  return {
    kind: "image",
    id,
    role: "brand-picture",
    x,
    y,
    w,
    h,
    src,
    alt: picture.description || picture.name,
    // A logo keeps its transparency ("cover" pictures are made opaque); the frame has its shape.
    fit: "contain",
  };
}

function backgroundBox(fill: TBrandFill, media: TBrandMedia): TBox | null {
  const whole = { x: 0, y: 0, w: SLIDE_WIDTH, h: SLIDE_HEIGHT };
  if (fill.kind === "gradient")
    return {
      kind: "shape",
      id: "brand-background",
      shape: "rect",
      ...whole,
      fill: gradientMean(fill.stops),
      gradient: gradientOf(fill),
    };
  if (fill.kind === "picture") {
    const src = media.get(fill.tile ? `${fill.part}#tile` : fill.part);
    if (!src) return null;
    return {
      kind: "image",
      id: "brand-background",
      role: "brand-background",
      ...whole,
      src,
      alt: "",
      fit: "cover",
    };
  }
  return null;
}

/** The layout a role names, on its master; the first master alone when the file has none. */
export function roleLayout(
  brand: TBrandTemplate,
  ref: TLayoutRef | null,
): { master: TBrandMaster; layout: TBrandLayout | null } {
  const master = brand.masters[ref?.master ?? 0] ?? brand.masters[0];
  return { master, layout: ref ? (master.layouts[ref.layout] ?? null) : null };
}

/** Raster size of the colour sampling: a quarter of the slide's units is plenty for means. */
const SAMPLE = { width: 320, height: 180 };

/** The scene of a slide on `ref`'s layout, with its pixels rasterised for colour sampling. */
export async function brandScene(
  brand: TBrandTemplate,
  ref: TLayoutRef | null,
  assets: TBrandAssets,
  /** Where text goes that the file's freeform decorations would make unreadable: they are left out there. */
  clearOfFreeforms: TRect[] = [],
): Promise<TBrandScene> {
  const { media } = assets;
  const { master, layout } = roleLayout(brand, ref);
  const fill = sceneFill(brand, master, layout);
  const showMaster = !(layout?.hidesMasterShapes ?? false);
  const shapes = [
    ...(showMaster ? master.shapes.map((shape) => ({ shape, part: master.part })) : []),
    ...(layout?.shapes ?? []).map((shape) => ({ shape, part: layout?.part ?? "" })),
  ].filter(({ shape }) => !coversSlide(shape.frame));
  const pictures = [...(showMaster ? master.pictures : []), ...(layout?.pictures ?? [])].filter(
    (picture) => !coversSlide(picture.frame),
  );
  const boxes: TBox[] = [];
  const background = backgroundBox(fill, media);
  if (background) boxes.push(background);
  shapes.forEach(({ shape, part }, i) => {
    const box = shapeBox(shape, `brand-shape-${i + 1}`, assets.shape(part, shape.frame));
    const intrudes =
      box?.kind === "image" &&
      clearOfFreeforms.some(
        (r) =>
          Math.min(r.x + r.w, box.x + box.w) > Math.max(r.x, box.x) &&
          Math.min(r.y + r.h, box.y + box.h) > Math.max(r.y, box.y),
      );
    if (box && !intrudes) boxes.push(box);
  });
  const pictureBoxes = pictures.flatMap((picture, i) => {
    const box = pictureBox(picture, `brand-picture-${i + 1}`, media);
    return box ? [box] : [];
  });
  boxes.push(...pictureBoxes);
  const base =
    fill.kind === "solid" ? hex(fill.color) : fill.kind === "gradient" ? gradientMean(fill.stops) : "#FFFFFF";
  const pixels = await rasterise(base, boxes);
  return {
    master,
    layout,
    fill,
    base,
    boxes,
    pictures: pictureBoxes.map(({ x, y, w, h }) => ({ x, y, w, h })),
    meanColor: (rect) => meanOf(pixels, rect),
    partColors: (rect) =>
      [0, 1, 2].flatMap((row) =>
        [0, 1, 2].map((column) =>
          meanOf(pixels, {
            x: rect.x + (column * rect.w) / 3,
            y: rect.y + (row * rect.h) / 3,
            w: rect.w / 3,
            h: rect.h / 3,
          }),
        ),
      ),
  };
}

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The scene as SVG (slide units), the way the renderers draw its boxes. */
function sceneSvg(base: string, boxes: TBox[]): string {
  const defs: string[] = [];
  const body: string[] = [];
  boxes.forEach((box, i) => {
    if (box.kind === "image") {
      body.push(
        `<image x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(box.src)}"/>`,
      );
      return;
    }
    if (box.kind !== "shape") return;
    let fill = box.fill === "none" ? "none" : box.fill;
    if (box.gradient && box.fill !== "none") {
      const stops = box.gradient.stops
        .map((stop) => `<stop offset="${stop.position}" stop-color="${stop.color}"/>`)
        .join("");
      if (box.gradient.angle === null) {
        const { cx, cy, r } = gradientCircle(box);
        defs.push(
          `<radialGradient id="g${i}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stops}</radialGradient>`,
        );
      } else {
        const { x1, y1, x2, y2 } = gradientLine(box, box.gradient.angle);
        defs.push(
          `<linearGradient id="g${i}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops}</linearGradient>`,
        );
      }
      fill = `url(#g${i})`;
    }
    const stroke = box.stroke ? ` stroke="${box.stroke.color}" stroke-width="${box.stroke.width}"` : "";
    const paint = ` fill="${box.shape === "line" ? "none" : fill}"${stroke} opacity="${box.opacity ?? 1}"`;
    if (box.shape === "line")
      body.push(`<line x1="${box.x}" y1="${box.y}" x2="${box.x + box.w}" y2="${box.y + box.h}"${paint}/>`);
    else if (box.shape === "ellipse")
      body.push(
        `<ellipse cx="${box.x + box.w / 2}" cy="${box.y + box.h / 2}" rx="${box.w / 2}" ry="${box.h / 2}"${paint}/>`,
      );
    else
      body.push(
        `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${box.radius ?? 0}"${paint}/>`,
      );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE.width}" height="${SAMPLE.height}" viewBox="0 0 ${SLIDE_WIDTH} ${SLIDE_HEIGHT}">` +
    `<defs>${defs.join("")}</defs><rect width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}" fill="${base}"/>${body.join("")}</svg>`
  );
}

async function rasterise(base: string, boxes: TBox[]): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(base, boxes)))
    .flatten({ background: base })
    .removeAlpha()
    .raw()
    .toBuffer();
}

function meanOf(pixels: Buffer, rect: TRect): string {
  const sx = SAMPLE.width / SLIDE_WIDTH;
  const sy = SAMPLE.height / SLIDE_HEIGHT;
  const x0 = Math.max(0, Math.floor(rect.x * sx));
  const y0 = Math.max(0, Math.floor(rect.y * sy));
  const x1 = Math.min(SAMPLE.width, Math.max(x0 + 1, Math.ceil((rect.x + rect.w) * sx)));
  const y1 = Math.min(SAMPLE.height, Math.max(y0 + 1, Math.ceil((rect.y + rect.h) * sy)));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const at = (y * SAMPLE.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] += pixels[at + c];
      n++;
    }
  return fromChannels(sum.map((v) => v / Math.max(1, n)));
}
