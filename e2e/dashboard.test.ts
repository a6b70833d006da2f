// The dashboard in real Chromium: the empty state, cards with drawn thumbnails, search, inline
// rename (Enter saves, Escape cancels), duplicate, delete with confirmation, and a PPTX download.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, pptxSlides } from "../tests/api/helpers";
import { launchChromium } from "./browser";
import { sessionCookieFor, signUpViaHttp, uniqueUser } from "./fixtures";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: string;

/** An API call as the signed-in browser account (with the Origin a browser sends on writes). */
const asUser = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(pathname, { key: null, ...init, headers: { cookie, origin: baseUrl() } });

async function makeDeck(title: string, theme: string): Promise<string> {
  const res = await asUser("/api/v1/ppt/presentation/create/from-json", {
    body: {
      title,
      theme,
      slides: [
        { layout: "title", content: { title, subtitle: "Made for the dashboard test" } },
        { layout: "bullets", content: { title: "Why", bullets: ["Cards show thumbnails", "Actions work"] } },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.presentation_id;
}

const cards = () => page.getByTestId("presentation-card");
const card = (title: string) =>
  cards().filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const cardTitles = () =>
  cards().evaluateAll((all) => all.map((el) => el.querySelector("h2")?.textContent?.trim() ?? "(editing)"));

beforeAll(async () => {
  browser = await launchChromium();
  ({ cookie } = await signUpViaHttp(baseUrl(), uniqueUser("dashboard")));
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addCookies(sessionCookieFor(baseUrl(), cookie));
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe("the dashboard", () => {
  it("shows the empty state with a way to start a presentation", async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("heading", { name: "No presentations yet" }).waitFor();
    const start = page.getByRole("main").getByRole("link", { name: "New presentation" });
    expect(await start.count()).toBeGreaterThan(0);
    expect(await start.first().getAttribute("href")).toBe("/new");
  });

  it("lists decks with thumbnails, renames, duplicates, deletes and downloads through the cards", async () => {
    const solarId = await makeDeck("Solar clinics", "ocean");
    await makeDeck("Water pumps", "midnight");
    await page.goto(`${baseUrl()}/dashboard`);
    await expect.poll(cardTitles).toEqual(["Water pumps", "Solar clinics"]);

    // Each card draws its first slide from the layout engine's boxes, title text included.
    const solar = card("Solar clinics");
    await solar.locator("[data-box]").first().waitFor();
    expect(await solar.locator("[data-box]").count()).toBeGreaterThan(1);
    expect(await solar.locator("[data-role=title]").textContent()).toContain("Solar clinics");
    expect(await solar.getByTestId("slide-count").textContent()).toBe("2 slides");
    expect(await solar.getByRole("link", { name: "Open", exact: true }).getAttribute("href")).toBe(
      `/editor/${solarId}`,
    );

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "dashboard.png"), fullPage: true });
    // A tablet in portrait: the same cards, two to a row, every action still reachable.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: path.join(SHOTS, "dashboard-tablet.png"), fullPage: true });
    expect(await solar.getByRole("button", { name: "Download PDF" }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Escape cancels a rename; Enter saves it (shown at once, stored by the server).
    await solar.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("New title").fill("Discarded title");
    await page.keyboard.press("Escape");
    await expect.poll(cardTitles).toEqual(["Water pumps", "Solar clinics"]);
    await solar.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("New title").fill("Solar clinics 2027");
    await page.keyboard.press("Enter");
    await card("Solar clinics 2027").waitFor();
    await expect
      .poll(async () => (await asUser(`/api/v1/ppt/presentation/${solarId}`)).json.title)
      .toBe("Solar clinics 2027");
    // The renamed deck was updated last: it moves to the front once the list is refetched.
    await expect.poll(cardTitles).toEqual(["Solar clinics 2027", "Water pumps"]);

    // Duplicate: a new card, stored as a new presentation.
    await card("Solar clinics 2027").getByRole("button", { name: "Duplicate" }).click();
    await card("Solar clinics 2027 (copy)").waitFor();
    expect(await page.locator("main [role=status]").textContent()).toContain("Solar clinics 2027 (copy)");
    expect(await cards().count()).toBe(3);

    // Search narrows the grid to matching titles, and is kept in the URL through a reload.
    await page.getByLabel("Search presentations").fill("pumps");
    await expect.poll(cardTitles).toEqual(["Water pumps"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("pumps");
    await page.reload();
    await expect.poll(cardTitles).toEqual(["Water pumps"]);
    expect(await page.getByLabel("Search presentations").inputValue()).toBe("pumps");
    // It finds slide text too, saying where; the slide's link opens the editor on that slide.
    await page.getByLabel("Search presentations").fill("actions work");
    await expect.poll(() => cards().count()).toBe(3);
    const match = card("Water pumps").getByTestId("search-match");
    expect(await match.textContent()).toBe("Slide 2: Actions work");
    await match.getByRole("link", { name: "Slide 2" }).click();
    await page.waitForURL(/\/editor\/[^/?]+\?slide=2$/);
    await expect
      .poll(() => page.locator("[data-testid=slide-thumb][aria-current=true]").getAttribute("aria-label"))
      .toMatch(/^Slide 2\b/);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("actions work");
    await expect.poll(() => cards().count()).toBe(3);
    await page.getByLabel("Search presentations").fill("");
    await expect.poll(() => cards().count()).toBe(3);
    await expect.poll(() => new URL(page.url()).search).toBe("");

    // Delete asks first; Cancel keeps the deck, confirming removes it from the grid and the server.
    const copy = card("Solar clinics 2027 (copy)");
    await copy.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    expect(await cards().count()).toBe(3);
    await copy.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete presentation" }).click();
    await expect.poll(() => cards().count()).toBe(2);
    // The banner no longer names the deleted copy as made: it says it was deleted.
    await expect
      .poll(() => page.locator("main [role=status]").textContent())
      .toBe("Deleted “Solar clinics 2027 (copy)”.Dismiss");
    const listed = await asUser("/api/v1/ppt/presentations");
    expect(listed.json.items.map((item: { title: string }) => item.title)).toEqual([
      "Solar clinics 2027",
      "Water pumps",
    ]);

    // Download PPTX: the saved deck, exported and handed to the browser as a file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card("Solar clinics 2027").getByRole("button", { name: "Download PPTX" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("solar-clinics-2027.pptx");
    const slides = await pptxSlides(fs.readFileSync(await download.path()));
    expect(slides).toHaveLength(2);
    expect(slides[0]).toContain("Solar clinics");
    expect(slides[1]).toContain("Cards show thumbnails");
  });

  it("puts a deck back when the server refuses to delete it", async () => {
    const id = await makeDeck("Stubborn deck", "light");
    await page.goto(`${baseUrl()}/dashboard`);
    await card("Stubborn deck").waitFor();
    // The server fails this delete (simulated): the card, removed at once, comes back with the reason.
    await page.route(`**/api/v1/ppt/presentation/${id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({
            status: 500,
            contentType: "application/problem+json",
            body: JSON.stringify({ title: "Internal error", status: 500, detail: "Storage is unavailable." }),
          })
        : route.continue(),
    );
    await card("Stubborn deck").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete presentation" }).click();
    const alert = page.locator("main [role=alert]");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Storage is unavailable.");
    await card("Stubborn deck").waitFor();
    await page.unroute(`**/api/v1/ppt/presentation/${id}`);
  });
});
