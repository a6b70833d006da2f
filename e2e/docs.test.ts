// /docs in real Chromium: Swagger UI, served from node_modules (no CDN), renders every operation of
// /api/openapi.json, expands one with its parameters and problem responses, and logs no error.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl } from "../tests/api/helpers";
import { launchChromium } from "./browser";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page and records everything that went wrong on it: console errors, uncaught errors, failed loads. */
async function openWatched(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(url);
  return { page, problems };
}

describe("the API reference in Chromium", () => {
  it("renders every operation of /api/openapi.json with Swagger UI, without console errors", async () => {
    const document = await api("/api/openapi.json", { key: null });
    expect(document.status).toBe(200);
    const operations = Object.values(document.json.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item).filter((key) => ["get", "post", "put", "patch", "delete"].includes(key)),
    ).length;

    const { page, problems } = await openWatched(`${baseUrl()}/docs`);
    const generate = page.locator("#operations-Generation-generatePresentation");
    await generate.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator(".opblock-tag-section .opblock").count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(operations);
    expect(await generate.locator(".opblock-summary-method").textContent()).toBe("POST");
    expect(await generate.locator(".opblock-summary-path").getAttribute("data-path")).toBe(
      "/api/v1/ppt/presentation/generate",
    );
    expect(await page.locator(".info .title").textContent()).toContain("Deckforge API");
    // The assets came from this server, not a CDN.
    const scripts = await page
      .locator("script[src]")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
    expect(scripts.some((src) => src.endsWith("/docs/assets/swagger-ui-bundle.js"))).toBe(true);
    for (const src of scripts) expect(new URL(src).origin).toBe(new URL(baseUrl()).origin);

    // Expanded, the operation shows its Idempotency-Key header, request example and problem responses.
    await generate.locator(".opblock-summary-control").click();
    const body = generate.locator(".opblock-body");
    await body.waitFor();
    await expect.poll(() => body.textContent()).toContain("Idempotency-Key");
    const text = await body.textContent();
    expect(text).toContain("n_slides");
    for (const status of ["200", "401", "402", "422", "429", "503"]) {
      expect(await generate.locator(`tr.response[data-code="${status}"]`).count(), status).toBe(1);
    }
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "docs.png") });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("explains each error code at the anchor a problem's type points to", async () => {
    const res = await api("/api/v1/ppt/presentation/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    const { page, problems } = await openWatched(new URL(res.json.type, baseUrl()).href);
    const row = page.locator("tr#not_found");
    await row.waitFor();
    expect(await row.textContent()).toContain("404");
    expect(problems).toEqual([]);
    await page.close();
  });
});
