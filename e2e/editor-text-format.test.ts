// The inline editor's text formatting in real Chromium: underline from the toolbar and with
// Ctrl+U, a highlight and a theme colour from the toolbar; the toolbar sits clear of the box being
// edited; the marks are saved as the deck's span syntax, drawn on the canvas, kept over a reload and
// carried into the PPTX.
import JSZip from "jszip";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { THEMES } from "../lib/layouts/themes";
import { launchChromium } from "./browser";
import {
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
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

/** The inline style of the canvas's run holding `text` in the bullets box. */
function canvasRunStyle(text: string) {
  return page
    .locator('[data-testid=canvas-page] [data-box][data-role="bullets"] span', { hasText: text })
    .first()
    .evaluate((node) => {
      const style = getComputedStyle(node);
      return {
        underline: style.textDecorationLine.includes("underline"),
        color: style.color,
        background: style.backgroundColor,
      };
    });
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "editor-text-format");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Format deck",
      theme: "light",
      slides: [
        {
          layout: "bullets",
          content: { title: "Quarter in brief", bullets: ["Revenue doubled", "Costs fell", "Margins rose"] },
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

describe("text formatting in the editor", () => {
  it("underlines, highlights and colours from the toolbar, which stays clear of the edited box", async () => {
    const saved = await nextSave(page);
    const editor = await openInlineEditor(page, "bullets");
    const toolbar = page.locator("[data-testid=inline-editor] [role=toolbar]");
    await expect.poll(() => toolbar.evaluate((node) => getComputedStyle(node).visibility)).toBe("visible");
    const bar = await toolbar.boundingBox();
    const box = await page.getByTestId("inline-editor-text").boundingBox();
    const slide = await page.getByTestId("inline-editor").evaluate((node) => {
      const rect = (node as HTMLElement).offsetParent?.getBoundingClientRect();
      return rect ? { top: rect.top, bottom: rect.bottom } : null;
    });
    if (!bar || !box || !slide) throw new Error("toolbar, editing box or slide not laid out");
    // Outside the slide (above it, where there is room), so it covers neither the bullets being
    // edited nor the title above them; lined up with the box.
    expect(bar.y + bar.height).toBeLessThanOrEqual(slide.top);
    expect(Math.abs(bar.x - box.x)).toBeLessThan(2);
    await shot(page, "text-format-toolbar.png");

    await editor.getByText("Revenue doubled").click({ clickCount: 3 });
    await settleSelection(page);
    await page.getByRole("button", { name: "Underline", exact: true }).click();
    expect(await editor.locator("u").allTextContents()).toEqual(["Revenue doubled"]);
    await expect
      .poll(() => page.getByRole("button", { name: "Underline", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");

    await editor.getByText("Costs fell").click({ clickCount: 3 });
    await settleSelection(page);
    await page.keyboard.press("Control+u");
    expect(await editor.locator("u").allTextContents()).toEqual(["Revenue doubled", "Costs fell"]);

    await editor.getByText("Margins rose").click({ clickCount: 3 });
    await settleSelection(page);
    await page.getByRole("button", { name: "Highlight", exact: true }).click();
    await page.getByRole("button", { name: "Text colour", exact: true }).click();
    await page.getByRole("button", { name: "Accent", exact: true }).click();
    expect(
      await editor
        .locator(
          "mark [data-theme-color=accent], [data-theme-color=accent] mark, mark[data-theme-color=accent]",
        )
        .count(),
    ).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await saved();

    const deck = (await savedDeck(baseUrl, account.key, id)).deck;
    expect(deck.slides[0].content.bullets).toEqual([
      "[Revenue doubled]{.underline}",
      "[Costs fell]{.underline}",
      "[Margins rose]{.highlight .accent}",
    ]);
    const palette = THEMES.light.palette;
    await expect
      .poll(() => canvasRunStyle("Margins rose"))
      .toEqual({
        underline: false,
        color: rgb(palette.accent),
        background: rgb(palette.highlight),
      });
    expect((await canvasRunStyle("Costs fell")).underline).toBe(true);
    await shot(page, "text-format-canvas.png");
  });

  it("centres a box and sets its text a step larger from the toolbar, one undo step each", async () => {
    const drawn = page.locator('[data-testid=canvas-page] [data-box][data-role="bullets"]').first();
    const lineSize = () =>
      drawn.evaluate((node) =>
        Number.parseFloat(getComputedStyle(node.lastElementChild as Element).fontSize),
      );
    // Where the line "Costs fell" starts, from the box's left edge.
    const lineLeft = () =>
      drawn.evaluate((node) => {
        const lines = [...node.children] as HTMLElement[];
        return lines.find((line) => line.textContent?.includes("Costs fell"))?.offsetLeft ?? -1;
      });
    const sizeBefore = await lineSize();
    const leftBefore = await lineLeft();
    await openInlineEditor(page, "bullets");
    let saved = await nextSave(page);
    await page.getByRole("button", { name: "Centre", exact: true }).click();
    await expect
      .poll(() => page.getByRole("button", { name: "Centre", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await saved();
    saved = await nextSave(page);
    await page.getByRole("button", { name: "Larger text", exact: true }).click();
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0]?.format).toEqual({
      bullets: { align: "center", size: 1 },
    });
    await page.keyboard.press("Escape");
    await expect.poll(lineSize).toBeGreaterThan(sizeBefore);
    expect(await drawn.getAttribute("data-align")).toBe("center");
    expect(await lineLeft()).toBeGreaterThan(leftBefore + 40);
    // Undo takes the size step back, then the centring.
    saved = await nextSave(page);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Z");
    await saved();
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0]?.format).toEqual({
      bullets: { align: "center" },
    });
  });

  it("keeps the formatting over a reload, in the canvas and the editor, and in the PPTX", async () => {
    await page.reload();
    await page.locator('[data-testid=canvas-page] [data-box][data-role="bullets"]').first().waitFor();
    const palette = THEMES.light.palette;
    await expect
      .poll(() => canvasRunStyle("Margins rose"))
      .toMatchObject({ background: rgb(palette.highlight) });
    expect((await canvasRunStyle("Revenue doubled")).underline).toBe(true);
    const editor = await openInlineEditor(page, "bullets");
    expect(await editor.locator("u").allTextContents()).toEqual(["Revenue doubled", "Costs fell"]);
    expect(await editor.locator("mark").allTextContents()).toEqual(["Margins rose"]);
    // The toolbar says what the caret is in.
    await editor.getByText("Costs fell").click();
    await settleSelection(page);
    await expect
      .poll(() => page.getByRole("button", { name: "Underline", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await page.keyboard.press("Escape");

    const res = await fetch(`${baseUrl}/editor/${id}/export/pptx`, { headers: { cookie: account.cookie } });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const xml = (await zip.file("ppt/slides/slide1.xml")?.async("string")) ?? "";
    const run = (text: string) =>
      [...xml.matchAll(/<a:r>(?:(?!<\/a:r>).)*<\/a:r>/gs)]
        .map((m) => m[0])
        .find((r) => r.includes(`<a:t>${text}</a:t>`)) ?? "";
    expect(run("Revenue doubled")).toContain('u="sng"');
    expect(run("Costs fell")).toContain('u="sng"');
    expect(run("Margins rose")).toContain(`<a:highlight><a:srgbClr val="${palette.highlight.slice(1)}"/>`);
    expect(run("Margins rose")).toContain(`<a:solidFill><a:srgbClr val="${palette.accent.slice(1)}"/>`);
    // The centred box is centred in the PPTX too.
    expect(xml).toMatch(/<a:pPr[^>]*algn="ctr"[^>]*>(?:(?!<\/a:p>).)*<a:t>Margins rose<\/a:t>/s);
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
