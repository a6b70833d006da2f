// Framing a picture in the editor, in real Chromium: Fit (contain) and Fill, a crop typed per side,
// the focal point clicked on the picture, Undo, Reset; the framing is saved with the deck, kept
// over a reload, drawn on the canvas as framePicture places it (a crop to the test picture's
// red top-left quadrant shows red at the frame's centre), and the downloaded PPTX carries the crop.
import fs from "node:fs";
import JSZip from "jszip";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TImageBox, TRenderedSlide } from "@/lib/layouts/boxes";
import { framePicture } from "@/lib/layouts/frame-picture";
import { launchChromium } from "./browser";
import {
  call,
  createDeck,
  editorAccount,
  openEditor,
  savedDeck,
  shot,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
  waitForSave,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");
const SIZE = 400;

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

/** 400 × 400: red top-left, green top-right, blue bottom-left, yellow bottom-right. */
function quadrants(): Promise<Buffer> {
  const square = (r: number, g: number, b: number, left: number, top: number) => ({
    input: { create: { width: SIZE / 2, height: SIZE / 2, channels: 3 as const, background: { r, g, b } } },
    left,
    top,
  });
  return sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([
      square(0, 200, 0, SIZE / 2, 0),
      square(0, 0, 255, 0, SIZE / 2),
      square(255, 220, 0, SIZE / 2, SIZE / 2),
    ])
    .png()
    .toBuffer();
}

async function savedImage(): Promise<Record<string, unknown>> {
  const saved = await savedDeck(baseUrl, account.key, id);
  return (saved.deck.slides[1].content.image ?? {}) as Record<string, unknown>;
}

/** The colour of the page's pixel at a point (CSS pixels of the viewport). */
async function colourAt(x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 },
  });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (info.width * Math.floor(info.height / 2) + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - expected[i]) <= 40);

/** The picture's frame on slide 2, as the layout endpoint gives it to every renderer. */
async function pictureBox(): Promise<TImageBox> {
  const saved = await savedDeck(baseUrl, account.key, id);
  const layout = await call(
    baseUrl,
    "/api/v1/ppt/layout",
    { key: account.key },
    { body: { deck: saved.deck } },
  );
  const box = (layout.json.slides as TRenderedSlide[])
    .flatMap((slide) => slide.boxes)
    .find((b): b is TImageBox => b.kind === "image" && b.role === "image");
  if (!box) throw new Error("no picture box");
  return box;
}

