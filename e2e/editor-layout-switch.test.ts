// The layout menu in real Chromium: bullets with figures become key figures that keep the figures,
// the bullets the new layout does not draw are listed and come back with one click; a layout the
// content cannot take says why and switches with example content only when asked, undone in one
// step; "Add text" opens the new lead for typing; the slide's hotspots are announced by their friendly names, not by content paths.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TSlide } from "@/lib/deck/schema";
import { launchChromium } from "./browser";
import {
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  savedDeck,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");

const COSTS = [
  "Panels: $6,000",
  "Batteries: $4,500, replaced after eight years",
  "Installation: $1,500",
  "Installation takes two days per clinic",
];

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

const slideOf = async (title: string) =>
  (await savedDeck(baseUrl, account.key, id)).deck.slides.find((slide) => slide.content.title === title) as
    | TSlide
    | undefined;
const canvasText = async () => (await page.getByTestId("canvas-page").first().textContent()) ?? "";
const select = (title: string) => page.locator(`[data-testid=slide-thumb][aria-label$=': ${title}']`).click();

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "layout-switch");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Solar clinics",
      slides: [
        { layout: "title", content: { title: "Solar clinics", subtitle: "A plan for 2026" } },
        { layout: "bullets", content: { title: "Costs per clinic", bullets: COSTS } },
        {
          layout: "bullets",
          content: { title: "Why it matters", bullets: ["Teams ship faster", "Fewer mistakes reach users"] },
        },
        {
          layout: "two-column",
          content: {
            title: "Who does what",
            bullets: ["Ana surveys the sites", "Ben orders the panels", "Caro trains staff"],
          },
        },
      ],
    },
  ));
  context = await signedInContext(browser, baseUrl, account.cookie);
  page = await openEditor(context, `${baseUrl}/editor/${id}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("switching a slide's layout in the editor", () => {
  it("turns bullets with figures into key figures with those figures, and shows the kept bullets again", async () => {
    await select("Costs per clinic");
    const saved = await nextSave(page);
    await page.getByLabel("Layout", { exact: true }).selectOption("metrics");
    await page.getByRole("status").filter({ hasText: "3 headline figures" }).waitFor();
    await expect.poll(canvasText).not.toContain("two days");
    const text = await canvasText();
    expect(text).toContain("$6,000");
    expect(text).toContain("$4,500");
    expect(text).toContain("eight years");
    expect(text).not.toContain("two days");
    expect(text).not.toContain("42%");
    const kept = page.getByRole("region", { name: "Kept content not shown on the slide" });
    expect(await kept.textContent()).toContain("4 bullets");
    await saved();
    const metrics = await slideOf("Costs per clinic");
    expect(metrics?.layout).toBe("metrics");
    expect(metrics?.content.metrics?.map((m) => m.value)).toEqual(["$6,000", "$4,500", "$1,500"]);
    expect(metrics?.content.bullets).toEqual(COSTS);

    const back = await nextSave(page);
    await kept.getByRole("button", { name: "Show the 4 bullets as Bullet points" }).click();
    await expect.poll(canvasText).toContain("two days");
    expect(await page.getByLabel("Layout", { exact: true }).inputValue()).toBe("bullets");
    await back();
    const bullets = await slideOf("Costs per clinic");
    expect(bullets?.layout).toBe("bullets");
    expect(bullets?.content.bullets).toEqual(COSTS);
  });

  it("says why a layout does not fit, switches with example content only when asked, and undoes in one step", async () => {
    await select("Why it matters");
    await page.getByLabel("Layout", { exact: true }).selectOption("timeline");
    const alert = page.getByRole("alert").filter({ hasText: "Timeline" });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/date/);
    expect(await page.getByLabel("Layout", { exact: true }).inputValue()).toBe("bullets");
    await alert.getByRole("button", { name: "Keep Bullet points" }).click();
    await alert.waitFor({ state: "detached" });

    await page.getByLabel("Layout", { exact: true }).selectOption("timeline");
    const saved = await nextSave(page);
    await page.getByRole("button", { name: "Switch with example content" }).click();
    await expect.poll(() => page.getByLabel("Layout", { exact: true }).inputValue()).toBe("timeline");
    await saved();
    const timeline = await slideOf("Why it matters");
    expect(timeline?.layout).toBe("timeline");
    expect(timeline?.content.timeline?.length).toBeGreaterThanOrEqual(2);
    expect(timeline?.content.bullets).toEqual(["Teams ship faster", "Fewer mistakes reach users"]);

    const undone = await nextSave(page);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => page.getByLabel("Layout", { exact: true }).inputValue()).toBe("bullets");
    await undone();
    expect((await slideOf("Why it matters"))?.layout).toBe("bullets");
  });

  it("names each hotspot of the slide as its tooltip does, never by a content path", async () => {
    await select("Costs per clinic");
    const names = await page
      .locator("[data-testid=canvas-page] [data-hotspot]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      expect(name).toMatch(/^(Edit|Replace) /);
      expect(name).not.toMatch(/\.\d|\d\.|\bitems\b|\bbullets\.\b/);
    }
    expect(names).toContain("Edit title");
  });

  it("adds a lead to a slide and opens it for typing, the starter text selected and the bullets kept", async () => {
    await select("Costs per clinic");
    const saved = await nextSave(page);
    await page.getByRole("button", { name: "Add text", exact: true }).click();
    await page.locator("[data-testid=inline-editor] [contenteditable=true]").waitFor();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("Your text");
    await page.keyboard.type("Prices per clinic, quoted in March");
    await page.keyboard.press("Escape");
    await saved();
    const slide = await slideOf("Costs per clinic");
    expect(slide?.content.body).toBe("Prices per clinic, quoted in March");
    expect(slide?.content.bullets).toEqual(COSTS);
  });

  it("splits a two-column slide drawn as bullets into two columns, undone in one step", async () => {
    await select("Who does what");
    let saved = await nextSave(page);
    await page.getByRole("button", { name: "Split into two columns", exact: true }).click();
    await saved();
    expect((await slideOf("Who does what"))?.content).toMatchObject({
      columns: [
        { bullets: ["Ana surveys the sites", "Ben orders the panels"] },
        { bullets: ["Caro trains staff"] },
      ],
    });
    expect((await slideOf("Who does what"))?.content.bullets).toBeUndefined();
    // Two panels side by side on the canvas.
    const panels = page.locator("[data-testid=canvas-page] [data-role^='columns.'][data-role$='.bullets']");
    await expect.poll(() => panels.count()).toBe(2);
    // One undo step brings the bullets back, and the offer with them.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Z");
    await saved();
    await page.getByRole("button", { name: "Split into two columns", exact: true }).waitFor();
    expect((await slideOf("Who does what"))?.content.bullets).toHaveLength(3);
  });

  it("raised no uncaught errors in the page", () => {
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
