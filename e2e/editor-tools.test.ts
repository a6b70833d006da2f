// The editor's other tools in real Chromium: add a slide from the layout menu by keyboard, duplicate,
// reorder with the keyboard (dnd-kit's keyboard sensor), format text inline (bold, link, new bullet),
// switch to a layout the slide's content cannot take, change the theme (every slide redrawn), speaker
// notes with undo, and a long slide's continuation page editing the whole field.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  boxText,
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  openInlineEditor,
  savedDeck,
  settleSelection,
  shot,
  signedInContext,
  type TEditorAccount,
  thumbIds,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

const LONG = Array.from(
  { length: 16 },
  (_, i) => `Point number ${i + 1} explains one more detail of the plan in a full sentence`,
);

/** Presses keys one by one, each after the editor has taken in the selection the last one made. */
async function keys(page: Page, ...presses: string[]): Promise<void> {
  for (const press of presses) {
    await page.keyboard.press(press);
    await settleSelection(page);
  }
}

const slideOf = async (title: string) =>
  (await savedDeck(baseUrl, account.key, id)).deck.slides.find((slide) => slide.content.title === title);

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "editor-tools");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Tools deck",
      slides: [
        { layout: "bullets", content: { title: "Plain points", bullets: ["Make me bold", "Second"] } },
        { layout: "bullets", content: { title: "Long list", bullets: LONG } },
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

describe("editor tools", () => {
  it("formats bullets inline: bold from the toolbar, a link, a new bullet with Enter, markdown shortcuts", async () => {
    const saved = await nextSave(page);
    const editor = await openInlineEditor(page, "bullets");
    // A triple click selects a bullet's paragraph.
    await editor.getByText("Make me bold").click({ clickCount: 3 });
    await settleSelection(page);
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    expect(await editor.locator("li strong").allTextContents()).toEqual(["Make me bold"]);
    await editor.getByText("Second").click({ clickCount: 3 });
    await settleSelection(page);
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByLabel("Link address").fill("example.com/docs");
    await page.getByLabel("Link address").press("Enter");
    await settleSelection(page);
    expect(await editor.locator("li a[href='https://example.com/docs']").allTextContents()).toEqual([
      "Second",
    ]);
    // ArrowRight ends the selection at its end, where Enter starts a new bullet.
    await keys(page, "ArrowRight", "Enter");
    // Markdown typed as such becomes formatting (_it_ → italic); a lone asterisk stays a character.
    await page.keyboard.type("Third: 2 * 3 is _six_");
    await page.keyboard.press("Escape");
    await saved();
    expect((await slideOf("Plain points"))?.content.bullets).toEqual([
      "**Make me bold**",
      "[Second](https://example.com/docs)",
      "Third: 2 \\* 3 is *six*",
    ]);
    await expect.poll(() => boxText(page, "bullets")).toContain("Third: 2 * 3 is six");
  });

  it("adds a slide from the layout menu by keyboard, after the current one, with starter content", async () => {
    const saved = await nextSave(page);
    await page.getByRole("button", { name: "+ Add slide" }).click();
    const menu = page.getByRole("menu", { name: "Layout of the new slide" });
    await menu.waitFor();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-layout"))).toBe("table");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    const ids = await thumbIds(page);
    expect(ids).toHaveLength(3);
    expect(
      await page.locator("[data-testid=slide-thumb][aria-current=true]").getAttribute("data-slide-id"),
    ).toBe(ids[1]);
    await page.locator("[data-testid=canvas-page] [data-hotspot=table]").waitFor();
    await page.getByTestId("inspector-table").waitFor();
    await saved();
    const server = await savedDeck(baseUrl, account.key, id);
    expect(server.deck.slides[1]).toMatchObject({ id: ids[1], layout: "table" });
  });

  it("duplicates the slide and reorders with the keyboard", async () => {
    await page.getByRole("button", { name: "Duplicate slide 2", exact: true }).click();
    const ids = await thumbIds(page);
    expect(ids).toHaveLength(4);
    expect(
      await page.locator("[data-testid=slide-thumb][aria-current=true]").getAttribute("data-slide-id"),
    ).toBe(ids[2]);
    // Space picks the first slide up, ArrowDown moves it one place, Space drops it.
    await page.getByTestId("slide-thumb").first().focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await expect.poll(() => thumbIds(page)).toEqual([ids[1], ids[0], ids[2], ids[3]]);
  });

  it("says why bullets without figures make no chart, then switches with a starter chart when asked", async () => {
    const saved = await nextSave(page);
    await page.locator("[data-testid=slide-thumb][aria-label$=': Plain points']").click();
    await page.getByLabel("Layout", { exact: true }).selectOption("chart");
    const alert = page.getByRole("alert").filter({ hasText: "figures" });
    await alert.waitFor();
    expect(await page.getByLabel("Layout", { exact: true }).inputValue()).toBe("bullets");
    await alert.getByRole("button", { name: "Keep Bullet points" }).click();
    await alert.waitFor({ state: "detached" });
    await page.getByLabel("Layout", { exact: true }).selectOption("chart");
    await page.getByRole("button", { name: "Switch with example content" }).click();
    await page.locator("[data-testid=canvas-page] [data-hotspot=chart]").waitFor();
    await saved();
    const chart = await slideOf("Plain points");
    expect(chart?.layout).toBe("chart");
    expect(chart?.content.chart).toMatchObject({ type: "column", categories: ["Q1", "Q2", "Q3"] });
    expect(chart?.content.bullets).toHaveLength(3);
  });

  it("changes the theme and redraws every slide", async () => {
    const saved = await nextSave(page);
    const backgrounds = () =>
      page
        .getByTestId("slide-thumb")
        .evaluateAll((nodes) =>
          nodes.map((node) => (node.querySelector("div") as HTMLElement).style.background),
        );
    const before = await backgrounds();
    await page.getByLabel("Theme").selectOption("midnight");
    await expect.poll(async () => (await backgrounds()).every((bg, i) => bg !== before[i])).toBe(true);
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck).toMatchObject({ theme: "midnight" });
  });

  it("keeps speaker notes, and Ctrl+Z in the notes goes through the editor's history", async () => {
    const saved = await nextSave(page);
    const notes = page.getByLabel("Notes for this slide");
    await notes.fill("Say this out loud");
    await saved();
    expect((await slideOf("Plain points"))?.notes).toBe("Say this out loud");
    await notes.press("ControlOrMeta+Z");
    expect(await notes.inputValue()).toBe("");
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    expect(await notes.inputValue()).toBe("Say this out loud");
  });

  it("shows a long slide's continuation page, whose box edits the whole field", async () => {
    await page.locator("[data-testid=slide-thumb][aria-label$=': Long list']").click();
    const pages = page.getByTestId("canvas-page");
    await expect.poll(() => pages.count()).toBeGreaterThan(1);
    await shot(page, "editor-continued.png");
    await pages.nth(1).locator("[data-hotspot=bullets]").click();
    const editor = page.locator("[data-testid=inline-editor] [contenteditable=true]");
    await editor.waitFor();
    expect(await editor.locator("li").count()).toBe(LONG.length);
    await page.keyboard.press("Escape");
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