const frame = () => page.locator("[data-testid=canvas-page] [data-hotspot=image]");
const picture = () => page.locator('[data-testid=canvas-page] [data-box=image][data-frame="placed"]');
const panel = () => page.getByRole("group", { name: "Frame picture" });

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "editor-frame");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Framing deck",
      template: "general",
      slides: [
        { layout: "title", content: { title: "Framing deck" } },
        {
          layout: "image-right",
          content: {
            title: "Quadrants",
            bullets: ["Four colours"],
            image: { query: "quadrants", alt: "Quadrants" },
          },
        },
      ],
    },
  ));
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await quadrants())]), "quadrants.png");
  const uploaded = await fetch(`${baseUrl}/api/v1/ppt/images/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.key}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { asset } = await uploaded.json();
  const saved = await savedDeck(baseUrl, account.key, id);
  const deck = saved.deck;
  deck.slides[1].content.image = { ...(deck.slides[1].content.image as object), asset };
  const put = await call(
    baseUrl,
    `/api/v1/ppt/presentation/${id}`,
    { key: account.key },
    {
      method: "PUT",
      body: { version: saved.version, deck },
    },
  );
  expect(put.status, put.text).toBe(200);
  context = await signedInContext(browser, baseUrl, account.cookie);
  page = await openEditor(context, `${baseUrl}/editor/${id}`);
  await page.locator("[data-testid=slide-thumb][aria-label$=': Quadrants']").click();
  await panel().waitFor();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("framing a picture in the editor", () => {
  it("fits the whole picture inside its frame and fills it again", async () => {
    await picture().waitFor();
    const filled = await picture().boundingBox();
    const box = await frame().boundingBox();
    expect(filled && box && Math.abs(filled.height - box.height)).toBeLessThan(2);

    await panel().getByRole("button", { name: "Fit", exact: true }).click();
    await expect.poll(async () => (await savedImage()).fit, { timeout: 20_000 }).toBe("contain");
    await expect
      .poll(() => panel().getByRole("button", { name: "Fit", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    // A square picture in a portrait frame: as wide as the frame, less tall, centred.
    await expect
      .poll(async () => {
        const shown = await picture().boundingBox();
        const outer = await frame().boundingBox();
        return shown && outer ? Math.round(shown.height - shown.width) : null;
      })
      .toBe(0);
    const shown = await picture().boundingBox();
    const outer = await frame().boundingBox();
    expect(shown && outer && shown.height < outer.height - 20).toBe(true);
    expect(
      shown && outer && Math.abs(shown.y + shown.height / 2 - (outer.y + outer.height / 2)),
    ).toBeLessThan(2);

    await panel().getByRole("button", { name: "Fill", exact: true }).click();
    await expect.poll(async () => (await savedImage()).fit, { timeout: 20_000 }).toBeUndefined();
  });

  it("crops to the top-left quadrant by typing the sides: the frame shows red", async () => {
    await panel().getByLabel("Crop right (%)", { exact: true }).fill("50");
    await panel().getByLabel("Crop bottom (%)", { exact: true }).fill("50");
    await expect
      .poll(async () => (await savedImage()).crop, { timeout: 20_000 })
      .toEqual({ left: 0, top: 0, right: 0.5, bottom: 0.5 });
    await waitForSave(page);
    const box = await frame().boundingBox();
    if (!box) throw new Error("no picture frame");
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.1, 0.1],
      [0.9, 0.9],
    ])
      await expect
        .poll(() =>
          colourAt(box.x + box.width * fx, box.y + box.height * fy).then((c) => near(c, [255, 0, 0])),
        )
        .toBe(true);
    await shot(page, "editor-picture-crop.png");
  });

  it("sets the focal point by clicking on the picture, and Undo takes it back", async () => {
    // Without the crop, so the focal point has room to move the view.
    for (const side of ["right", "bottom"])
      await panel().getByLabel(`Crop ${side} (%)`, { exact: true }).fill("0");
    await expect.poll(async () => (await savedImage()).crop, { timeout: 20_000 }).toBeUndefined();
    await panel().getByRole("button", { name: "Focal point", exact: true }).click();
    const area = panel().getByTestId("focus-area");
    const target = await area.boundingBox();
    if (!target) throw new Error("no focal point area");
    await page.mouse.click(target.x + target.width * 0.9, target.y + target.height * 0.25);
    await expect
      .poll(async () => (await savedImage()).focus as { x: number; y: number } | undefined, {
        timeout: 20_000,
      })
      .toEqual({ x: expect.closeTo(0.9, 1), y: expect.closeTo(0.25, 1) });
    expect(await panel().getByLabel("Focus across (%)", { exact: true }).inputValue()).toMatch(
      /^(8[89]|9[0-2])(\.\d)?$/,
    );
    // The view moved right: a point of the frame that showed the red quadrant's right edge now
    // shows the green one (where, framePicture says, centred and focused).
    const box = await pictureBox();
    const focus = (await savedImage()).focus as { x: number; y: number };
    const centred = framePicture({ width: SIZE, height: SIZE }, { fit: "cover" }, box);
    const focused = framePicture({ width: SIZE, height: SIZE }, { fit: "cover", focus }, box);
    expect(focused.source.x).toBeGreaterThan(centred.source.x + 10);
    const scale = box.h / SIZE;
    const boundary = (view: typeof centred) => (SIZE / 2 - view.source.x) * scale;
    const probe = (boundary(centred) + boundary(focused)) / 2;
    const screen = await frame().boundingBox();
    if (!screen) throw new Error("no picture frame");
    const at = () => colourAt(screen.x + (probe / box.w) * screen.width, screen.y + screen.height * 0.25);
    await expect.poll(() => at().then((c) => near(c, [0, 200, 0]))).toBe(true);

    await shot(page, "editor-picture-focus.png");
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(async () => (await savedImage()).focus, { timeout: 20_000 }).toBeUndefined();
    await expect.poll(() => at().then((c) => near(c, [255, 0, 0]))).toBe(true);
    await page.getByRole("button", { name: "Redo", exact: true }).click();
    await expect.poll(async () => (await savedImage()).focus, { timeout: 20_000 }).toBeDefined();
  });

  it("keeps crop, fit and focal point over a reload", async () => {
    await panel().getByLabel("Crop left (%)", { exact: true }).fill("10");
    await panel().getByLabel("Crop bottom (%)", { exact: true }).fill("20");
    await panel().getByRole("button", { name: "Fit", exact: true }).click();
    await expect
      .poll(async () => savedImage(), { timeout: 20_000 })
      .toMatchObject({
        fit: "contain",
        crop: { left: 0.1, top: 0, right: 0, bottom: 0.2 },
        focus: { x: expect.closeTo(0.9, 1) },
      });
    await waitForSave(page);

    await page.reload();
    await page.getByTestId("editor").waitFor();
    await page.locator("[data-testid=slide-thumb][aria-label$=': Quadrants']").click();
    await panel().waitFor();
    expect(await panel().getByRole("button", { name: "Fit", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await panel().getByLabel("Crop left (%)", { exact: true }).inputValue()).toBe("10");
    expect(await panel().getByLabel("Crop bottom (%)", { exact: true }).inputValue()).toBe("20");
    expect(Number(await panel().getByLabel("Focus across (%)", { exact: true }).inputValue())).toBeCloseTo(
      90,
      -1,
    );
    // The canvas draws it contained: the cropped picture (360 × 320) as wide as the frame, centred.
    await picture().waitFor();
    await expect
      .poll(async () => {
        const shown = await picture().boundingBox();
        return shown ? Math.round((shown.width / shown.height) * 100) / 100 : null;
      })
      .toBeCloseTo(360 / 320, 1);
  });

  it("exports the PPTX with the picture's crop", async () => {
    // Fill again, so the crop is a cut of the whole picture (a contained one is its own size).
    await panel().getByRole("button", { name: "Fill", exact: true }).click();
    await expect.poll(async () => (await savedImage()).fit, { timeout: 20_000 }).toBeUndefined();
    await waitForSave(page);
    const box = await pictureBox();
    const { source } = framePicture({ width: SIZE, height: SIZE }, box, box);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PPTX", exact: true }).click(),
    ]);
    const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
    const xml = (await zip.file("ppt/slides/slide2.xml")?.async("string")) ?? "";
    const rect = /<p:pic>[\s\S]*?<a:srcRect l="(-?\d+)" r="(-?\d+)" t="(-?\d+)" b="(-?\d+)"\/>/.exec(xml);
    expect(rect, xml.slice(0, 2000)).not.toBeNull();
    const [l, r, t, b] = (rect ?? []).slice(1).map((value) => Number(value) / 100_000);
    expect(l).toBeCloseTo(source.x / SIZE, 2);
    expect(r).toBeCloseTo(1 - (source.x + source.w) / SIZE, 2);
    expect(t).toBeCloseTo(source.y / SIZE, 2);
    expect(b).toBeCloseTo(1 - (source.y + source.h) / SIZE, 2);
    // The crop's bottom fifth is cut whatever the frame's shape.
    expect(b).toBeGreaterThanOrEqual(0.2 - 0.001);
    expect(l).toBeGreaterThanOrEqual(0.1 - 0.001);
  });

  it("crops by dragging a corner handle on the whole picture", async () => {
    await panel().getByRole("button", { name: "Crop", exact: true }).click();
    await panel().locator(".ReactCrop").scrollIntoViewIfNeeded();
    const whole = await panel().getByRole("img", { name: "The whole picture, to crop" }).boundingBox();
    const handle = await panel().locator(".ReactCrop__drag-handle.ord-se").boundingBox();
    if (!whole || !handle) throw new Error("no crop handles");
    // The bottom-right corner, dragged to the picture's centre: right and bottom halves cut away.
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(whole.x + whole.width / 2, whole.y + whole.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => (await savedImage()).crop, { timeout: 20_000 })
      .toEqual({ left: 0.1, top: 0, right: expect.closeTo(0.5, 1), bottom: expect.closeTo(0.5, 1) });
    expect(Number(await panel().getByLabel("Crop right (%)", { exact: true }).inputValue())).toBeCloseTo(
      50,
      -1,
    );
    await shot(page, "editor-picture-crop-drag.png");
  });

  it("resets the framing to a centred fill", async () => {
    await panel().getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(async () => savedImage(), { timeout: 20_000 }).not.toHaveProperty("crop");
    const image = await savedImage();
    expect(image).not.toHaveProperty("focus");
    expect(image).not.toHaveProperty("fit");
    expect(image.asset).toMatch(/^assets\//);
    expect(await panel().getByRole("button", { name: "Reset", exact: true }).isDisabled()).toBe(true);
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
