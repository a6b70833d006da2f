// The editor's React slide renderer against the PDF: every slide of a deck's overview page (the
// owner's /editor/{id}/overview, drawn by the same SlideView as the editor), screenshotted in real
// Chromium at the PDF raster's pixel size, differs from poppler's raster of the deck's PDF by no more
// than anti-aliasing-level pixels. Uses the LibreOffice bench's measure (pixelmatch) and its corpus
// decks: all fifteen layouts, with a table, a chart, pictures and icons, in a light and a dark theme.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparePng } from "../bench/compare-png";
import { everyLayoutDeck } from "../bench/corpus";
import { rasterisePdf } from "../bench/rasterise-pdf";
import { shiftPng } from "../bench/shift-png";
import type { TLayoutId, TTemplateId } from "../lib/deck/schema";
import { baseUrl } from "../tests/api/helpers";
import { launchChromium } from "./browser";
import { sessionCookieFor, signUpViaHttp, uniqueUser } from "./fixtures";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/slide-parity");

/**
 * The editor draws each slide 960 CSS px wide; a 960×540 pt PDF page at 72 dpi is 960×540 px, so
 * the two rasters line up pixel for pixel with no scaling on either side.
 */
const RASTER = { width: 960, height: 540 };

/**
 * Most pixels a slide may differ by (share of the page), per layout: 1.3 × the larger of the two
 * decks' figures, measured with Chromium 156 (--font-render-hinting=none) against pdftoppm 22.12
 * at 72 dpi, pixelmatch threshold 0.1, anti-aliased pixels excluded (general/light, swift/midnight):
 * title 0.06 / 0.32 %, section 0.01 / 0.04 %, agenda 0.15 / 0.11 %, bullets 0.29 / 0.26 %,
 * two-column 0.31 / 0.31 %, image-left 0.49 / 0.53 %, image-right 0.62 / 0.48 %, icons-grid
 * 0.29 / 0.52 %, metrics 0.08 / 0.24 %, quote 0.21 / 0.14 %, table 0.33 / 0.32 %, chart
 * 0.34 / 0.35 %, timeline 0.40 / 0.46 %, comparison 0.63 / 0.57 %, closing 0.06 / 0.15 %.
 * What remains is glyph edges that Skia and Splash round to neighbouring pixels, 1 px outlines, and
 * the thin strokes of resampled pictures, not misplaced boxes. The bullets slide with its text one
 * pixel lower scores 1.12 %, nearly three times its limit (checked below).
 */
const MAX_SLIDE_DIFF: Record<TLayoutId, number> = {
  title: 0.0045,
  section: 0.002,
  agenda: 0.002,
  bullets: 0.004,
  "two-column": 0.0045,
  "image-left": 0.007,
  "image-right": 0.008,
  "icons-grid": 0.007,
  metrics: 0.0035,
  quote: 0.003,
  table: 0.0045,
  chart: 0.005,
  timeline: 0.006,
  comparison: 0.008,
  closing: 0.002,
};

