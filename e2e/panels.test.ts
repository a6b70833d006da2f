// The editor's media and data panels in real Chromium, opened from the editor: the icon picker
// (search, arrow keys, Escape, the current icon marked), the picture picker (the "no stock provider"
// message instead of an empty grid, an offline illustration, an upload with alt text), the table
// and chart editors (an invalid number stays a field error and is not saved) and the AI prompt
// panel (cost shown before, proposal drawn, Reject keeps the slide). The shared test server has no
// stock or AI image provider, and the offline AI edit rules.
import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

let browser: Browser;
let account: TEditorAccount;
let context: BrowserContext;
let page: Page;
let id: string;

const SLIDES = [
  { layout: "title", content: { title: "Panels deck", subtitle: "Pictures, icons, data" } },
  {
    layout: "image-left",
    content: {
      title: "Harbour works",
      bullets: ["New quay wall", "Deeper berth"],
      image: { query: "harbour at dawn" },
    },
  },
  {
    layout: "icons-grid",
    content: {
      title: "Cards",
      items: [
        { title: "Speed", body: "Fast", icon: "rocket" },
        { title: "Safety", body: "Checked", icon: "shield-check" },
      ],
    },
  },
  {
    layout: "table",
    content: {
      title: "Costs",
      table: {
        header: ["Item", "Cost"],
        rows: [
          ["Panels", "6,000"],
          ["Batteries", "4,500"],
        ],
      },
    },
  },
  {
    layout: "chart",
    content: {
      title: "Growth",
      chart: {
        type: "column",
        categories: ["2024", "2025"],
        series: [{ name: "Revenue", values: [12, 18] }],
        unit: "M€",
      },
    },
  },
];

type TSavedSlide = { id: string; layout: string; content: Record<string, unknown> };

async function slideWithTitle(title: string): Promise<TSavedSlide> {
  const saved = await savedDeck(baseUrl, account.key, id);
  const slide = saved.deck.slides.find((s) => s.content.title === title);
  if (!slide) throw new Error(`no slide "${title}"`);
  return slide;
}

/** Polls the saved slide's content field until autosave has stored the edit. */
function savedField(title: string, field: string) {
  return expect.poll(async () => (await slideWithTitle(title)).content[field], { timeout: 20_000 });
}

