// "New presentation" in real Chromium: paste text, upload and remove a document, generate the
// outline (the cover first, its title the typed title, counted in the slides asked), edit a title, delete a slide, reorder with the keyboard and the mouse, generate with visible
// progress, land in the editor — and the stored deck has the edited title in the new order.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl } from "../tests/api/helpers";
import { launchChromium } from "./browser";
import { sessionCookieFor, signUpViaHttp, uniqueUser } from "./fixtures";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");

const SOURCE = [
  "# Solar clinics",
  "",
  "## Outages",
  "Rural clinics lose power nine hours a week. Vaccines spoil when fridges warm up.",
  "",
  "## The fix",
  "A 5 kW solar array with batteries keeps the cold chain running. It pays back in four years.",
  "",
  "## Costs",
  "Panels cost 6,000 euros and batteries 4,500 euros per clinic. Installation adds 1,500 euros.",
  "",
  "## Plan",
  "We pilot in 12 clinics in 2026 and roll out regionally in 2027.",
].join("\n");

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: string;

beforeAll(async () => {
  browser = await launchChromium();
  ({ cookie } = await signUpViaHttp(baseUrl(), uniqueUser("create")));
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(sessionCookieFor(baseUrl(), cookie));
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The outline's slide titles, in the order shown. */
const outlineTitles = () =>
  page
    .getByTestId("outline-slide")
    .evaluateAll((cards) => cards.map((card) => (card.querySelector("input") as HTMLInputElement).value));

/** An API call as the signed-in browser account. */
const asUser = (pathname: string) => api(pathname, { key: null, headers: { cookie } });

describe("the new presentation page", () => {
  it("turns pasted text into an edited, reordered outline and generates the deck into the editor", async () => {
    const credits = await asUser("/api/v1/credits?limit=1");
    expect(credits.status).toBe(200);
    const before = credits.json.balance as number;
    const perSlide = credits.json.rules.per_slide as number;

    await page.goto(`${baseUrl()}/new`);
    await page.locator("#content").fill(SOURCE);
    await page.locator("#n_slides").fill("4");
    await page.locator("#tone").selectOption("professional");
    await page.locator("#template").selectOption("modern");
    await page.locator("#theme").selectOption("midnight");

    // A document is read and listed with what the server found in it, then removed again.
    await page.getByLabel("Documents").setInputFiles({
      name: "field-notes.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Field notes\n\nThe generator in Kasese failed twice in March."),
    });
    const uploaded = page.getByTestId("uploaded-file");
    await expect.poll(() => uploaded.count()).toBe(1);
    const listing = await uploaded.textContent();
    expect(listing).toContain("field-notes.md");
    expect(listing).toContain("markdown");
    expect(listing).toMatch(/\d+ characters/);
    await page.getByRole("button", { name: "Remove field-notes.md" }).click();
    await expect.poll(() => uploaded.count()).toBe(0);

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "new-source.png"), fullPage: true });

    await page.getByRole("button", { name: "Generate outline", exact: true }).click();
    await page.getByTestId("outline-slide").first().waitFor();
    // Four slides asked: the cover (its title the text's heading) and three content slides.
    const generated = await outlineTitles();
    expect(generated).toHaveLength(4);
    expect(generated[0]).toBe("Solar clinics");
    expect(generated.every((title) => title.trim().length > 0)).toBe(true);
    await page.getByLabel("Slide 1 subtitle").waitFor();
    // Bullets came with the outline.
    const firstBullets = await page.getByLabel("Slide 2 bullets, one per line").inputValue();
    expect(firstBullets.trim().length).toBeGreaterThan(0);
    // A typed presentation title is the cover's title.
    await page.locator("#deck-title").fill("Power for rural clinics");
    await expect.poll(async () => (await outlineTitles())[0]).toBe("Power for rural clinics");
    await page.getByLabel("Slide 1 subtitle").fill("A plan for 2026");

    // Edit slide 2's title, delete slide 4, then move slide 2 down one place with the keyboard.
    const cover = "Power for rural clinics";
    await page.getByLabel("Slide 2", { exact: true }).fill("Edited opening");
    await page.getByRole("button", { name: "Delete slide 4" }).click();
    await expect.poll(outlineTitles).toEqual([cover, "Edited opening", generated[2]]);
    const handle = page.getByRole("button", { name: "Move slide 2" });
    await handle.focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await expect.poll(outlineTitles).toEqual([cover, generated[2], "Edited opening"]);

    // And with the mouse: slide 3's handle dragged onto slide 2's place.
    const from = await page.getByRole("button", { name: "Move slide 3" }).boundingBox();
    const to = await page.getByRole("button", { name: "Move slide 2" }).boundingBox();
    if (!from || !to) throw new Error("The drag handles are not on screen.");
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x, start.y - 10, { steps: 4 });
    await page.mouse.move(start.x, to.y + to.height / 2, { steps: 16 });
    await page.mouse.up();
    const order = [cover, "Edited opening", generated[2]];
    await expect.poll(outlineTitles).toEqual(order);

    // The price is shown before generating: three slides, the cover among them, by the per-slide rule.
    await expect
      .poll(() => page.getByTestId("credit-estimate").textContent())
      .toContain(`Uses ${3 * perSlide} credit`);

    await page.screenshot({ path: path.join(SHOTS, "new-outline.png"), fullPage: true });

    await page.getByRole("button", { name: "Generate presentation" }).click();
    const bar = page.getByRole("progressbar");
    await bar.waitFor({ state: "visible" });
    const value = Number(await bar.getAttribute("aria-valuenow"));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const id = new URL(page.url()).pathname.split("/").at(-1) as string;

    const deck = await asUser(`/api/v1/ppt/presentation/${id}`);
    expect(deck.status).toBe(200);
    const slides = deck.json.deck.slides as {
      layout: string;
      content: { title?: string; subtitle?: string };
    }[];
    expect(slides.map((slide) => slide.content.title)).toEqual(order);
    expect(slides[0]).toMatchObject({ layout: "title", content: { subtitle: "A plan for 2026" } });
    expect(deck.json.deck).toMatchObject({
      title: cover,
      template: "modern",
      theme: "midnight",
      language: "English",
    });
    const after = await asUser("/api/v1/credits?limit=1");
    expect(after.json.balance).toBe(before - 3 * perSlide);
  });

  it("shows why an outline cannot be made and keeps what was typed", async () => {
    await page.goto(`${baseUrl()}/new`);
    await page.locator("#content").fill("Short text about one thing.");
    await page.locator("#n_slides").fill("60");
    await page.getByRole("button", { name: "Generate outline", exact: true }).click();
    const error = page.locator("main [role=alert]").first();
    await error.waitFor();
    // The server's message for the field, beside it; the form keeps what was typed.
    expect(await page.locator("#n_slides-error").textContent()).toMatch(/50/);
    expect(await page.locator("#content").inputValue()).toBe("Short text about one thing.");
  });
});
