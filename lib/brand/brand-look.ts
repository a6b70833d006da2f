import "server-only";
/**
 * A brand template's look: the template style and theme a deck on an uploaded .pptx/.potx is laid
 * out with (layoutDeck's `look`). Each kind of slide shows what the file's layout for it shows —
 * background (solid, gradient, picture), the master's shapes and pictures (logos) unless the
 * layout hides them — and places its text in the layout's placeholder frames, clear of the
 * pictures. Colours come from the file (the master's title and body text, the theme's accents, or
 * the master's own colours when the theme is Office's stock scheme), each checked against the
 * pixels it sits on: where the file's colour is unreadable there, the best of its other colours.
 */
import type { TBrandTemplate, TLayoutRef } from "@/lib/brand/brand-template-schema";
import type { TCustomTemplateId } from "@/lib/deck/schema";
import { SLIDE_HEIGHT, SLIDE_WIDTH } from "@/lib/layouts/boxes";
import { brandFont, type TBrandFont } from "@/lib/layouts/brand-fonts";
import type { TDeckLook } from "@/lib/layouts/layout-deck";
import type { TFrame, TRect, TSizes, TSlideKind, TTemplateStyle } from "@/lib/layouts/slide-layouts/frame";
import { BASE_SIZES } from "@/lib/layouts/templates/base-sizes";
import { GENERAL } from "@/lib/layouts/templates/general";
import type { TPalette } from "@/lib/layouts/themes";
import { chroma, contrast, hex, leastContrast, luminance, mix, readableOn } from "./brand-color";
import { brandAssets } from "./brand-media";
import { brandScene, rectOf, roleLayout, type TBrandScene } from "./brand-scene";

export type TBrandLook = TDeckLook & {
  /** The brand's heading and body typefaces and what draws them. */
  fonts: { heading: TBrandFont; body: TBrandFont };
  /** What the look was built from: the PPTX of a deck in it is written on this file's master. */
  source: { brand: TBrandTemplate; bytes: Buffer };
  /** The file's own pictures the look draws (backgrounds, logos), as the data URIs its boxes carry. */
  pictures: readonly string[];
};

/** How the brand's heading and body typefaces are drawn (what the template answers report). */
export function brandFonts(brand: TBrandTemplate): TBrandLook["fonts"] {
  return { heading: brandFont(brand.text.title.font), body: brandFont(brand.text.body.font) };
}

/** WCAG AA: body text 4.5, large text (titles) 3. */
export const BODY_CONTRAST = 4.5;
export const TITLE_CONTRAST = 3;

/** Where text may go on a slide: inside these insets, whatever a frame says. */
const SAFE = { x: 24, y: 16 };
const GAP = 16;
/** The least a frame may keep of itself to stay clear of a picture; under it the picture is ignored. */
const KEEP = 0.4;

/** The frames text is laid out in on each kind of slide, in slide units. */
type TGrid = {
  frame: TFrame;
  cover: { title: TRect; lines: TRect } | null;
  section: { title: TRect; lines: TRect } | null;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const area = (r: TRect) => Math.max(0, r.w) * Math.max(0, r.h);

function overlaps(a: TRect, b: TRect): boolean {
  return (
    Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y)
  );
}

/** A rectangle cut to the slide's safe area. */
function clip(r: TRect): TRect {
  const x = clamp(r.x, SAFE.x, SLIDE_WIDTH - SAFE.x);
  const y = clamp(r.y, SAFE.y, SLIDE_HEIGHT - SAFE.y);
  return {
    x,
    y,
    w: Math.min(r.x + r.w, SLIDE_WIDTH - SAFE.x) - x,
    h: Math.min(r.y + r.h, SLIDE_HEIGHT - SAFE.y) - y,
  };
}

type TSide = "above" | "below" | "left" | "right";

/**
 * `rect` cut so that it keeps clear of each picture, on the side that keeps most of it (of
 * `sides`); a picture that would leave less than KEEP of it is not avoided (a picture the design
 * puts text over).
 */
function clearOf(
  rect: TRect,
  pictures: TRect[],
  sides: TSide[] = ["above", "below", "left", "right"],
): TRect {
  let r = rect;
  for (const p of pictures) {
    if (!overlaps(r, p)) continue;
    const options: Record<TSide, TRect> = {
      above: { ...r, h: p.y - GAP - r.y },
      below: { ...r, y: p.y + p.h + GAP, h: r.y + r.h - (p.y + p.h + GAP) },
      left: { ...r, w: p.x - GAP - r.x },
      right: { ...r, x: p.x + p.w + GAP, w: r.x + r.w - (p.x + p.w + GAP) },
    };
    const best = sides
      .map((side) => options[side])
      .filter((o) => o.w > 0 && o.h > 0)
      .sort((a, b) => area(b) - area(a))[0];
    if (best && area(best) >= KEEP * area(r)) r = best;
  }
  return r;
}

