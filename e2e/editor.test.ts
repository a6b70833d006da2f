// The editor's page in real Chromium: only the owner's session opens it (another account gets the 404
// page, a signed-out visitor is sent to sign in and back), slide text that looks like HTML stays
// text — drawn and while edited inline — and the PDF button downloads the edited deck.
import fs from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pdfPageCount, pdfText, squash } from "../tests/api/helpers";
import { launchChromium } from "./browser";
import {
  boxText,
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  openInlineEditor,
  overflowingLines,
  savedDeck,
  shot,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

let browser: Browser;
let owner: TEditorAccount;
let other: TEditorAccount;
let id: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  owner = await editorAccount(baseUrl, "editor-owner");
  other = await editorAccount(baseUrl, "editor-other");
  ({ id } = await createDeck(
    baseUrl,
    { key: owner.key },
    {
      title: "Secret plans",
      slides: [
        { layout: "title", content: { title: "Secret plans", subtitle: "Drawn in the browser" } },
        { layout: "bullets", content: { title: XSS, bullets: [`${XSS} stays text`, "A second point"] } },
      ],
    },
  ));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function context(cookie?: string) {
  const created = cookie
    ? await signedInContext(browser, baseUrl, cookie)
    : await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  contexts.push(created);
  return created;
}

describe("who can open /editor/{id}", () => {
  it("sends a signed-out visitor to sign in and back", async () => {
    const page = await (await context()).newPage();
    await page.goto(`${baseUrl}/editor/${id}`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/sign-in");
    expect(url.search).toBe(`?callbackUrl=${encodeURIComponent(`/editor/${id}`)}`);
    expect(await page.content()).not.toContain("Secret plans");
  });

  it("shows another account the 404 page, without a trace of the deck", async () => {
    const page = await (await context(other.cookie)).newPage();
    const response = await page.goto(`${baseUrl}/editor/${id}`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Presentation not found" }).waitFor();
    const html = await page.content();
    expect(html).not.toContain("Secret plans");
    expect(html).not.toContain("Drawn in the browser");
    const unknown = await page.goto(`${baseUrl}/editor/00000000-0000-4000-8000-000000000000`);
    expect(unknown?.status()).toBe(404);
  });
});

describe("the owner's editor", () => {
  it("draws the deck in Arimo with each line inside its box; markup stays text, also when edited inline", async () => {
    const page = await openEditor(await context(owner.cookie), `${baseUrl}/editor/${id}`);
    const saved = await nextSave(page);
    expect(await page.evaluate(() => document.fonts.check("700 40px Arimo"))).toBe(true);
    expect(await overflowingLines(page)).toEqual([]);
    expect(await boxText(page, "subtitle")).toBe("Drawn in the browser");

    await page.getByTestId("slide-thumb").nth(1).click();
    await expect.poll(() => boxText(page, "title")).toContain('<img src=x onerror="window.');
    expect(await boxText(page, "title")).toContain("<script>window.");
    expect(
      await page.locator("[data-testid=canvas-page] img[src=x], [data-testid=canvas-page] script").count(),
    ).toBe(0);

    const editor = await openInlineEditor(page, "bullets");
    expect(await editor.textContent()).toContain("<script>window.");
    expect(await editor.locator("img, script").count()).toBe(0);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(` and ${XSS}`);
    await page.keyboard.press("Escape");
    await saved();
    await shot(page, "editor-xss.png");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(uncaughtErrors(page)).toEqual([]);

    const server = await savedDeck(baseUrl, owner.key, id);
    const bullets = server.deck.slides[1].content.bullets as string[];
    expect(bullets.at(-1)).toContain("<img src=x onerror=");
    expect(bullets.at(-1)).toContain("<script>");
    expect(server.deck.slides[1].content.title).toBe(XSS);
  });

  it("downloads the saved, edited deck as PDF from the Export PDF button", async () => {
    const page = await openEditor(await context(owner.cookie), `${baseUrl}/editor/${id}`);
    await openInlineEditor(page, "subtitle");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Exported right after typing");
    // No wait for the autosave: the button saves first.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PDF", exact: true }).click(),
    ]);
    const bytes = fs.readFileSync(await download.path());
    expect(pdfPageCount(bytes)).toBe(2);
    expect(squash(pdfText(bytes))).toContain("Exported right after typing");
    expect((await savedDeck(baseUrl, owner.key, id)).deck.slides[0].content.subtitle).toBe(
      "Exported right after typing",
    );
  });
});
