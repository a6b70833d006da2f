// The web app end to end in real Chromium, as the issue describes it: sign up on /sign-up, create an
// API key on /account and copy it, call the API with the copied key, open the edit_path it returned; edit a title inline, undo/redo it by
// keyboard, reorder two slides by dragging, replace an icon, delete a slide (and undo that), apply an
// AI prompt edit, export PPTX from the editor — then the downloaded PPTX has the edits, and the
// credits went down by the AI edit. Present mode opens and arrow keys advance.
import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pptxSlides } from "../tests/api/helpers";
import { launchChromium } from "./browser";
import {
  boxText,
  call,
  createDeck,
  dragWithMouse,
  nextSave,
  openEditor,
  openInlineEditor,
  overflowingLines,
  savedDeck,
  shot,
  signedInContext,
  type TEditorAccount,
  thumbIds,
  uncaughtErrors,
  waitForSave,
} from "./editor-fixtures";
import { createKeyViaUi, signUpViaUi, uniqueUser } from "./fixtures";

const baseUrl = inject("baseUrl");

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

const SLIDES = [
  { layout: "title", content: { title: "Flow deck", subtitle: "Made by the e2e test" } },
  {
    layout: "bullets",
    content: { title: "Alpha slide", bullets: ["First alpha point", "Second alpha point"] },
  },
  {
    layout: "icons-grid",
    content: {
      title: "Beta cards",
      items: [
        { title: "Speed", body: "Fast enough", icon: "rocket" },
        { title: "Safety", body: "Checked twice", icon: "shield-check" },
        { title: "People", body: "Shared work", icon: "users" },
      ],
    },
  },
  { layout: "bullets", content: { title: "Gamma slide", bullets: ["To be deleted"] } },
  {
    layout: "bullets",
    content: {
      title: "Delta slide",
      body: "Solar clinics keep vaccines cold. The batteries last through the night and the panels pay back in four years.",
      bullets: [
        "Rural clinics lose power nine hours a week during the dry season",
        "Vaccines spoil when the fridges warm above eight degrees",
        "A five kilowatt array with batteries keeps the cold chain running",
        "Maintenance is a monthly visit by a trained local technician",
        "Grants cover sixty percent of the installation cost",
        "The first ten clinics opened in March with no outages since",
      ],
    },
  },
];

/** The first page's slide and the canvas area's free room (inside its padding), in CSS pixels. */
function canvasFit(page: Page) {
  return page.evaluate(() => {
    const area = document.querySelector<HTMLElement>("main[aria-label='Slide canvas']");
    const slide = document.querySelector("[data-testid=canvas-page]")?.getBoundingClientRect();
    if (!area || !slide) throw new Error("no canvas");
    const style = getComputedStyle(area);
    const box = area.getBoundingClientRect();
    const left = box.left + area.clientLeft + Number.parseFloat(style.paddingLeft);
    const top = box.top + area.clientTop + Number.parseFloat(style.paddingTop);
    const width =
      area.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const height =
      area.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
    return {
      slide: { width: slide.width, height: slide.height },
      spare: { width: width - slide.width, height: height - slide.height },
      bands: {
        top: slide.top - top,
        bottom: top + height - slide.bottom,
        left: slide.left - left,
        right: left + width - slide.right,
      },
    };
  });
}

const slideOf = async (title: string) =>
  (await savedDeck(baseUrl, account.key, id)).deck.slides.find((slide) => slide.content.title === title);

/** Slide titles of the downloaded PPTX, in order, read from each slide's first text. */
function titleOf(text: string, titles: string[]): string | undefined {
  return titles.find((title) => text.includes(title));
}

