/**
 * Decks drawn in a brand file's look (lib/brand/brand-look.ts) on real files: LibreOffice's Impress
 * templates converted to PPTX, the logo file and the distinctive-theme file
 * (tests/unit/brand-templates). What the look draws is checked against the file (its XML, its
 * media parts) and against the pixels our PDF renderer draws, rasterised by poppler's pdftoppm.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PNG } from "pngjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels, contrast, leastContrast, mix } from "@/lib/brand/brand-color";
import { BODY_CONTRAST, brandLook, type TBrandLook, TITLE_CONTRAST } from "@/lib/brand/brand-look";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import { CHART_TYPES, LAYOUT_IDS, type TDeck, type TSlideContent } from "@/lib/deck/schema";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TImageBox,
  type TRenderedSlide,
  type TShapeBox,
  type TTextBox,
} from "@/lib/layouts/boxes";
import { gradientLine } from "@/lib/layouts/gradient-geometry";
import { layoutDeck, layoutSlide } from "@/lib/layouts/layout-deck";
import { renderPdf } from "@/lib/render/pdf/render-pdf";
import { renderPptx } from "@/lib/render/pptx/render-pptx";
import { prepareImages } from "@/lib/render/prepare-images";
import {
  brandTemplateFiles,
  DISTINCTIVE,
  missingLibreOffice,
  type TBrandFile,
  type TLogoRecipe,
  withDistinctiveTheme,
  withLogo,
} from "./brand-templates/brand-template-files";
import { DECK, expectPageFits, overlaps, oversized, type TRect } from "./layout-fit-checks";
import { SAMPLE_DECK } from "./render-sample-deck";

const missing = missingLibreOffice();
if (missing) console.warn(`brand-look: skipped: ${missing}`);

const ID = "custom-6f1c2a4e-0b7d-4c1e-9a53-2f8e6d0c4b11" as const;
/** pdftoppm's resolution for the pixel checks: 960 pt × 24/72 = 320 px across, 1/4 of a slide unit. */
const DPI = 24;
const PX_PER_UNIT = (DPI / 72) * 0.75;

type TCase = { name: string; bytes: Buffer; brand: TBrandTemplate; look: TBrandLook };

async function load(file: TBrandFile): Promise<TCase> {
  const brand = await readBrandTemplate(file.bytes);
  return {
    name: file.name,
    bytes: file.bytes,
    brand,
    look: await brandLook(brand, file.bytes, ID, file.name),
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-brand-look-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Our PDF of the slides, each page rasterised by pdftoppm and decoded. */
async function rasterisePdf(deck: TDeck, slides: TRenderedSlide[], name: string): Promise<PNG[]> {
  const pdf = await renderPdf(deck, slides, await prepareImages(slides));
  const base = path.join(work, name.replace(/\W/g, "_"));
  fs.writeFileSync(`${base}.pdf`, pdf);
  const result = spawnSync("pdftoppm", ["-png", "-r", String(DPI), `${base}.pdf`, base], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
  return fs
    .readdirSync(work)
    .filter((f) => f.startsWith(path.basename(base)) && f.endsWith(".png"))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)?.[1]) - Number(/-(\d+)\.png$/.exec(b)?.[1]))
    .map((f) => PNG.sync.read(fs.readFileSync(path.join(work, f))));
}

/** The mean colour of a page's pixels inside a rectangle in slide units. */
function meanColor(png: PNG, r: TRect): string {
  const x0 = Math.max(0, Math.floor(r.x * PX_PER_UNIT));
  const y0 = Math.max(0, Math.floor(r.y * PX_PER_UNIT));
  const x1 = Math.min(png.width, Math.max(x0 + 1, Math.ceil((r.x + r.w) * PX_PER_UNIT)));
  const y1 = Math.min(png.height, Math.max(y0 + 1, Math.ceil((r.y + r.h) * PX_PER_UNIT)));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      for (let c = 0; c < 3; c++) sum[c] += png.data[(y * png.width + x) * 4 + c];
      n++;
    }
  return `#${sum
    .map((v) =>
      Math.round(v / n)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")
    .toUpperCase()}`;
}

const dataOf = (src: string) => Buffer.from(src.slice(src.indexOf(",") + 1), "base64");
const textBoxes = (slide: TRenderedSlide) => slide.boxes.filter((b): b is TTextBox => b.kind === "text");

async function part(bytes: Buffer, name: string): Promise<Buffer> {
  const file = (await JSZip.loadAsync(bytes)).file(name);
  if (!file) throw new Error(`no part ${name}`);
  return file.async("nodebuffer");
}

