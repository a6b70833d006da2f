import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { findIcon } from "@/lib/assets/icons/find-icon";
import { iconDataUri } from "@/lib/assets/icons/svg-data-uri";
import { type TBuiltInTemplateId, TEMPLATE_IDS, type TSlide, type TThemeId } from "@/lib/deck/schema";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TBox,
  type TImageBox,
  type TRenderedSlide,
  type TTextBox,
} from "@/lib/layouts/boxes";
import { bulletIndent } from "@/lib/layouts/bullet-style";
import { measureRun } from "@/lib/layouts/fonts";
import { deckContext, layoutDeck } from "@/lib/layouts/layout-deck";
import { iconBox, imageBoxFor } from "@/lib/layouts/slide-layouts/image-box";
import { TEMPLATES } from "@/lib/layouts/templates";
import { textHeight } from "@/lib/layouts/text-height";
import { THEMES } from "@/lib/layouts/themes";
import { imageKey, prepareImages } from "@/lib/render/prepare-images";
import { renderDeck } from "@/lib/render/render-deck";
import { IMAGE_SLIDES, imagesDeck } from "./images-sample-deck";

const EPSILON = 1e-6;
const dir = mkdtempSync(path.join(tmpdir(), "deckforge-images-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pagesOf = (slides: TRenderedSlide[], id: string) => slides.filter((slide) => slide.slideId === id);
const images = (slide: TRenderedSlide) => slide.boxes.filter((box): box is TImageBox => box.kind === "image");
const texts = (slide: TRenderedSlide) => slide.boxes.filter((box): box is TTextBox => box.kind === "text");
const byRole = (slide: TRenderedSlide, role: string) => slide.boxes.find((box) => box.id === role);

/** Every measured line within its box's width (less the bullet indent), all lines within its height. */
function expectTextFits(box: TTextBox) {
  for (const paragraph of box.paragraphs) {
    const room = box.w - (paragraph.bullet ? bulletIndent(box.fontSize) : 0);
    for (const line of paragraph.lines) {
      expect(line.width, `${box.id}: "${line.runs.map((run) => run.text).join("")}"`).toBeLessThanOrEqual(
        room + EPSILON,
      );
      const measured = line.runs.reduce(
        (sum, run) => sum + measureRun(box.font, run, box.fontSize, box.bold),
        0,
      );
      expect(line.width).toBeCloseTo(measured, 6);
    }
  }
  expect(textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap)).toBeLessThanOrEqual(
    box.h + EPSILON,
  );
}

const COMBOS: [TBuiltInTemplateId, TThemeId][] = [
  ...TEMPLATE_IDS.map((template): [TBuiltInTemplateId, TThemeId] => [template, "light"]),
  ["general", "dark"],
  ["swift", "midnight"],
];

describe.each(COMBOS)("picture layouts in %s / %s", (template, theme) => {
  const deck = imagesDeck(template, theme);
  const slides = layoutDeck(deck);
  const context = deckContext(deck);
  const decorIds = new Set(TEMPLATES[template].decor("content", context).map((box) => box.id));
  const own = (slide: TRenderedSlide) => slide.boxes.filter((box) => !decorIds.has(box.id));

  it("keeps every box on the slide and every text inside its box", () => {
    for (const slide of slides) {
      for (const box of own(slide)) {
        expect(box.x, `${slide.slideId}/${box.id}`).toBeGreaterThanOrEqual(-EPSILON);
        expect(box.y, `${slide.slideId}/${box.id}`).toBeGreaterThanOrEqual(-EPSILON);
        expect(box.x + box.w, `${slide.slideId}/${box.id}`).toBeLessThanOrEqual(SLIDE_WIDTH + EPSILON);
        expect(box.y + box.h, `${slide.slideId}/${box.id}`).toBeLessThanOrEqual(SLIDE_HEIGHT + EPSILON);
      }
      for (const box of texts(slide)) expectTextFits(box);
    }
  });

  it("puts the picture on its side with the text beside it, never over it", () => {
    for (const [id, side] of [
      ["img-left", "left"],
      ["img-right", "right"],
    ] as const) {
      const [page] = pagesOf(slides, id);
      const [picture] = images(page);
      expect(picture.role).toBe("image");
      expect(picture.fit).toBe("cover");
      expect(picture.src.startsWith("data:image/svg+xml;base64,")).toBe(true);
      // About 45% of the slide, with or without its margin.
      expect(picture.x + picture.w / 2 < SLIDE_WIDTH / 2).toBe(side === "left");
      expect(picture.w).toBeGreaterThan(0.35 * SLIDE_WIDTH);
      expect(picture.w).toBeLessThanOrEqual(0.45 * SLIDE_WIDTH);
      expect(picture.radius ?? 0).toBe(TEMPLATES[template].radius);
      for (const text of texts(page)) {
        const clear = side === "left" ? text.x >= picture.x + picture.w : text.x + text.w <= picture.x;
        expect(clear, `${id}/${text.id} overlaps the picture`).toBe(true);
      }
      expect(byRole(page, "title")).toBeDefined();
      expect(byRole(page, "bullets")).toBeDefined();
    }
    const [left] = images(pagesOf(slides, "img-left")[0]);
    expect(left.alt).toBe("Illustration of cloud servers");
    const [right] = images(pagesOf(slides, "img-right")[0]);
    expect(right.alt).toBe("A stronger security posture for every customer account");
  });

  it("continues long text on (cont.) pages beside the same picture", () => {
    const pages = pagesOf(slides, "img-long");
    expect(pages.length).toBeGreaterThan(1);
    const first = texts(pages[0]).find((box) => box.role === "bullets");
    const later = texts(pages[1]).find((box) => box.role === "bullets");
    expect(later?.fontSize).toBe(first?.fontSize);
    const title = texts(pages[1]).find((box) => box.role === "title");
    expect(title?.paragraphs.flatMap((p) => p.runs.map((run) => run.text)).join("")).toContain("(cont.)");
    expect(imageKey(images(pages[1])[0])).toBe(imageKey(images(pages[0])[0]));
    const bullets = pages.flatMap((page) => texts(page).filter((box) => box.role === "bullets"));
    const count = bullets.reduce((sum, box) => sum + box.paragraphs.length, 0);
    // Every bullet shows; one split across a page break counts twice.
    expect(count).toBeGreaterThanOrEqual(14);
  });

  it("lays out icon cards in one row up to four and two rows above, at one size per role", () => {
    for (const slide of IMAGE_SLIDES.filter((s) => s.layout === "icons-grid")) {
      const pages = pagesOf(slides, slide.id);
      expect(pages).toHaveLength(1);
      const [page] = pages;
      const items = slide.content.items ?? [];
      const cards = items.map((_, i) => byRole(page, `items.${i}.card`) as TBox);
      const icons = items.map((_, i) => byRole(page, `items.${i}.icon`) as TImageBox);
      expect(cards.every(Boolean)).toBe(true);
      expect(icons.every((icon) => icon?.kind === "image" && icon.fit === "contain")).toBe(true);
      expect(icons.map((icon) => icon.alt)).toEqual(items.map((item) => item.title));
      const rows = new Set(cards.map((card) => card.y)).size;
      expect(rows).toBe(items.length <= 4 ? 1 : 2);
      // Cards never overlap, and each icon sits inside its card.
      for (const [i, a] of cards.entries()) {
        for (const b of cards.slice(i + 1)) {
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect(apart).toBe(true);
        }
        expect(icons[i].x).toBeGreaterThanOrEqual(a.x);
        expect(icons[i].y + icons[i].h).toBeLessThanOrEqual(a.y + a.h);
      }
      for (const role of ["title", "body"]) {
        const sizes = new Set(
          texts(page)
            .filter((box) => new RegExp(`^items\\.\\d+\\.${role}$`).test(box.role))
            .map((box) => box.fontSize),
        );
        expect(sizes.size, role).toBe(1);
      }
      // Every text box of a card lies inside its card.
      for (const text of texts(page).filter((box) => box.role.startsWith("items."))) {
        const card = cards[Number(text.role.split(".")[1])];
        expect(text.x).toBeGreaterThanOrEqual(card.x);
        expect(text.x + text.w).toBeLessThanOrEqual(card.x + card.w + EPSILON);
        expect(text.y + text.h).toBeLessThanOrEqual(card.y + card.h + EPSILON);
      }
    }
    const lead = texts(pagesOf(slides, "grid-8")[0]).find((box) => box.role === "body");
    expect(lead).toBeDefined();
  });
});

const LONG = "A considerably longer sentence than a card expects, which keeps going with more words than fit";
const STRESS_SLIDES: TSlide[] = [
  { id: "empty-left", layout: "image-left", content: {} },
  { id: "title-only-right", layout: "image-right", content: { title: `${LONG} ${LONG}` } },
  { id: "one-item", layout: "icons-grid", content: { title: "One", items: [{ title: "Only item" }] } },
  {
    id: "crowded-grid",
    layout: "icons-grid",
    content: {
      title: `${LONG} as a title`,
      body: `${LONG}. ${LONG}. ${LONG}.`,
      items: Array.from({ length: 8 }, (_, i) => ({
        title: `${i + 1}. ${LONG}`,
        body: `${LONG}. ${LONG}.`,
        icon: i % 2 ? "no-such-icon-name" : "rocket",
      })),
    },
  },
  {
    id: "no-items",
    layout: "icons-grid",
    content: { title: "Fallback", bullets: ["Still drawn as bullets"] },
  },
];

describe.each(TEMPLATE_IDS)("crowded and empty content in %s", (template) => {
  it("still fits every text and keeps every box on the slide", () => {
    const deck = { ...imagesDeck(template, "dark"), slides: STRESS_SLIDES };
    const decorIds = new Set(TEMPLATES[template].decor("content", deckContext(deck)).map((box) => box.id));
    const slides = layoutDeck(deck);
    expect(new Set(slides.map((slide) => slide.slideId)).size).toBe(STRESS_SLIDES.length);
    for (const slide of slides) {
      for (const box of slide.boxes.filter((b) => !decorIds.has(b.id))) {
        expect(box.x).toBeGreaterThanOrEqual(-EPSILON);
        expect(box.y).toBeGreaterThanOrEqual(-EPSILON);
        expect(box.x + box.w).toBeLessThanOrEqual(SLIDE_WIDTH + EPSILON);
        expect(box.y + box.h).toBeLessThanOrEqual(SLIDE_HEIGHT + EPSILON);
      }
      for (const box of texts(slide)) expectTextFits(box);
    }
    expect(images(pagesOf(slides, "empty-left")[0])[0].alt).toBe("Platform review");
    const crowded = pagesOf(slides, "crowded-grid")[0];
    expect(images(crowded)).toHaveLength(8);
    // An icon name nothing matches gives way to the item's title.
    const second = images(crowded)[1];
    const title = `2. ${LONG}`;
    expect(findIcon(title)).not.toBe(findIcon("no-such-icon-name"));
    expect(second.src).toBe(iconBox(title, second, THEMES.dark.palette.onAccent).src);
  });
});

describe("image and icon boxes", () => {
  const context = deckContext(imagesDeck("modern", "light"));
  const rect = { x: 10, y: 20, w: 300, h: 200 };

  it("seeds the picture by the image query, else by the title, and takes the alt in that order", () => {
    const byQuery = imageBoxFor({ query: "wind farm" }, "Energy", rect, context);
    const byTitle = imageBoxFor(undefined, "Energy", rect, context);
    expect(byQuery.src).not.toBe(byTitle.src);
    expect(imageBoxFor({ query: "wind farm" }, "Other title", rect, context).src).toBe(byQuery.src);
    expect(byQuery.alt).toBe("wind farm");
    expect(byTitle.alt).toBe("Energy");
    expect(imageBoxFor({ query: "x", alt: "A wind farm at dusk" }, "T", rect, context).alt).toBe(
      "A wind farm at dusk",
    );
    expect(imageBoxFor(undefined, "**Bold** title", rect, context).alt).toBe("Bold title");
    expect(imageBoxFor(undefined, "T", rect, context, { radius: 12 }).radius).toBe(12);
  });

  it("draws icons by name or keyword, in the colour given", () => {
    const box = iconBox("security", rect, "#FF0000", "Security");
    expect(box).toMatchObject({ kind: "image", role: "icon", fit: "contain", alt: "Security", ...rect });
    expect(box.src).toBe(iconDataUri("shield-check", "#FF0000"));
    expect(iconBox("rocket", rect, "#000000").alt).toBe("rocket icon");
  });
});

describe("prepareImages", () => {
  const context = deckContext(imagesDeck("general", "light"));
  const slideOf = (...boxes: TBox[]): TRenderedSlide => ({ slideId: "s", background: "#FFFFFF", boxes });

  it("cuts each picture to its box's aspect at about 1.5 times its size, once per distinct picture", async () => {
    const wide = imageBoxFor(undefined, "Wide", { x: 0, y: 0, w: 640, h: 240 }, context);
    const tall = imageBoxFor(undefined, "Tall", { x: 0, y: 0, w: 300, h: 600 }, context, { radius: 24 });
    const icon = iconBox("rocket", { x: 0, y: 0, w: 40, h: 40 }, "#2563EB", "Rocket");
    const prepared = await prepareImages([slideOf(wide, tall, icon), slideOf({ ...wide, id: "again" })]);
    expect(prepared.size).toBe(3);
    const check = async (box: TImageBox, mime: string, width: number) => {
      const image = prepared.get(imageKey(box));
      expect(image?.mime).toBe(mime);
      const meta = await sharp(image?.data).metadata();
      expect(meta.format).toBe(mime.split("/")[1]);
      expect(meta.width).toBe(width);
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(box.w / box.h, 2);
      return image?.data ?? Buffer.alloc(0);
    };
    await check(wide, "image/jpeg", 960);
    const rounded = await check(tall, "image/png", 450);
    // Rounded corners are cut out; the centre is opaque.
    const { data, info } = await sharp(rounded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(info.width - 1, info.height - 1)).toBe(0);
    expect(alpha(info.width / 2, info.height / 2)).toBe(255);
    // Small icons get at least 128 px so they stay crisp when zoomed.
    const png = await check(icon, "image/png", 128);
    const stats = await sharp(png).stats();
    expect(stats.isOpaque).toBe(false);
    // The next render of the same pictures (another deck, an export after an edit) takes them from
    // the process-wide cache: the very same prepared bytes, not a second rasterisation.
    const again = await prepareImages([slideOf(icon, tall)]);
    expect(again.get(imageKey(icon))).toBe(prepared.get(imageKey(icon)));
    expect(again.get(imageKey(tall))).toBe(prepared.get(imageKey(tall)));
  });

  it("places 'contain' pictures centred in their frame and accepts PNG and JPEG data URIs", async () => {
    const square = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#FF0000" } })
      .png()
      .toBuffer();
    const jpeg = await sharp(square).jpeg().toBuffer();
    const box = (src: string, fit: TImageBox["fit"]): TImageBox => ({
      kind: "image",
      id: `${fit}-${src.slice(5, 15)}`,
      role: "image",
      x: 0,
      y: 0,
      w: 400,
      h: 200,
      src,
      alt: "red",
      fit,
    });
    const contain = box(`data:image/png;base64,${square.toString("base64")}`, "contain");
    const cover = box(`data:image/jpeg;base64,${jpeg.toString("base64")}`, "cover");
    const prepared = await prepareImages([slideOf(contain, cover)]);
    const centred = prepared.get(imageKey(contain));
    // The square itself, drawn 200 × 200 in the middle of the 400 × 200 frame.
    expect(centred?.clip).toEqual({ x: 100, y: 0, w: 200, h: 200 });
    expect(centred?.placement).toEqual(centred?.clip);
    const { info } = await sharp(centred?.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(info.height);
    // Cover: the whole square, placed 400 × 400 with its middle showing in the frame.
    const covering = prepared.get(imageKey(cover));
    expect(covering?.mime).toBe("image/jpeg");
    expect(covering?.clip).toEqual({ x: 0, y: 0, w: 400, h: 200 });
    expect(covering?.placement).toEqual({ x: 0, y: -100, w: 400, h: 400 });
  });

  it("frames a crop: the whole picture placed so the kept part fills the frame, or cut with round corners", async () => {
    const quadrants = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#0000FF" } })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: "#FF0000" } },
          left: 0,
          top: 0,
        },
        {
          input: { create: { width: 100, height: 100, channels: 3, background: "#00FF00" } },
          left: 100,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const src = `data:image/png;base64,${quadrants.toString("base64")}`;
    const crop = { left: 0.5, top: 0, right: 0, bottom: 0.5 };
    const square: TImageBox = {
      kind: "image",
      id: "q",
      role: "image",
      x: 0,
      y: 0,
      w: 300,
      h: 300,
      src,
      alt: "",
      fit: "cover",
      crop,
    };
    const rounded: TImageBox = { ...square, id: "r", radius: 30 };
    const prepared = await prepareImages([slideOf(square, rounded)]);
    const whole = prepared.get(imageKey(square));
    expect(whole?.clip).toEqual({ x: 0, y: 0, w: 300, h: 300 });
    expect(whole?.placement).toEqual({ x: -300, y: 0, w: 600, h: 600 });
    const cut = prepared.get(imageKey(rounded));
    expect(cut?.placement).toEqual({ x: 0, y: 0, w: 300, h: 300 });
    const { data, info } = await sharp(cut?.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    // Only the top-right (green) quadrant, corners cut away.
    expect(pixel(info.width / 2, info.height / 2)).toEqual([0, 255, 0, 255]);
    expect(pixel(2, info.height / 2)).toEqual([0, 255, 0, 255]);
    expect(pixel(info.width - 3, info.height / 2)).toEqual([0, 255, 0, 255]);
    expect(pixel(0, 0)[3]).toBe(0);
  });

  it("refuses a source that is not a data URI", async () => {
    const bad = { ...iconBox("rocket", rect(), "#000000"), src: "https://example.com/a.png" };
    await expect(prepareImages([slideOf(bad)])).rejects.toThrow(/data: URI/);
  });

  function rect() {
    return { x: 0, y: 0, w: 50, h: 50 };
  }
});

describe("rendered files", () => {
  const deck = imagesDeck("modern", "light");

  it("writes pictures into the PPTX with alt text, exactly at their boxes", async () => {
    const slides = layoutDeck(deck);
    const { bytes } = await renderDeck(deck, "pptx");
    const zip = await JSZip.loadAsync(bytes);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("ppt/media/"));
    expect(media.some((name) => name.endsWith(".png"))).toBe(true);
    const xmlOf = async (page: number) =>
      (await zip.file(`ppt/slides/slide${page}.xml`)?.async("string")) ?? "";

    const first = await xmlOf(1);
    const pictures = [...first.matchAll(/<p:pic>[\s\S]*?<\/p:pic>/g)].map((match) => match[0]);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('descr="Illustration of cloud servers"');
    const [picture] = images(slides[0]);
    const emu = (units: number) => Math.round((units / 96) * 914400);
    expect(pictures[0]).toContain(`<a:off x="${emu(picture.x)}" y="${emu(picture.y)}"/>`);
    expect(pictures[0]).toContain(`<a:ext cx="${emu(picture.w)}" cy="${emu(picture.h)}"/>`);

    const gridPage = slides.findIndex((slide) => slide.slideId === "grid-3") + 1;
    const grid = await xmlOf(gridPage);
    const descrs = [...grid.matchAll(/<p:pic>[\s\S]*?descr="([^"]*)"/g)].map((match) => match[1]);
    expect(descrs).toEqual(["Growth", "Security", "Team"]);
    // Text stays native: the card titles are text runs, not pictures.
    expect(grid).toContain("<a:t>Security</a:t>");
  });

  it("draws the pictures into the PDF at their boxes' aspect", async () => {
    const slides = layoutDeck(deck);
    const file = path.join(dir, "images.pdf");
    writeFileSync(file, (await renderDeck(deck, "pdf")).bytes);
    const result = spawnSync("pdfimages", ["-list", file], { encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    const rows = result.stdout
      .split("\n")
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2] === "image")
      .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]) }));
    for (const [index, slide] of slides.entries()) {
      const expected = images(slide);
      const drawn = rows.filter((row) => row.page === index + 1);
      expect(drawn, `page ${index + 1}`).toHaveLength(expected.length);
      // pdfkit writes each distinct bitmap once; every drawn one has its box's aspect.
      for (const row of drawn)
        expect(expected.some((box) => Math.abs(row.width / row.height - box.w / box.h) < 0.02)).toBe(true);
    }
  });
});