let browser: Browser;
let work: string;
let cookie: string;
beforeAll(async () => {
  browser = await launchChromium();
  ({ cookie } = await signUpViaHttp(baseUrl(), uniqueUser("parity")));
  work = mkdtempSync(path.join(tmpdir(), "deckforge-slide-parity-"));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Screenshots every slide of an open edit page at the raster size. Each frame is pinned to the
 * viewport's top-left corner first: in the page flow slides sit at fractional offsets (the labels'
 * rem line heights), where Chromium would anti-alias every box edge across two pixel rows. The
 * frame's shadow and rounded corners are page chrome, not slide, and are dropped for the shot.
 */
async function screenshotSlides(page: Page, count: number): Promise<Buffer[]> {
  const shots: Buffer[] = [];
  for (let n = 1; n <= count; n++) {
    const frame = page.locator(`section[aria-label='Slide ${n}'] .slide-frame`);
    await frame.evaluate((el: HTMLElement) => {
      Object.assign(el.style, {
        position: "fixed",
        left: "0",
        top: "0",
        zIndex: "10",
        boxShadow: "none",
        borderRadius: "0",
      });
    });
    expect(await frame.boundingBox()).toEqual({ x: 0, y: 0, ...RASTER });
    shots.push(
      await page.screenshot({ clip: { x: 0, y: 0, ...RASTER }, animations: "disabled", scale: "css" }),
    );
    await frame.evaluate((el: HTMLElement) => el.removeAttribute("style"));
  }
  return shots;
}

describe("the editor's slides in Chromium match the PDF raster", () => {
  for (const template of ["general", "swift"] as const satisfies TTemplateId[]) {
    const { deck } = everyLayoutDeck(template);
    it(`every layout of ${template}/${deck.theme} stays within its limit`, async () => {
      // Made with the owner's session, as the web app does; the overview needs that session.
      const res = await fetch(`${baseUrl()}/api/v1/ppt/presentation/create/from-json`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: baseUrl() },
        body: JSON.stringify({
          title: deck.title,
          template,
          theme: deck.theme,
          slides: deck.slides.map(({ layout, content }) => ({ layout, content })),
        }),
      });
      expect(res.status).toBe(200);
      const { presentation_id } = (await res.json()) as { presentation_id: string };

      const context = await browser.newContext({
        viewport: { width: 1400, height: 900 },
        deviceScaleFactor: 1,
      });
      await context.addCookies(sessionCookieFor(baseUrl(), cookie));
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/editor/${presentation_id}/overview`);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      // One page per slide: nothing in this deck continues, so slide N is page N of the PDF.
      expect(await page.locator("section[aria-label^='Slide ']").count()).toBe(deck.slides.length);
      const shots = await screenshotSlides(page, deck.slides.length);

      // The editor's own export link: the PDF of exactly the deck the page drew.
      const href = await page.locator("a", { hasText: "Download PDF" }).getAttribute("href");
      await context.close();
      const pdf = await fetch(new URL(href ?? "", baseUrl()), { headers: { cookie } }).then(async (r) => ({
        status: r.status,
        bytes: Buffer.from(await r.arrayBuffer()),
      }));
      expect(pdf.status).toBe(200);
      const dir = path.join(work, template);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "deck.pdf"), pdf.bytes);
      const rasters = rasterisePdf(path.join(dir, "deck.pdf"), dir, "pdf", RASTER);
      expect(rasters).toHaveLength(deck.slides.length);

      const measured: { layout: TLayoutId; ratio: number }[] = [];
      for (const [i, shot] of shots.entries()) {
        const layout = deck.slides[i].layout;
        const name = `${template}-${String(i + 1).padStart(2, "0")}-${layout}`;
        writeFileSync(path.join(SHOTS, `${name}-react.png`), shot);
        const diff = comparePng(shot, await readFile(rasters[i]), path.join(SHOTS, `${name}-diff.png`));
        measured.push({ layout, ratio: diff.ratio });
      }
      console.log(
        `React vs PDF (${template}/${deck.theme}): ${measured.map((m) => `${m.layout} ${(m.ratio * 100).toFixed(2)}%`).join(", ")}`,
      );
      const over = measured
        .filter((m) => m.ratio >= MAX_SLIDE_DIFF[m.layout])
        .map(
          (m) =>
            `${m.layout}: ${(m.ratio * 100).toFixed(2)}% (limit ${(MAX_SLIDE_DIFF[m.layout] * 100).toFixed(2)}%)`,
        );
      expect(over).toEqual([]);

      // The limit must catch the smallest real mistake, text one pixel lower than the PDF puts it,
      // or passing would mean nothing.
      const bullets = deck.slides.findIndex((s) => s.layout === "bullets");
      const moved = comparePng(shiftPng(shots[bullets], 0, 1), await readFile(rasters[bullets]));
      console.log(`bullets slide moved down 1 px: ${(moved.ratio * 100).toFixed(2)}%`);
      expect(moved.ratio).toBeGreaterThan(MAX_SLIDE_DIFF.bullets);
    });
  }
});