/** Points of a slide (on a 40-unit grid) that no box but the background covers. */
function freePoints(slide: TRenderedSlide): [number, number][] {
  const free: [number, number][] = [];
  for (let y = 10; y < SLIDE_HEIGHT; y += 40)
    for (let x = 10; x < SLIDE_WIDTH; x += 40) {
      const point = { x: x - 12, y: y - 12, w: 24, h: 24 };
      if (slide.boxes.every((b) => b.id === "brand-background" || !overlaps(b, point))) free.push([x, y]);
    }
  return free;
}

/** The brand deck the pixel checks draw: a cover, a section, bullets, two columns and a closing. */
const BRAND_DECK: TDeck = { ...SAMPLE_DECK, template: ID };

describe.skipIf(missing !== null)("brandLook on LibreOffice's Impress templates", () => {
  const cases: TCase[] = [];
  let wide: TCase[] = [];
  let logo: { case: TCase; recipe: TLogoRecipe };
  let acme: TCase;

  beforeAll(async () => {
    const files = brandTemplateFiles();
    for (const file of files.converted) cases.push(await load(file));
    const beehive = files.converted.find((f) => f.name === "Beehive.pptx");
    const dna = files.converted.find((f) => f.name === "DNA.pptx");
    if (!beehive || !dna) throw new Error("Beehive or DNA was not converted");
    const withLogoFile = await withLogo(beehive);
    logo = { case: await load(withLogoFile.file), recipe: withLogoFile.recipe };
    acme = await load(await withDistinctiveTheme(dna));
    wide = [...cases.filter((c) => c.brand.slideSize.aspect === "16:9"), logo.case, acme];
  }, 900_000);

  it("reads every converted file (21 of them 16:9)", () => {
    expect(cases).toHaveLength(23);
    expect(wide).toHaveLength(23);
  });

  it("draws titles in the master's title colour where it is readable, and all text readable on what it sits on", async () => {
    const masterColored: string[] = [];
    for (const c of wide) {
      const slides = layoutDeck(BRAND_DECK, undefined, c.look);
      // The same slides without their text: the pixels the text is drawn on, as our PDF draws them.
      const bare = slides.map((s) => ({ ...s, boxes: s.boxes.filter((b) => b.kind !== "text") }));
      const pages = await rasterisePdf(BRAND_DECK, bare, c.name);
      expect(pages).toHaveLength(slides.length);
      for (const [i, slide] of slides.entries()) {
        for (const box of textBoxes(slide)) {
          const where = `${c.name} page ${i + 1} ${box.role}`;
          const on = meanColor(pages[i], box);
          const min = box.role === "title" ? TITLE_CONTRAST : BODY_CONTRAST;
          if (["title", "subtitle", "body", "bullets"].includes(box.role))
            expect(contrast(box.color, on), `${where}: ${box.color} on ${on}`).toBeGreaterThanOrEqual(
              min - 0.05,
            );
        }
      }
      // A content slide (bullets, page 4): its title is the master's colour wherever that is readable.
      const master = `#${c.brand.text.title.color}`;
      const header = c.look.template.frame.header;
      const frame = c.look.template.frame;
      const parts = [0, 1, 2].flatMap((row) =>
        [0, 1, 2].map((column) =>
          meanColor(pages[3], {
            x: frame.marginX + (column * frame.contentW) / 3,
            y: header.y + (row * header.h) / 3,
            w: frame.contentW / 3,
            h: header.h / 3,
          }),
        ),
      );
      const title = textBoxes(slides[3]).find((b) => b.role === "title");
      if (leastContrast(master, parts) >= TITLE_CONTRAST) {
        expect(title?.color, `${c.name}: title on ${parts}`).toBe(master);
        masterColored.push(c.name);
      } else expect(title?.color, c.name).not.toBe(master);
    }
    // The brand colours LibreOffice's templates keep in their masters.
    expect(masterColored).toEqual(
      expect.arrayContaining(["Blue_Curve.pptx", "Vivid.pptx", "Metropolis.pptx", "Lights.pptx"]),
    );
    expect(masterColored.length).toBeGreaterThanOrEqual(17);
    // The distinctive theme's title (accent2 at 75%, BB0F5C) has 1.8:1 on its own teal gradient:
    // its titles take the theme colour that reads best there instead.
    const acmeTitle = textBoxes(layoutDeck(BRAND_DECK, undefined, acme.look)[3])[0].color;
    expect(acmeTitle).not.toBe(`#${DISTINCTIVE.titleColor}`);
    const fileColors = [
      ...Object.values(acme.brand.theme.colors),
      acme.brand.text.body.color,
      ...acme.brand.masters.flatMap((m) =>
        [m, ...m.layouts].flatMap((part) => [
          ...part.placeholders.map((p) => p.text.color),
          ...part.shapes.flatMap((shape) => [
            shape.line,
            shape.fill?.kind === "solid" ? shape.fill.color : null,
          ]),
        ]),
      ),
    ].flatMap((c) => (c ? [`#${c}`] : []));
    expect(fileColors).toContain(acmeTitle);
  }, 600_000);

  it("draws a picture background as a full-slide picture of the file's own media part", async () => {
    const pictured = wide.filter((c) => c.brand.background.kind === "picture");
    expect(pictured.map((c) => c.name).sort()).toEqual([
      "Blueprint_Plans.pptx",
      "Candy.pptx",
      "Freshes.pptx",
      "Metropolis.pptx",
    ]);
    for (const c of pictured) {
      const fill = c.brand.background;
      if (fill.kind !== "picture") continue;
      const media = await part(c.bytes, fill.part);
      for (const slide of layoutDeck(BRAND_DECK, undefined, c.look)) {
        const [first] = slide.boxes as TImageBox[];
        expect(first, c.name).toMatchObject({
          kind: "image",
          id: "brand-background",
          x: 0,
          y: 0,
          w: 1280,
          h: 720,
        });
        expect(dataOf(first.src).equals(media), `${c.name}: the background is ${fill.part}`).toBe(true);
      }
    }
  });

  it("draws a gradient background with the file's stops and angle", () => {
    for (const [c, expected] of [
      [cases.find((x) => x.name === "Lights.pptx"), { angle: 70, stops: ["#000032", "#F60063"] }],
      [acme, { angle: 90, stops: ["#1B998B", "#105C53"] }],
    ] as const) {
      const slide = layoutDeck(BRAND_DECK, undefined, c?.look)[3];
      const first = slide.boxes[0] as TShapeBox;
      expect(first).toMatchObject({ kind: "shape", id: "brand-background", x: 0, y: 0, w: 1280, h: 720 });
      expect(first.gradient?.angle).toBe(expected.angle);
      expect(first.gradient?.stops.map((s) => s.color)).toEqual(expected.stops);
    }
  });

  it("puts the master's logo and the title layout's badge where the file does, with text clear of them", async () => {
    const { recipe } = logo;
    const { cx, cy } = logo.case.brand.slideSize;
    const at = (f: { x: number; y: number; cx: number; cy: number }): TRect => ({
      x: (f.x / cx) * SLIDE_WIDTH,
      y: (f.y / cy) * SLIDE_HEIGHT,
      w: (f.cx / cx) * SLIDE_WIDTH,
      h: (f.cy / cy) * SLIDE_HEIGHT,
    });
    const [logoPng, badgePng] = await Promise.all([
      part(logo.case.bytes, recipe.logoPart),
      part(logo.case.bytes, recipe.badgePart),
    ]);
    const find = (slide: TRenderedSlide, png: Buffer) =>
      slide.boxes.find((b): b is TImageBox => b.kind === "image" && dataOf(b.src).equals(png));
    const slides = layoutDeck(
      { ...BRAND_DECK, title: "A title long enough to reach the logo ".repeat(3) },
      undefined,
      logo.case.look,
    );
    for (const [i, slide] of slides.entries()) {
      const logoBox = find(slide, logoPng);
      expect(logoBox, `page ${i + 1} shows the logo`).toBeDefined();
      for (const key of ["x", "y", "w", "h"] as const)
        expect(logoBox?.[key]).toBeCloseTo(at(recipe.logo)[key], 0);
      const badge = find(slide, badgePng);
      // The badge is on the title layout: the cover and closing show it, the others do not.
      const onTitleLayout = slide.slideId === "s1" || slide.slideId === "s6";
      expect(Boolean(badge), `page ${i + 1} badge`).toBe(onTitleLayout);
      if (badge)
        for (const key of ["x", "y", "w", "h"] as const)
          expect(badge[key]).toBeCloseTo(at(recipe.badge)[key], 0);
      for (const box of textBoxes(slide)) {
        expect(overlaps(box, at(recipe.logo)), `page ${i + 1} ${box.role} over the logo`).toBe(false);
        if (badge) expect(overlaps(box, badge), `page ${i + 1} ${box.role} over the badge`).toBe(false);
      }
    }
    // The logo sits beside the content slide's title: the title stops short of it.
    expect(logo.case.look.template.frame.header.right).toBeLessThanOrEqual(at(recipe.logo).x);
  });

  it("places the cover in the title layout's frames and the content in the content layout's", () => {
    const c = cases.find((x) => x.name === "Midnightblue.pptx");
    if (!c) throw new Error("no Midnightblue");
    // Its content layout's frames make no body (a fifth of the slide): the master's frames are used.
    const master = c.brand.masters[0].placeholders;
    const body = master.find((p) => p.type === "body")?.frame?.fraction;
    expect(c.look.template.frame.marginX).toBeCloseTo((body?.x ?? 0) * SLIDE_WIDTH, 0);
    expect(c.look.template.frame.body.y).toBeCloseTo((body?.y ?? 0) * SLIDE_HEIGHT, 0);
    const ref = c.brand.roles.title;
    const layout = ref && c.brand.masters[ref.master].layouts[ref.layout];
    const title = layout?.frames.title?.fraction;
    const cover = layoutDeck(BRAND_DECK, undefined, c.look)[0];
    const titleBox = textBoxes(cover).find((b) => b.role === "title");
    expect(titleBox?.x).toBeCloseTo((title?.x ?? 0) * SLIDE_WIDTH, 0);
    // The title hugs its frame's bottom, as the file's anchors the text over the subtitle.
    expect((titleBox?.y ?? 0) + (titleBox?.h ?? 0)).toBeCloseTo(
      ((title?.y ?? 0) + (title?.h ?? 0)) * SLIDE_HEIGHT,
      0,
    );
  });

  it("lays out every layout without overflow in every 16:9 file", () => {
    for (const c of wide)
      for (const [n, layout] of LAYOUT_IDS.entries()) {
        const content = oversized(CHART_TYPES[n % CHART_TYPES.length]);
        for (const [kind, input] of [
          ["oversized", content],
          ["empty", {}],
          ["title only", { title: "Only a title" }],
        ] as [string, TSlideContent][]) {
          const pages = layoutSlide(
            { ...DECK, template: ID, theme: "light" },
            { id: "s", layout, content: input },
            undefined,
            c.look,
          );
          expect(pages.length).toBeGreaterThan(0);
          for (const [i, page] of pages.entries())
            expectPageFits(page, `${c.name} ${layout} ${kind} page ${i + 1}`);
        }
      }
  }, 600_000);

  it("lays out the 4:3 files (16:9 for now) without failing", () => {
    const square = cases.filter((c) => c.brand.slideSize.aspect === "4:3");
    expect(square.map((c) => c.name).sort()).toEqual(["Nature_Illustration.pptx", "Vintage.pptx"]);
    for (const c of square)
      for (const layout of LAYOUT_IDS)
        expect(
          layoutSlide(
            { ...DECK, template: ID, theme: "light" },
            { id: "s", layout, content: { title: "T" } },
            undefined,
            c.look,
          ).length,
        ).toBeGreaterThan(0);
  });

  it("shows the background picture's own pixels in the PDF where nothing covers it", async () => {
    const c = cases.find((x) => x.name === "Metropolis.pptx");
    if (c?.brand.background.kind !== "picture") throw new Error("Metropolis has no picture background");
    const slides = layoutDeck(BRAND_DECK, undefined, c.look);
    const [page] = await rasterisePdf(BRAND_DECK, [slides[3]], "metropolis-pixels");
    const picture = await sharp(await part(c.bytes, c.brand.background.part))
      .resize(page.width, page.height, { fit: "cover" })
      .removeAlpha()
      .raw()
      .toBuffer();
    // Points of the slide no box but the background covers.
    const free: [number, number][] = [];
    for (let y = 10; y < SLIDE_HEIGHT; y += 40)
      for (let x = 10; x < SLIDE_WIDTH; x += 40) {
        const point = { x: x - 12, y: y - 12, w: 24, h: 24 };
        if (slides[3].boxes.every((b) => b.id === "brand-background" || !overlaps(b, point)))
          free.push([x, y]);
      }
    expect(free.length).toBeGreaterThan(50);
    // Each point's 3×3 pixels in the PDF's raster and in the picture scaled to the page.
    const around = (read: (at: number, k: number) => number, px: number, py: number) =>
      [0, 1, 2].map((k) => {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) sum += read((py + dy) * page.width + px + dx, k);
        return sum / 9;
      });
    for (const [x, y] of free) {
      const px = Math.floor(x * PX_PER_UNIT);
      const py = Math.floor(y * PX_PER_UNIT);
      const drawn = around((at, k) => page.data[at * 4 + k], px, py);
      const source = around((at, k) => picture[at * 3 + k], px, py);
      for (let k = 0; k < 3; k++)
        expect(Math.abs(drawn[k] - source[k]), `pixel at ${x},${y}`).toBeLessThanOrEqual(24);
    }
  });

  it("draws a gradient background in the PDF along the file's angle", async () => {
    const c = cases.find((x) => x.name === "Lights.pptx");
    const slide = layoutDeck(BRAND_DECK, undefined, c?.look)[3];
    const gradient = (slide.boxes[0] as TShapeBox).gradient;
    if (!gradient || gradient.angle === null) throw new Error("Lights has no linear gradient");
    const [page] = await rasterisePdf(BRAND_DECK, [slide], "lights-gradient");
    const { x1, y1, x2, y2 } = gradientLine({ x: 0, y: 0, w: SLIDE_WIDTH, h: SLIDE_HEIGHT }, gradient.angle);
    const expected = (x: number, y: number) => {
      const t = ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2);
      const stops = gradient.stops;
      const after = stops.findIndex((stop) => stop.position >= t);
      if (after <= 0) return after === 0 ? stops[0].color : stops[stops.length - 1].color;
      const [a, b] = [stops[after - 1], stops[after]];
      return mix(a.color, b.color, (t - a.position) / (b.position - a.position));
    };
    const free = freePoints(slide);
    expect(free.length).toBeGreaterThan(30);
    for (const [x, y] of free) {
      const px = Math.floor(x * PX_PER_UNIT);
      const py = Math.floor(y * PX_PER_UNIT);
      const drawn = [0, 1, 2].map((k) => page.data[(py * page.width + px) * 4 + k]);
      const want = channels(expected(x, y));
      for (let k = 0; k < 3; k++)
        expect(Math.abs(drawn[k] - want[k]), `pixel at ${x},${y}`).toBeLessThanOrEqual(20);
    }
  });

  it("writes a branded deck as a PPTX with the background picture, the gradient's colour and the file's shapes", async () => {
    for (const name of ["Metropolis.pptx", "Lights.pptx"]) {
      const c = cases.find((x) => x.name === name);
      const slides = layoutDeck(BRAND_DECK, undefined, c?.look);
      const pptx = await renderPptx(BRAND_DECK, slides, await prepareImages(slides));
      const zip = await JSZip.loadAsync(pptx);
      const slide = await zip.file("ppt/slides/slide4.xml")?.async("string");
      expect(slide, name).toContain('name="brand-background"');
      const shapes = slides[3].boxes.filter((b) => b.kind === "shape" && b.id.startsWith("brand-shape"));
      for (const shape of shapes) expect(slide, `${name} ${shape.id}`).toContain(`name="${shape.id}"`);
      if (name === "Lights.pptx") {
        // PowerPoint gets the gradient's mean colour here; written on the uploaded master it draws its own.
        const mean = (slides[3].boxes[0] as TShapeBox).fill.slice(1);
        expect(slide).toContain(`<a:srgbClr val="${mean}"`);
        // The master's translucent lights keep their alpha.
        expect(slide).toMatch(/<a:alpha val="30000"\/>/);
      }
    }
  });

  it("draws the file's freeform decorations from their own paths, except where they would leave text unreadable", () => {
    const beehive = cases.find((x) => x.name === "Beehive.pptx");
    const master = beehive?.brand.masters[0];
    const hexagons = layoutDeck(BRAND_DECK, undefined, beehive?.look)[3].boxes.filter(
      (b): b is TImageBox => b.kind === "image" && b.role === "brand-shape",
    );
    // Every honeycomb cell of the master that reaches into the slide, as an SVG of its path.
    const inside = (master?.shapes ?? []).filter((shape) => {
      const f = shape.frame.fraction;
      return shape.geometry === "custom" && f.x + f.w > 0 && f.x < 1 && f.y + f.h > 0 && f.y < 1;
    });
    expect(hexagons.length).toBe(inside.length);
    const svg = dataOf(hexagons[0].src).toString("utf8");
    expect(svg).toMatch(/<path d="M[^"]+L[^"]+Z"/);
    expect(svg).toContain('fill="#FFF5CE"');
    expect(svg).toContain('stroke="#FFDE59"');
    // Focus's title-slide artwork on its master would leave no colour readable under the text.
    const focus = cases.find((x) => x.name === "Focus.pptx");
    const content = layoutDeck(BRAND_DECK, undefined, focus?.look)[3];
    const frame = focus?.look.template.frame;
    const body = {
      x: frame?.marginX ?? 0,
      y: frame?.body.y ?? 0,
      w: frame?.contentW ?? 0,
      h: frame?.body.h ?? 0,
    };
    expect(
      content.boxes.filter((b) => b.kind === "image" && b.role === "brand-shape" && overlaps(b, body)),
    ).toEqual([]);
  });
});
