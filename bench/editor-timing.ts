/**
 * Editor timing in real Chromium on the built app (NEXT_DIST_DIR): a 50-slide deck (the corpus's
 * every-layout slides repeated: tables, charts, pictures, icons) made with the owner's session,
 * then
 *  1. time to interactive of /editor/{id}: from navigation start until the editor is mounted, the
 *     first slide's canvas has its boxes, every thumbnail of the list is there and fonts are
 *     loaded (plus the browser's own TTFB, DOMContentLoaded and load), median of `--runs` fresh
 *     pages;
 *  2. a keyboard reorder (dnd-kit's keyboard sensor: Space, ArrowDown, Space on the first
 *     thumbnail): from the drop key until the list shows the new order, and until the server's
 *     saved deck (GET /api/v1/ppt/presentation/{id}) has it.
 * Run: npx tsx --conditions=react-server bench/editor-timing.ts [--slides 50] [--runs 3]
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchChromium } from "../e2e/browser";
import { sessionCookieFor, signUpViaHttp, uniqueUser } from "../e2e/fixtures";
import { everyLayoutDeck } from "./corpus";
import { startBenchServers } from "./lib/start-bench-servers";
import { median } from "./lib/stats";
import { writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    slides: { type: "string", default: "50" },
    runs: { type: "string", default: "3" },
  },
});
const nSlides = Number(values.slides);
const runs = Number(values.runs);

// A signed-up account starts with CREDITS_GRANT; the deck is made with its session.
const servers = await startBenchServers({ database: "sqlite", env: { CREDITS_GRANT: "1000000" } });
const baseUrl = servers.baseUrls[0];
const browser = await launchChromium();

/** The stored slide ids, in order, read with the owner's session. */
async function savedOrder(cookie: string, id: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/v1/ppt/presentation/${id}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET deck: ${res.status}`);
  const body = (await res.json()) as { deck: { slides: { id: string }[] } };
  return body.deck.slides.map((s) => s.id);
}

const thumbIds = (page: Page) =>
  page
    .getByTestId("slide-thumb")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.slideId ?? ""));

type TLoad = { ttfbMs: number; domContentLoadedMs: number; loadMs: number; interactiveMs: number };

try {
  const user = uniqueUser("bench-editor");
  const { cookie } = await signUpViaHttp(baseUrl, user);
  const base = everyLayoutDeck("general").deck;
  const created = await fetch(`${baseUrl}/api/v1/ppt/presentation/create/from-json`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: baseUrl },
    body: JSON.stringify({
      title: `${nSlides}-slide editor bench`,
      slides: Array.from({ length: nSlides }, (_, i) => {
        const { layout, content } = base.slides[i % base.slides.length];
        return { layout, content };
      }),
    }),
  });
  if (created.status !== 200) throw new Error(`create/from-json: ${created.status} ${await created.text()}`);
  const { presentation_id: id } = (await created.json()) as { presentation_id: string };
  const editUrl = `${baseUrl}/editor/${id}`;

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies(sessionCookieFor(baseUrl, cookie));

  /** One fresh page: navigation to interactive, measured from the page's own navigation start. */
  async function load(): Promise<{ page: Page; timing: TLoad }> {
    const page = await context.newPage();
    await page.goto(editUrl, { waitUntil: "commit" });
    await page.getByTestId("editor").waitFor({ timeout: 60_000 });
    await page.locator("[data-testid=canvas-page] [data-box]").first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (n) => document.querySelectorAll("[data-testid=slide-thumb]").length >= n,
      nSlides,
      { timeout: 60_000 },
    );
    await page.evaluate(() => document.fonts.ready);
    const interactiveMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState("load");
    const nav = await page.evaluate(() => {
      const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        ttfbMs: entry.responseStart,
        domContentLoadedMs: entry.domContentLoadedEventEnd,
        loadMs: entry.loadEventEnd,
      };
    });
    return { page, timing: { ...nav, interactiveMs } };
  }

  // One warm-up load: the server's first render of the route compiles and caches it.
  await (await load()).page.close();
  const loads: TLoad[] = [];
  let page: Page | undefined;
  for (let i = 0; i < runs; i++) {
    const result = await load();
    loads.push(result.timing);
    if (i < runs - 1) await result.page.close();
    else page = result.page;
  }
  const loadMedian = (k: keyof TLoad) => Math.round(median(loads.map((l) => l[k])));

  // Reorder with the keyboard, `runs` times: the first slide moves down one place each time.
  const reorders: { listMs: number; savedMs: number }[] = [];
  for (let i = 0; i < runs && page; i++) {
    const before = await thumbIds(page);
    const expected = [before[1], before[0], ...before.slice(2)];
    await page.getByTestId("slide-thumb").first().focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(300);
    const dropped = performance.now();
    await page.keyboard.press("Space");
    await page.waitForFunction(
      (ids) => {
        const now = [...document.querySelectorAll<HTMLElement>("[data-testid=slide-thumb]")].map(
          (n) => n.dataset.slideId,
        );
        return now[0] === ids[0] && now[1] === ids[1];
      },
      expected,
      { polling: 5, timeout: 20_000 },
    );
    const listMs = performance.now() - dropped;
    for (;;) {
      const order = await savedOrder(cookie, id);
      if (order[0] === expected[0] && order[1] === expected[1]) break;
      if (performance.now() - dropped > 30_000) throw new Error("the reorder was not saved within 30 s");
      await new Promise((r) => setTimeout(r, 25));
    }
    reorders.push({ listMs, savedMs: performance.now() - dropped });
    // Let autosave settle before the next reorder.
    await page.locator("[data-testid=save-status][data-save-state=saved]").waitFor({ timeout: 20_000 });
  }

  const result = {
    slides: nSlides,
    runs,
    load: {
      ttfbMs: loadMedian("ttfbMs"),
      domContentLoadedMs: loadMedian("domContentLoadedMs"),
      loadMs: loadMedian("loadMs"),
      interactiveMs: loadMedian("interactiveMs"),
      all: loads.map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, Math.round(v)]))),
    },
    reorder: {
      listMs: Math.round(median(reorders.map((r) => r.listMs))),
      savedMs: Math.round(median(reorders.map((r) => r.savedMs))),
      all: reorders.map((r) => ({ listMs: Math.round(r.listMs), savedMs: Math.round(r.savedMs) })),
    },
  };
  console.log(`Editor, ${nSlides}-slide deck, Chromium headless, median of ${runs}:`);
  console.log(
    `  load: TTFB ${result.load.ttfbMs} ms, DOMContentLoaded ${result.load.domContentLoadedMs} ms, ` +
      `load ${result.load.loadMs} ms, interactive (canvas drawn, ${nSlides} thumbnails, fonts) ${result.load.interactiveMs} ms`,
  );
  console.log(
    `  keyboard reorder: list shows the new order ${result.reorder.listMs} ms after the drop key, ` +
      `server has it after ${result.reorder.savedMs} ms (autosave)`,
  );
  const file = writeBenchJson("editor-timing", {
    measuredAt: new Date().toISOString(),
    command:
      `npx tsx --conditions=react-server bench/editor-timing.ts ${process.argv.slice(2).join(" ")}`.trim(),
    ...result,
  });
  console.log(`JSON: ${file}`);
} finally {
  await browser.close();
  await servers.stop();
}