/** The least body a content slide keeps: every layout has room for its content above it. */
const MIN_BODY = 280;

/** The content slide's grid from a title and a body frame, or null when they cannot make one. */
function contentFrame(title: TRect | null, body: TRect | null, pictures: TRect[]): TFrame | null {
  if (!title || !body) return null;
  let b = clip(body);
  let t = clip(title);
  if (t.y >= b.y || b.w < 0.45 * SLIDE_WIDTH || b.h < 0.35 * SLIDE_HEIGHT) return null;
  b = clearOf(b, pictures);
  // The title sits over the body: it ends where the body starts and has room for two short lines.
  const bottom = Math.min(t.y + t.h, b.y - 8);
  const top = Math.max(SAFE.y, Math.min(t.y, bottom - 64));
  t = clearOf({ x: b.x, y: top, w: b.w, h: bottom - top }, pictures, ["below", "left"]);
  // A body cut short by a picture grows up towards the title rather than over the picture.
  if (b.h < MIN_BODY) {
    const y = Math.max(t.y + t.h + 12, b.y + b.h - MIN_BODY);
    b = { ...b, y, h: b.y + b.h - y };
  }
  if (t.h < 40 || b.h < MIN_BODY) return null;
  return {
    marginX: b.x,
    contentW: b.w,
    header: { y: t.y, h: t.h, ...(t.w < b.w ? { right: t.x + t.w } : {}) },
    body: { y: b.y, h: b.h },
  };
}

/** A title frame and the frame under it, fit for framedTitle, or null. */
function titleFrames(
  title: TRect | null,
  lines: TRect | null,
  pictures: TRect[],
): { title: TRect; lines: TRect } | null {
  if (!title) return null;
  let t = clearOf(clip(title), pictures);
  if (t.h < 56 || t.w < 0.35 * SLIDE_WIDTH) return null;
  if (t.h > 300) t = { ...t, y: t.y + t.h - 300, h: 300 };
  // The lines go under the title: in their own frame when the file has one below it, else below.
  const below = { x: t.x, y: t.y + t.h + GAP, w: t.w, h: SLIDE_HEIGHT - SAFE.y - (t.y + t.h + GAP) };
  let l = lines ? clip(lines) : below;
  if (l.y < t.y + t.h + 8) l = { ...l, y: t.y + t.h + GAP, h: l.y + l.h - (t.y + t.h + GAP) };
  l = clearOf(l, pictures, ["above", "below", "left", "right"]);
  if (l.h < 48 || l.w < 0.3 * SLIDE_WIDTH) l = clearOf(below, pictures);
  if (l.h < 48 || l.w < 0.3 * SLIDE_WIDTH) return null;
  return { title: t, lines: l };
}

/** The file's frames of a role's layout (title, body, subtitle), else its master's. */
function framesOf(brand: TBrandTemplate, ref: TLayoutRef | null) {
  const { master, layout } = roleLayout(brand, ref);
  const fromMaster = (kinds: string[]) => {
    const frame = master.placeholders.find((p) => kinds.includes(p.type) && p.frame)?.frame;
    return frame ? rectOf(frame) : null;
  };
  const of = (frame: Parameters<typeof rectOf>[0] | null | undefined) => (frame ? rectOf(frame) : null);
  return {
    layout: layout
      ? { title: of(layout.frames.title), body: of(layout.frames.body), subtitle: of(layout.frames.subtitle) }
      : null,
    master: { title: fromMaster(["title", "ctrTitle"]), body: fromMaster(["body", "obj"]) },
  };
}

function grid(brand: TBrandTemplate, scenes: Record<"cover" | "content" | "section", TBrandScene>): TGrid {
  const content = framesOf(brand, brand.roles.content);
  const frame =
    contentFrame(content.layout?.title ?? null, content.layout?.body ?? null, scenes.content.pictures) ??
    contentFrame(content.master.title, content.master.body, scenes.content.pictures) ??
    GENERAL.frame;
  const cover = framesOf(brand, brand.roles.title);
  const section = brand.roles.section ? framesOf(brand, brand.roles.section) : null;
  return {
    frame,
    cover: cover.layout
      ? titleFrames(cover.layout.title, cover.layout.subtitle ?? cover.layout.body, scenes.cover.pictures)
      : null,
    section: section?.layout
      ? titleFrames(
          section.layout.title,
          section.layout.body ?? section.layout.subtitle,
          scenes.section.pictures,
        )
      : // Without a section layout, a section slide is placed as the title layout places the cover.
        cover.layout
        ? titleFrames(cover.layout.title, cover.layout.subtitle ?? cover.layout.body, scenes.section.pictures)
        : null,
  };
}