beforeAll(async () => {
  browser = await launchChromium();
  const user = uniqueUser("editor-flow");
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const accountPage = await context.newPage();
  await signUpViaUi(accountPage, baseUrl, user);
  // The key as the clipboard holds it after the account page's Copy button.
  const key = await createKeyViaUi(accountPage, baseUrl, "editor-flow e2e");
  expect(key).toMatch(/^df_[A-Za-z0-9]{40}$/);
  await shot(accountPage, "account-new-key.png");
  await accountPage.close();
  const cookie = (await context.cookies())
    .filter((c) => c.name.includes("next-auth.session-token"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  account = { user, cookie, key };
  const created = await createDeck(baseUrl, { key }, { title: "Flow deck", slides: SLIDES });
  id = created.id;
  expect(created.editPath).toBe(`${baseUrl}/editor/${id}`);
  page = await openEditor(context, created.editPath);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("the slide editor", () => {
  it("draws the deck from its boxes in Arimo, every line inside its box, the canvas at least 640 px wide", async () => {
    expect(await page.getByTestId("slide-thumb").count()).toBe(SLIDES.length);
    expect(await page.evaluate(() => document.fonts.check("700 40px Arimo"))).toBe(true);
    expect(await overflowingLines(page)).toEqual([]);
    const canvas = await page.locator("[data-testid=canvas-page]").first().boundingBox();
    expect(canvas?.width).toBeGreaterThanOrEqual(640);
    await expect.poll(() => boxText(page, "title")).toBe("Flow deck");
    await shot(page, "editor-open.png");
  });

  it("edits the title inline, and undo/redo by keyboard changes it back and forth", async () => {
    let saved = await nextSave(page);
    const editor = await openInlineEditor(page, "title");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Edited flow title");
    await expect.poll(() => editor.textContent()).toBe("Edited flow title");
    // The drawn title gives way to the editor over it.
    expect(await boxText(page, "title")).toBe("");
    await shot(page, "editor-inline.png");
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await expect.poll(() => boxText(page, "title")).toBe("Edited flow title");
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title).toBe(
      "Edited flow title",
    );

    await page.locator("body").click({ position: { x: 5, y: 5 } });
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "title")).toBe("Flow deck");
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title).toBe("Flow deck");
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await expect.poll(() => boxText(page, "title")).toBe("Edited flow title");
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "title")).toBe("Flow deck");
    await page.keyboard.press("Control+Y");
    await expect.poll(() => boxText(page, "title")).toBe("Edited flow title");
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title).toBe(
      "Edited flow title",
    );
  });

  it("reorders two slides by dragging a thumbnail with the mouse", async () => {
    const before = await thumbIds(page);
    const thumbs = page.getByTestId("slide-thumb");
    const saved = await nextSave(page);
    await dragWithMouse(page, thumbs.nth(1), thumbs.nth(2));
    await expect.poll(() => thumbIds(page)).toEqual([before[0], before[2], before[1], ...before.slice(3)]);
    await saved();
    const server = await savedDeck(baseUrl, account.key, id);
    expect(server.deck.slides.map((slide) => slide.id)).toEqual(await thumbIds(page));
    await shot(page, "editor-reordered.png");
  });

  it("replaces a card's icon through the icon picker", async () => {
    await page.locator("[data-testid=slide-thumb][aria-label^='Slide 2:']").click();
    await expect.poll(() => boxText(page, "title")).toBe("Beta cards");
    await page.locator('[data-hotspot="items.0.icon"]').click();
    const dialog = page.getByRole("dialog", { name: "Choose an icon" });
    await dialog.waitFor();
    const saved = await nextSave(page);
    await dialog.getByRole("searchbox").fill("anchor");
    await dialog.locator("[data-icon='anchor']").first().click();
    await dialog.waitFor({ state: "hidden" });
    await saved();
    const server = await savedDeck(baseUrl, account.key, id);
    const cards = server.deck.slides.find((slide) => slide.layout === "icons-grid");
    expect(cards?.content.items).toMatchObject([{ title: "Speed", icon: "anchor" }, {}, {}]);
  });

  it("deletes a slide with an undo toast, and deletes it again from the keyboard", async () => {
    const gamma = page.locator("[data-testid=slide-thumb][aria-label$=': Gamma slide']");
    await gamma.click();
    const number = (await thumbIds(page)).indexOf((await gamma.getAttribute("data-slide-id")) as string) + 1;
    await page.getByRole("button", { name: `Delete slide ${number}`, exact: true }).click();
    const toast = page.getByTestId("toast");
    await expect.poll(() => toast.textContent()).toContain(`Slide ${number} deleted`);
    expect(await page.getByTestId("slide-thumb").count()).toBe(SLIDES.length - 1);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.getByTestId("slide-thumb").count()).toBe(SLIDES.length);
    await gamma.focus();
    const saved = await nextSave(page);
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("slide-thumb").count()).toBe(SLIDES.length - 1);
    await saved();
    const server = await savedDeck(baseUrl, account.key, id);
    expect(server.deck.slides.map((slide) => slide.content.title)).not.toContain("Gamma slide");
  });

  it("applies an AI prompt edit (offline provider), accepted as one step, and the credits go down", async () => {
    const before = await call(baseUrl, "/api/v1/credits", { key: account.key });
    expect(before.status).toBe(200);
    await page.locator("[data-testid=slide-thumb][aria-label$=': Delta slide']").click();
    const panel = page.getByRole("region", { name: "AI edit" });
    await panel.getByRole("textbox", { name: "AI prompt" }).fill("make it shorter");
    let saved = await nextSave(page);
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    // The proposal is on the canvas (before and after), with its Accept button.
    await page
      .getByRole("region", { name: "AI proposal" })
      .getByRole("button", { name: "Accept", exact: true })
      .click({ timeout: 60_000 });
    await saved();
    const delta = (await savedDeck(baseUrl, account.key, id)).deck.slides.find(
      (slide) => slide.content.title === "Delta slide",
    );
    expect(delta?.content.bullets).toBeInstanceOf(Array);
    expect((delta?.content.bullets as string[] | undefined)?.length ?? 6).toBeLessThan(6);
    const shortened = delta?.content.bullets;

    // Accepting was one step: Ctrl+Z brings the whole slide back, Ctrl+Shift+Z the proposal.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "bullets")).toContain("Maintenance is a monthly visit");
    await saved();
    expect((await slideOf("Delta slide"))?.content.bullets).toHaveLength(6);
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await saved();
    await expect.poll(async () => (await slideOf("Delta slide"))?.content.bullets).toEqual(shortened);

    const after = await call(baseUrl, "/api/v1/credits", { key: account.key });
    expect(after.json.balance).toBeLessThan(before.json.balance);
    expect(before.json.balance - after.json.balance).toBe(before.json.rules.per_ai_edit);
    await shot(page, "editor-ai-edit.png");
  });

  it("exports PPTX from the editor with every edit in it", async () => {
    await waitForSave(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PPTX", exact: true }).click(),
    ]);
    const file = await download.path();
    const slides = await pptxSlides(fs.readFileSync(file));
    const titles = ["Edited flow title", "Beta cards", "Alpha slide", "Delta slide"];
    expect(slides).toHaveLength(4);
    expect(slides.map((text) => titleOf(text, titles))).toEqual(titles);
    expect(slides.join(" ")).not.toContain("Gamma slide");
    expect(slides[0]).not.toContain("Flow deck");
  });

  it("presents full screen, moves with the arrow keys and leaves with Escape", async () => {
    await page.locator("[data-testid=slide-thumb]").first().click();
    await page.getByRole("button", { name: "Present", exact: true }).click();
    const show = page.getByTestId("present-mode");
    await show.waitFor();
    const counter = page.getByTestId("present-counter");
    await expect.poll(() => counter.textContent()).toMatch(/^1 \/ \d+$/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toMatch(/^2 \/ /);
    await page.keyboard.press("End");
    const total = (await counter.textContent())?.split(" / ")[1];
    expect(await counter.textContent()).toBe(`${total} / ${total}`);
    await shot(page, "editor-present.png");
    await page.keyboard.press("Escape");
    await show.waitFor({ state: "detached" });
    expect(uncaughtErrors(page)).toEqual([]);
  });

  it("lays out a tablet screen: slide strip across the top, inspector as a drawer", async () => {
    const tablet = await signedInContext(browser, baseUrl, account.cookie, { width: 820, height: 1180 });
    const small = await openEditor(tablet, `${baseUrl}/editor/${id}`);
    // The tablet layout applies once the page has read the screen's width, and the slide is fitted
    // once the canvas area has been measured: the boxes are read until both have happened.
    const layout = async () => {
      const strip = await small.getByRole("navigation", { name: "Slide list" }).boundingBox();
      const canvas = await small.locator("[data-testid=canvas-page]").first().boundingBox();
      return {
        stripAbove: Boolean(strip && canvas && strip.y + strip.height <= canvas.y),
        wide: (canvas?.width ?? 0) >= 640,
      };
    };
    await expect.poll(layout).toEqual({ stripAbove: true, wide: true });
    expect(await small.getByRole("complementary", { name: "Inspector" }).count()).toBe(0);
    await small.getByRole("button", { name: "Inspector", exact: true }).click();
    await small.getByRole("complementary", { name: "Inspector" }).waitFor();
    await shot(small, "editor-tablet.png");
    await tablet.close();
  });

  it("fits the slide to the free room between the panels, re-fitting as the window resizes", async () => {
    const desk = await signedInContext(browser, baseUrl, account.cookie, { width: 1280, height: 720 });
    const screen = await openEditor(desk, `${baseUrl}/editor/${id}`);
    // 16:9 screens leave the slide bound by the width between the slide list and the inspector; a
    // short, wide window binds it by the height.
    const sizes = [
      { width: 1280, height: 720, bound: "width" },
      { width: 1920, height: 1080, bound: "width" },
      { width: 1920, height: 800, bound: "height" },
    ] as const;
    for (const { bound, ...viewport } of sizes) {
      await screen.setViewportSize(viewport);
      await expect
        .poll(() => canvasFit(screen).then((fit) => Math.abs(fit.spare[bound])))
        .toBeLessThanOrEqual(3);
      const fit = await canvasFit(screen);
      const label = `${viewport.width}×${viewport.height}`;
      expect(fit.slide.height, label).toBeCloseTo((fit.slide.width * 9) / 16, 0);
      // The spare room in the other direction is split evenly: no band on one side only.
      expect(Math.abs(fit.bands.top - fit.bands.bottom), label).toBeLessThanOrEqual(3);
      expect(Math.abs(fit.bands.left - fit.bands.right), label).toBeLessThanOrEqual(3);
      expect(fit.spare.width >= -1 && fit.spare.height >= -1, label).toBe(true);
      if (viewport.width === 1280) expect(fit.slide.width, label).toBeGreaterThanOrEqual(700);
    }
    await screen.setViewportSize({ width: 1280, height: 720 });
    await shot(screen, "editor-fit-1280x720.png");
    await desk.close();
  });
});