async function select(title: string) {
  await page.locator(`[data-testid=slide-thumb][aria-label$=': ${title}']`).click();
}

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "editor-panels");
  ({ id } = await createDeck(baseUrl, { key: account.key }, { title: "Panels deck", slides: SLIDES }));
  context = await signedInContext(browser, baseUrl, account.cookie);
  page = await openEditor(context, `${baseUrl}/editor/${id}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("icon picker", () => {
  it("marks the current icon, searches by keyword, moves with arrow keys and closes with Escape", async () => {
    await select("Cards");
    await page.getByRole("button", { name: "Replace icon of card 2", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Choose an icon" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText("Current:").isVisible()).toBe(true);
    const search = dialog.getByRole("searchbox", { name: "Search icons" });
    await expect.poll(() => search.evaluate((node) => node === document.activeElement)).toBe(true);

    await search.fill("security");
    await dialog.getByText("for “security”").waitFor();
    await dialog.locator("[data-icon='shield-check'][aria-current='true']").waitFor();
    await search.press("ArrowDown");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-icon") ?? null);
    expect(await focused()).toBe("shield-check");
    await page.keyboard.press("ArrowRight");
    const second = await focused();
    expect(second).not.toBe("shield-check");
    expect(second).toBeTruthy();
    await shot(page, "panels-icon-picker.png");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await slideWithTitle("Cards")).content.items).toMatchObject([
      { icon: "rocket" },
      { icon: "shield-check" },
    ]);

    await page.getByRole("button", { name: "Replace icon of card 2", exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole("searchbox", { name: "Search icons" }).fill("launch");
    await dialog.getByText("for “launch”").waitFor();
    await dialog.locator("[data-icon='rocket']").first().press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await savedField("Cards", "items").toMatchObject([{ icon: "rocket" }, { icon: "rocket" }]);
  });
});

describe("picture picker", () => {
  it("says no stock provider is configured instead of showing an empty grid", async () => {
    await select("Harbour works");
    await page.getByRole("button", { name: "Replace picture", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Replace picture" });
    await dialog.waitFor();
    const search = dialog.getByRole("searchbox", { name: "Search pictures" });
    expect(await search.inputValue()).toBe("harbour at dawn");
    await dialog.getByText("No stock image provider is configured (set PEXELS_API_KEY").waitFor();
    expect(await dialog.getByRole("button", { name: "Search", exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole("radio", { name: /AI generated/ }).check();
    await dialog.getByText("No AI image provider is configured").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("picks an offline illustration by its query, with alt text; the slide keeps no asset", async () => {
    await page.getByRole("button", { name: "Replace picture", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Replace picture" });
    await dialog.getByLabel("Alt text").fill("A quiet harbour at sunrise");
    await dialog.getByRole("tab", { name: "Offline" }).click();
    const choices = dialog.locator("button[data-image^='offline:']");
    await expect.poll(() => choices.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await shot(page, "panels-picture-offline.png");
    const label = (await choices.nth(1).getAttribute("aria-label")) ?? "";
    await choices.nth(1).click();
    await dialog.waitFor({ state: "hidden" });
    await savedField("Harbour works", "image").toHaveProperty("alt", "A quiet harbour at sunrise");
    const image = (await slideWithTitle("Harbour works")).content.image as Record<string, string>;
    expect(image.asset).toBeUndefined();
    expect(image.query).not.toBe("harbour at dawn");
    expect(image.query).toMatch(/^harbour at dawn /);
    expect(label).toContain(image.query);
    expect(image.alt).toBe("A quiet harbour at sunrise");
  });

  it("uploads a picture and uses it, its alt text from the file's name; the stored asset is the uploaded picture", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    await page.getByRole("button", { name: "Replace picture", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Replace picture" });
    await dialog.getByRole("tab", { name: "Upload" }).click();
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "new-quay_wall.png", mimeType: "image/png", buffer: png });
    await dialog.getByText("new-quay_wall.png · 640×480 px").waitFor({ timeout: 20_000 });
    // The alt text starts as the picture's; an upload left untyped takes its file name's words.
    expect(await dialog.getByLabel("Alt text").inputValue()).toBe("A quiet harbour at sunrise");
    await dialog.getByRole("button", { name: "Use picture", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await savedField("Harbour works", "image").toHaveProperty("alt", "New quay wall");
    const image = (await slideWithTitle("Harbour works")).content.image as Record<string, string>;
    expect(image.asset).toMatch(/^assets\/[a-f0-9]{64}\.jpg$/);
    expect(image.alt).toBe("New quay wall");
    const served = await fetch(`${baseUrl}/api/v1/ppt/assets/${image.asset.slice(7)}`, {
      headers: { authorization: `Bearer ${account.key}` },
    });
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(image.asset.slice(7, 71));
    const { channels } = await sharp(bytes).stats();
    // #0f766e, give or take JPEG rounding.
    expect(channels.slice(0, 3).map((c) => Math.round(c.mean / 8))).toEqual([2, 15, 14]);
    // The canvas draws the stored picture.
    await page
      .locator(`[data-testid=canvas-page] img[src="/api/v1/ppt/assets/${image.asset.slice(7)}"]`)
      .first()
      .waitFor();
  });

  it("refuses a text file with the server's message", async () => {
    await page.getByRole("button", { name: "Replace picture", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Replace picture" });
    await dialog.getByRole("tab", { name: "Upload" }).click();
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await dialog.getByRole("alert").getByText("not a PNG, JPEG, WebP or GIF").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  });
});

describe("table and chart editors", () => {
  it("edits a cell and adds a row and a column; the saved table stays rectangular", async () => {
    await select("Costs");
    const table = page.getByTestId("inspector-table");
    await table.getByRole("textbox", { name: "Row 2, column 2" }).fill("4,800");
    await table.getByRole("button", { name: "Add row", exact: true }).click();
    await table.getByRole("textbox", { name: "Row 3, column 1" }).fill("Installation");
    await table.getByRole("button", { name: "Add column", exact: true }).click();
    await table.getByRole("textbox", { name: "Header, column 3" }).fill("Year");
    await savedField("Costs", "table").toEqual({
      header: ["Item", "Cost", "Year"],
      rows: [
        ["Panels", "6,000", ""],
        ["Batteries", "4,800", ""],
        ["Installation", "", ""],
      ],
    });
  });

  it("keeps an invalid number as a field error and saves valid ones", async () => {
    await select("Growth");
    const chart = page.getByTestId("inspector-chart");
    const cell = chart.getByRole("textbox", { name: "Revenue, 2025" });
    await cell.fill("lots");
    await chart.getByText('"lots" is not a number.').waitFor();
    expect(await cell.getAttribute("aria-invalid")).toBe("true");
    await page.waitForTimeout(1500);
    await waitForSave(page);
    expect((await slideWithTitle("Growth")).content.chart).toMatchObject({ series: [{ values: [12, 18] }] });
    await cell.fill("21,5");
    await chart.getByRole("button", { name: "Add category", exact: true }).click();
    await chart.getByRole("textbox", { name: "Category 3", exact: true }).fill("2026");
    await savedField("Growth", "chart").toMatchObject({
      categories: ["2024", "2025", "2026"],
      series: [{ name: "Revenue", values: [12, 21.5, 0] }],
    });
    expect(await cell.getAttribute("aria-invalid")).toBeNull();
    await chart.scrollIntoViewIfNeeded();
    await shot(page, "panels-chart-editor.png");
  });
});

describe("AI prompt panel", () => {
  it("shows the cost before, the proposal drawn with the balance after, and Reject keeps the slide and refunds the credit", async () => {
    await select("Harbour works");
    const before = (await call(baseUrl, "/api/v1/credits", { key: account.key })).json;
    const panel = page.getByRole("region", { name: "AI edit" });
    await panel.getByText(`Costs ${before.rules.per_ai_edit} credit`).first().waitFor();
    await panel.getByRole("button", { name: "Add a slide about risks", exact: true }).click();
    expect(await panel.getByRole("textbox", { name: "AI prompt" }).inputValue()).toBe(
      "Add a slide about risks",
    );
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    // The proposal is drawn on the canvas, over the slide: before and after, with Accept and Reject.
    const proposal = page.getByTestId("proposal-stage").getByRole("region", { name: "AI proposal" });
    const reject = proposal.getByRole("button", { name: "Reject", exact: true });
    const alert = panel.getByRole("alert");
    await reject.or(alert).first().waitFor({ timeout: 60_000 });
    if (await alert.count()) throw new Error(`The AI edit failed: ${await alert.first().textContent()}`);
    const cost = before.rules.per_ai_edit as number;
    const charged = `charged ${cost} credit${cost === 1 ? "" : "s"} · balance ${before.balance} → ${before.balance - cost}`;
    await proposal.getByText(charged).waitFor();
    await panel.getByText("The slide before and after is on the canvas").waitFor();
    // Before: the slide as it is; after: the slide as it was and the new one after it, all drawn.
    const beforeSide = proposal.getByRole("figure", { name: "Before" });
    const afterSide = proposal.getByRole("figure", { name: "After" });
    await expect.poll(() => beforeSide.locator("[data-box]").count()).toBeGreaterThan(0);
    await expect.poll(() => afterSide.locator("ol > li").count()).toBe(2);
    await expect
      .poll(() => afterSide.locator("ol > li").nth(1).locator("[data-box]").count())
      .toBeGreaterThan(0);
    // Side by side and larger than the panel's thumbnails, and the editable slide is covered.
    const [b, a] = await Promise.all([beforeSide.boundingBox(), afterSide.boundingBox()]);
    expect(b && a && Math.abs(b.y - a.y) < 2 && a.x > b.x + b.width).toBe(true);
    expect(b?.width ?? 0).toBeGreaterThan(280);
    await shot(page, "panels-ai-proposal.png");
    const slideBefore = await slideWithTitle("Harbour works");
    await reject.click();
    await proposal.waitFor({ state: "detached" });
    await waitForSave(page);
    expect(await slideWithTitle("Harbour works")).toEqual(slideBefore);
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides).toHaveLength(SLIDES.length);
    // A rejected proposal is free: its credits come back, and the cost line shows the old balance.
    await panel.getByText(`Rejected: ${cost} credit${cost === 1 ? "" : "s"} refunded`).waitFor();
    await panel.getByText(`balance ${before.balance} → ${before.balance - cost}`).waitFor();
    const after = (await call(baseUrl, "/api/v1/credits", { key: account.key })).json;
    expect(after.balance).toBe(before.balance);
  });

  it("raised no uncaught errors in the page", () => {
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