/** The type scale: the file's title and body sizes where sensible (the fitter still shrinks). */
function sizes(brand: TBrandTemplate): TSizes {
  const units = (pt: number) => pt / 0.75;
  const titlePh = (ref: TLayoutRef | null) =>
    roleLayout(brand, ref).layout?.placeholders.find((p) => p.type === "title" || p.type === "ctrTitle")?.text
      .sizePt ?? null;
  const header = clamp(units(titlePh(brand.roles.content) ?? brand.text.title.sizePt), 28, 56);
  const body = clamp(units(brand.text.body.sizePt), 20, 32);
  const scale = body / BASE_SIZES.body;
  const scaled = (v: number) => Math.round(v * clamp(scale, 0.8, 1.15) * 2) / 2;
  const cover = clamp(units(titlePh(brand.roles.title) ?? brand.text.title.sizePt), 40, 80);
  return {
    ...BASE_SIZES,
    coverTitle: cover,
    closingTitle: clamp(cover, 40, 64),
    sectionTitle: clamp(Math.round(header * 1.3), 40, 64),
    header,
    body,
    lead: scaled(BASE_SIZES.lead),
    columnHeading: scaled(BASE_SIZES.columnHeading),
    columnBody: scaled(BASE_SIZES.columnBody),
    agendaItem: scaled(BASE_SIZES.agendaItem),
  };
}

/** Colours the file uses for its own design, in order of weight: text styles, then shapes by area. */
function fileColors(brand: TBrandTemplate, scenes: TBrandScene[]): string[] {
  const colors: string[] = [];
  const add = (color: string | null | undefined) => {
    if (color && !colors.includes(hex(color))) colors.push(hex(color));
  };
  add(brand.text.title.color);
  for (const scene of scenes)
    for (const p of scene.layout?.placeholders ?? [])
      if (p.type !== "dt" && p.type !== "ftr") add(p.text.color);
  add(brand.text.body.color);
  const byArea = new Map<string, number>();
  for (const scene of scenes)
    for (const box of scene.boxes) {
      if (box.kind !== "shape" || box.id === "brand-background") continue;
      for (const color of [box.fill, box.stroke?.color])
        if (color && color !== "none") byArea.set(color, (byArea.get(color) ?? 0) + box.w * box.h);
    }
  for (const [color] of [...byArea].sort((a, b) => b[1] - a[1])) add(color);
  return colors;
}

/** The theme's named colours a readable choice may fall back on (stock ones say nothing of the brand). */
function themeColors(brand: TBrandTemplate): { accents: string[]; neutrals: string[] } {
  const c = brand.theme.colors;
  const accents = [c.accent1, c.accent2, c.accent3, c.accent4, c.accent5, c.accent6].map(hex);
  return {
    accents,
    neutrals: (brand.theme.generic ? [c.dk1, c.lt1] : [c.dk1, c.lt1, c.dk2, c.lt2]).map(hex),
  };
}

type TText = { title: string; lead: string };

/** The theme's dark and light text colours. */
function neutralsOf(brand: TBrandTemplate): string[] {
  return [brand.theme.colors.dk1, brand.theme.colors.lt1, "000000", "FFFFFF"];
}

