// edit_path in real Chromium: the deck is drawn from the layout engine's boxes, in the shipped font,
// with every measured line inside its box, and the page's download buttons return the files.
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, pdfPageCount } from "../tests/api/helpers";
import { launchChromium } from "./browser";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the edit page in Chromium", () => {
  it("draws every slide in Arimo with each line inside its box, and its PDF button downloads the deck", async () => {
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: {
        content:
          "# Solar clinics\n\n## Outages\nRural clinics lose power nine hours a week. Vaccines spoil when fridges warm up.\n\n" +
          "## Fix\nA 5 kW solar array with batteries keeps the cold chain running. It pays back in four years.",
        n_slides: 2,
        include_table_of_contents: true,
      },
    });
    expect(res.status).toBe(200);
    const deck = await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    const slideCount = deck.json.exports[0].slide_count as number;

    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(res.json.edit_path);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.locator("section[aria-label^='Slide ']").count()).toBe(slideCount);
    expect(await page.evaluate(() => document.fonts.check("700 40px Arimo"))).toBe(true);
    await expect.poll(() => page.locator("body").innerText()).toContain("Outages");

    // Each drawn line is no wider than the box the layout engine gave it.
    const overflows = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-role]")].flatMap((box) => {
        const limit = box.getBoundingClientRect().right + 0.5;
        return [...box.querySelectorAll<HTMLElement>(":scope > div")]
          .filter((line) => line.getBoundingClientRect().right > limit)
          .map((line) => `${box.dataset.role}: ${line.textContent}`);
      }),
    );
    expect(overflows).toEqual([]);

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.locator("section[aria-label='Slide 1']").screenshot({ path: path.join(SHOTS, "slide-1.png") });

    const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Download PDF")]);
    const file = await download.path();
    expect(pdfPageCount(fs.readFileSync(file))).toBe(slideCount);
    await page.close();
  });
});
