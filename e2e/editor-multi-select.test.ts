// Several slides at once in real Chromium: Ctrl+click and Shift+click select slides, the selection
// bar moves them down as a block, duplicates and deletes them (one undo step each); Ctrl+C copies
// the selected slides, and Ctrl+V pastes them — picture and notes included — into another deck,
// open in another tab, after its current slide.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let source: string;
let target: string;

const titles = async (id: string) =>
  (await savedDeck(baseUrl, account.key, id)).deck.slides.map((slide) => slide.content.title);
const thumb = (p: Page, title: string) => p.locator(`[data-testid=slide-thumb][aria-label*=': ${title}']`);
const listTitles = (p: Page) =>
  p
    .getByTestId("slide-thumb")
    .evaluateAll((nodes) =>
      nodes.map((n) => (n.getAttribute("aria-label") ?? "").replace(/^Slide \d+: /, "")),
    );

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "multi-select");
  const slide = (title: string) => ({ layout: "bullets", content: { title, bullets: [`${title} detail`] } });
  ({ id: source } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Source deck",
      slides: [
        { layout: "title", content: { title: "Source deck" } },
        slide("Alpha"),
        {
          layout: "image-right",
          content: {
            title: "Bravo",
            bullets: ["Harbour at dawn"],
            image: { query: "harbour at dawn", alt: "A harbour" },
          },
          notes: "Bravo's speaker notes",
        },
        slide("Charlie"),
        slide("Delta"),
      ],
    },
  ));
  ({ id: target } = await createDeck(
    baseUrl,
    { key: account.key },
    { title: "Target deck", slides: [{ layout: "title", content: { title: "Target deck" } }, slide("Zulu")] },
  ));
  context = await signedInContext(browser, baseUrl, account.cookie);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  page = await openEditor(context, `${baseUrl}/editor/${source}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("selecting several slides", () => {
  it("selects with Ctrl+click and Shift+click, and moves the selection down as one block", async () => {
    await thumb(page, "Alpha").click();
    await thumb(page, "Bravo").click({ modifiers: ["Shift"] });
    const bar = page.getByRole("toolbar", { name: "Selected slides" });
    await bar.getByText("2 slides selected").waitFor();
    expect(await thumb(page, "Bravo (selected)").count()).toBe(1);
    // Ctrl+click adds a slide; again takes it away.
    await thumb(page, "Delta").click({ modifiers: ["ControlOrMeta"] });
    await bar.getByText("3 slides selected").waitFor();
    await thumb(page, "Delta").click({ modifiers: ["ControlOrMeta"] });
    await bar.getByText("2 slides selected").waitFor();

    const saved = await nextSave(page);
    await bar.getByRole("button", { name: "Move down", exact: true }).click();
    await saved();
    expect(await titles(source)).toEqual(["Source deck", "Charlie", "Alpha", "Bravo", "Delta"]);
    // The block stays selected and moves again.
    await bar.getByRole("button", { name: "Move down", exact: true }).click();
    await expect
      .poll(() => listTitles(page))
      .toEqual(["Source deck", "Charlie", "Delta", "Alpha", "Bravo (selected)"]);
    // One step each: undo brings the order back.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Z");
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => titles(source)).toEqual(["Source deck", "Alpha", "Bravo", "Charlie", "Delta"]);
  });

  it("duplicates and deletes the selection, each one undoable step", async () => {
    await thumb(page, "Charlie").click();
    await thumb(page, "Delta").click({ modifiers: ["Shift"] });
    const bar = page.getByRole("toolbar", { name: "Selected slides" });
    let saved = await nextSave(page);
    await bar.getByRole("button", { name: "Duplicate", exact: true }).click();
    await saved();
    expect(await titles(source)).toEqual([
      "Source deck",
      "Alpha",
      "Bravo",
      "Charlie",
      "Delta",
      "Charlie",
      "Delta",
    ]);
    // The copies are the selection now: Delete on a selected thumbnail removes both.
    await bar.getByText("2 slides selected").waitFor();
    saved = await nextSave(page);
    await page.locator("[data-testid=slide-thumb][aria-current=true]").press("Delete");
    await page.getByText("2 slides deleted").waitFor();
    await saved();
    expect(await titles(source)).toEqual(["Source deck", "Alpha", "Bravo", "Charlie", "Delta"]);
    await expect.poll(() => bar.count()).toBe(0);
  });
});

describe("copy and paste between decks", () => {
  it("copies the selected slides and pastes them into another deck after its current slide", async () => {
    await thumb(page, "Alpha").click();
    await thumb(page, "Bravo").click({ modifiers: ["Shift"] });
    await page.locator("[data-testid=slide-thumb][aria-current=true]").focus();
    await page.keyboard.press("ControlOrMeta+C");
    await page.getByText("2 slides copied").waitFor();
    // The clipboard's plain text is an outline of the slides, for pasting anywhere else.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "Alpha\n- Alpha detail\n\nBravo\n- Harbour at dawn",
    );

    const other = await openEditor(context, `${baseUrl}/editor/${target}`);
    await thumb(other, "Target deck").click();
    const saved = await nextSave(other);
    await other.locator("[data-testid=slide-thumb][aria-current=true]").press("ControlOrMeta+V");
    await other.getByText("2 slides pasted").waitFor();
    await saved();
    const deck = (await savedDeck(baseUrl, account.key, target)).deck;
    expect(deck.slides.map((slide) => slide.content.title)).toEqual([
      "Target deck",
      "Alpha",
      "Bravo",
      "Zulu",
    ]);
    const bravo = deck.slides[2];
    expect(bravo).toMatchObject({
      layout: "image-right",
      content: { image: { query: "harbour at dawn", alt: "A harbour" } },
      notes: "Bravo's speaker notes",
    });
    // Pasted slides get ids of their own.
    const sourceSlides = (await savedDeck(baseUrl, account.key, source)).deck.slides;
    const copiedIds = sourceSlides
      .filter((s) => ["Alpha", "Bravo"].includes(String(s.content.title)))
      .map((s) => s.id);
    expect(new Set(deck.slides.map((s) => s.id)).size).toBe(deck.slides.length);
    expect(copiedIds.some((copied) => [deck.slides[1]?.id, deck.slides[2]?.id].includes(copied))).toBe(false);
    expect(uncaughtErrors(other)).toEqual([]);
    await other.close();
  });

  it("raised no uncaught errors in the page", () => {
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