/** The look of a deck on the brand template `id` (named `name`), read as `brand` from `bytes`. */
export async function brandLook(
  brand: TBrandTemplate,
  bytes: Buffer,
  id: TCustomTemplateId,
  name: string,
): Promise<TBrandLook> {
  const assets = await brandAssets(bytes, brand);
  let [cover, content, section] = await Promise.all([
    brandScene(brand, brand.roles.title, assets),
    brandScene(brand, brand.roles.content, assets),
    brandScene(brand, brand.roles.section, assets),
  ]);
  const layoutGrid = grid(brand, { cover, content, section });
  const { frame } = layoutGrid;
  // A freeform decoration under the text that leaves no colour of the file readable there (a
  // title slide's artwork on every layout) is left out where the text goes.
  const textRegions = {
    content: [
      { x: frame.marginX, y: frame.header.y, w: frame.contentW, h: frame.header.h },
      { x: frame.marginX, y: frame.body.y, w: frame.contentW, h: frame.body.h },
    ],
    cover: layoutGrid.cover ? [layoutGrid.cover.title, layoutGrid.cover.lines] : [],
    section: layoutGrid.section ? [layoutGrid.section.title, layoutGrid.section.lines] : [],
  };
  const unreadable = (scene: TBrandScene, regions: TRect[]) =>
    regions.some((region) => {
      const parts = scene.partColors(region);
      const best = readableOn(parts, [brand.text.body.color, ...neutralsOf(brand)].map(hex), BODY_CONTRAST);
      return leastContrast(best, parts) < BODY_CONTRAST;
    });
  const settle = async (scene: TBrandScene, ref: TLayoutRef | null, regions: TRect[]) =>
    regions.length && unreadable(scene, regions) ? brandScene(brand, ref, assets, regions) : scene;
  [cover, content, section] = await Promise.all([
    settle(cover, brand.roles.title, textRegions.cover),
    settle(content, brand.roles.content, textRegions.content),
    settle(section, brand.roles.section, textRegions.section),
  ]);
  const own = fileColors(brand, [content, cover, section]);
  const theme = themeColors(brand);
  // The brand's chromatic colours: the theme's accents, or the master's own when they are stock.
  const brandAccents = brand.theme.generic
    ? own.filter((color) => chroma(color) >= 40)
    : [...theme.accents, ...own.filter((color) => chroma(color) >= 40)];
  const bodyOf = (scene: TBrandScene) =>
    scene.layout?.placeholders.find((p) => p.type === "body" || p.type === "obj")?.text.color ?? null;
  const candidates = (...first: (string | null | undefined)[]) => [
    ...new Set([
      ...first.filter((c): c is string => !!c).map(hex),
      ...own,
      ...brandAccents,
      ...theme.neutrals,
    ]),
  ];
  const titleOf = (scene: TBrandScene) =>
    scene.layout?.placeholders.find((p) => p.type === "title" || p.type === "ctrTitle")?.text.color ?? null;
  const subtitleOf = (scene: TBrandScene) =>
    scene.layout?.placeholders.find((p) => p.type === "subTitle" || p.type === "body")?.text.color ?? null;

  // Content slides: the master's title and body colours, readable where they sit.
  const header: TRect = { x: frame.marginX, y: frame.header.y, w: frame.contentW, h: frame.header.h };
  const bodyRect: TRect = { x: frame.marginX, y: frame.body.y, w: frame.contentW, h: frame.body.h };
  const background = content.meanColor(bodyRect);
  const contentTitle = readableOn(
    content.partColors(header),
    candidates(brand.text.title.color, titleOf(content)),
    TITLE_CONTRAST,
  );
  // Body text falls back on the file's dark and light before its brand colours.
  const textCandidates = (...first: (string | null | undefined)[]) => candidates(...first, ...theme.neutrals);
  const text = readableOn(
    content.partColors(bodyRect),
    textCandidates(brand.text.body.color, bodyOf(content)),
    BODY_CONTRAST,
  );
  const palette = contentPalette(background, text, contentTitle, brandAccents, theme, own);

  // Covers and closings on the title layout, sections on the section layout (else the master's).
  const textOn = (
    scene: TBrandScene,
    frames: { title: TRect; lines: TRect } | null,
    fallback: TRect,
  ): TText => {
    // Where the text goes in them: a framed title hugs its frame's bottom, lines stack from the top.
    const t = frames?.title;
    const l = frames?.lines;
    const titleRect = t ? { ...t, y: t.y + t.h * 0.4, h: t.h * 0.6 } : fallback;
    // The first line or two under the title: where a subtitle is, and what it must read on.
    const linesRect = l ? { ...l, h: Math.min(l.h, 72) } : fallback;
    return {
      title: readableOn(
        scene.partColors(titleRect),
        candidates(titleOf(scene), brand.text.title.color),
        TITLE_CONTRAST,
      ),
      lead: readableOn(
        scene.partColors(linesRect),
        textCandidates(subtitleOf(scene), brand.text.body.color),
        BODY_CONTRAST,
      ),
    };
  };
  // Where the built-in centred stacks put their text, when no frames place it.
  const stackRect = (x: number, w: number): TRect => ({ x, y: 180, w, h: 360 });
  // The closing's centred title and lines, as long as they usually are.
  const closingRect: TRect = { x: 240, y: 260, w: 800, h: 200 };
  const textFor: Record<TSlideKind, TText> = {
    content: { title: contentTitle, lead: palette.muted },
    cover: textOn(cover, layoutGrid.cover, stackRect(frame.marginX, Math.min(1000, frame.contentW))),
    closing: textOn(cover, layoutGrid.cover, closingRect),
    section: textOn(section, layoutGrid.section, stackRect(frame.marginX, Math.min(1000, frame.contentW))),
  };
  const sceneFor = (kind: TSlideKind) =>
    kind === "content" ? content : kind === "section" ? section : cover;
  // Each slide's own background is its layout's (white where the master states none), not the mean
  // of what is drawn on it: that mean is only what text must read on.
  const backgroundFor: Record<TSlideKind, string> = {
    content: content.base,
    cover: cover.base,
    closing: cover.base,
    section: section.base,
  };

  const fonts = brandFonts(brand);
  const template: TTemplateStyle = {
    id,
    name,
    description: `Your brand template ${name}.`,
    frame,
    sizes: sizes(brand),
    titleAlign: "left",
    radius: 6,
    cards: "filled",
    background: (kind) => backgroundFor[kind],
    // The file's background, shapes and pictures, fresh for each slide.
    decor: (kind) => sceneFor(kind).boxes.map((box) => ({ ...box })),
    titleMark: () => [],
    sectionText: () => textFor.section,
    slideText: (kind) => textFor[kind],
    // Each text box checked against the file's pixels under it; text on a card the layout drew
    // keeps its colour (the palette made it readable on the card).
    readableText(kind, box, page) {
      const onCard = page.some(
        (b) =>
          b.kind === "shape" &&
          !b.id.startsWith("brand-") &&
          b.fill !== "none" &&
          b.x <= box.x + 0.5 &&
          b.y <= box.y + 0.5 &&
          b.x + b.w >= box.x + box.w - 0.5 &&
          b.y + b.h >= box.y + box.h - 0.5,
      );
      if (onCard) return box.color;
      const title = box.role === "title";
      const wanted = title ? candidates(box.color) : textCandidates(box.color);
      return readableOn(sceneFor(kind).partColors(box), wanted, title ? TITLE_CONTRAST : BODY_CONTRAST);
    },
    ...(layoutGrid.cover ? { cover: layoutGrid.cover } : {}),
    ...(layoutGrid.section ? { section: layoutGrid.section } : {}),
  };
  const chart = [...new Set([...brandAccents, palette.accent, palette.accent2, ...theme.accents])].filter(
    (color) => contrast(color, background) >= 1.5,
  );
  return {
    template,
    theme: {
      id,
      name,
      mode: luminance(background) < 0.4 ? "dark" : "light",
      palette,
      fonts: { heading: fonts.heading.key, body: fonts.body.key },
      chart: chart.length >= 3 ? chart : [palette.accent, palette.accent2, ...theme.accents],
    },
    fonts,
    source: { brand, bytes },
    pictures: [
      ...new Set(
        [content, cover, section].flatMap((scene) =>
          scene.boxes.flatMap((box) => (box.kind === "image" ? [box.src] : [])),
        ),
      ),
    ],
  };
}

/** The content slides' palette: text, accents and derived surfaces on the content background. */
function contentPalette(
  background: string,
  text: string,
  title: string,
  brandAccents: string[],
  theme: { accents: string[]; neutrals: string[] },
  own: string[],
): TPalette {
  const chromatic = [...brandAccents, ...(chroma(title) >= 40 ? [title] : []), ...theme.accents];
  const accent = readableOn(background, [...chromatic, title, ...own], TITLE_CONTRAST);
  const accent2 = readableOn(
    background,
    [...chromatic.filter((color) => color !== accent), accent],
    TITLE_CONTRAST,
  );
  const onAccent = readableOn(accent, [...theme.neutrals, "#FFFFFF", "#000000"], BODY_CONTRAST);
  // Muted text is the body text towards the background, as far as it stays readable.
  const muted =
    [0.35, 0.25, 0.15]
      .map((amount) => mix(text, background, amount))
      .find((color) => contrast(color, background) >= BODY_CONTRAST) ?? text;
  const dark = luminance(background) < 0.4;
  return {
    background,
    surface: mix(background, text, 0.07),
    border: mix(background, text, 0.16),
    text,
    muted,
    accent,
    accent2,
    onAccent,
    onAccentMuted: mix(onAccent, accent, 0.25),
    highlight: dark ? "#854D0E" : "#FEF08A",
  };
}
