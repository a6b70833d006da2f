// Shared steps of the editor's end-to-end tests: an account with a session and a key, a deck made
// through the API, the editor opened in a signed-in browser context, and the save state awaited.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { jsonOrUndefined } from "../tests/api/helpers";
import { sessionCookieFor, signUpViaHttp, type TTestUser, uniqueUser } from "./fixtures";

export const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");

export type TEditorAccount = { user: TTestUser; cookie: string; key: string };

/** A JSON call with an API key (or, with `cookie`, the session and the Origin header it needs). */
export async function call(
  baseUrl: string,
  pathname: string,
  auth: { key?: string; cookie?: string },
  init: { method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (auth.key) headers.authorization = `Bearer ${auth.key}`;
  if (auth.cookie) {
    headers.cookie = auth.cookie;
    headers.origin = baseUrl;
  }
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
  return { status: res.status, headers: res.headers, text, json: json as any };
}

/** Signs up over HTTP and makes an API key on the account (POST /api/account/keys with the session). */
export async function editorAccount(baseUrl: string, label: string): Promise<TEditorAccount> {
  const user = uniqueUser(label);
  const { cookie } = await signUpViaHttp(baseUrl, user);
  const created = await call(baseUrl, "/api/account/keys", { cookie }, { body: { name: `${label} e2e` } });
  expect(created.status).toBe(201);
  return { user, cookie, key: created.json.secret as string };
}

/** Creates a presentation from structured slides; answers its id and edit_path. */
export async function createDeck(
  baseUrl: string,
  auth: { key?: string; cookie?: string },
  body: Record<string, unknown>,
): Promise<{ id: string; editPath: string }> {
  const res = await call(baseUrl, "/api/v1/ppt/presentation/create/from-json", auth, { body });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.presentation_id, editPath: res.json.edit_path };
}

/** The stored deck and version (GET /api/v1/ppt/presentation/{id}). */
export async function savedDeck(baseUrl: string, key: string, id: string) {
  const res = await call(baseUrl, `/api/v1/ppt/presentation/${id}`, { key });
  expect(res.status).toBe(200);
  return res.json as {
    version: number;
    deck: {
      title: string;
      theme: string;
      slides: {
        id: string;
        layout: string;
        content: Record<string, unknown>;
        notes?: string;
        format?: Record<string, unknown>;
      }[];
    };
  };
}

/** A browser context signed in as the account, with downloads allowed. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addCookies(sessionCookieFor(baseUrl, cookie));
  return context;
}

/** Opens the editor and waits until its slides are drawn and its fonts loaded. */
export async function openEditor(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.getByTestId("editor").waitFor();
  await page.locator("[data-testid=canvas-page] [data-box]").first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  uncaught.set(page, errors);
  return page;
}

const uncaught = new WeakMap<Page, string[]>();

/** Uncaught errors the page raised so far. */
export function uncaughtErrors(page: Page): string[] {
  return uncaught.get(page) ?? [];
}

/** The autosave state shown on the page. */
export function saveState(page: Page): Promise<string | null> {
  return page.getByTestId("save-status").getAttribute("data-save-state");
}

/** Waits until autosave shows `state` (default: everything saved). */
export async function waitForSave(page: Page, state = "saved", timeout = 20_000): Promise<void> {
  await page.locator(`[data-testid=save-status][data-save-state=${state}]`).waitFor({ timeout });
}

/**
 * Notes the saved version now; the returned wait ends once a later save has landed and nothing is
 * pending — so a check of the server after it sees the change made in between.
 */
export async function nextSave(page: Page): Promise<() => Promise<void>> {
  const status = page.getByTestId("save-status");
  const before = Number(await status.getAttribute("data-version"));
  return async () => {
    await expect
      .poll(
        async () =>
          (await status.getAttribute("data-save-state")) === "saved" &&
          Number(await status.getAttribute("data-version")) > before,
        { timeout: 20_000 },
      )
      .toBe(true);
  };
}

/** The slide ids in the slide list, in order. */
export function thumbIds(page: Page): Promise<string[]> {
  return page
    .getByTestId("slide-thumb")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.slideId ?? ""));
}

/** The text drawn on the canvas for a box role (its lines joined by spaces; "" when no such box). */
export async function boxText(page: Page, role: string): Promise<string> {
  const box = page.locator(`[data-testid=canvas-page] [data-box][data-role="${role}"]`).first();
  if (!(await box.count())) return "";
  return box.evaluate((node) =>
    [...node.querySelectorAll(":scope > div")].map((line) => line.textContent ?? "").join(" "),
  );
}

/** Clicks a box's "Edit <role>" button and waits until its inline editor has the keyboard. */
export async function openInlineEditor(page: Page, role: string): Promise<Locator> {
  await page.locator(`[data-hotspot="${role}"]`).click();
  const editor = page.locator("[data-testid=inline-editor] [contenteditable=true]");
  await editor.waitFor();
  await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(true);
  return editor;
}

/**
 * Waits for the browser to report a keyboard selection change (selectionchange fires a few
 * milliseconds after the key), so a toolbar click right after acts on the new selection.
 */
export async function settleSelection(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
}

/** Drags one element onto another with the mouse, in small steps (what dnd-kit's pointer sensor needs). */
export async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("drag: element not visible");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * 0.75, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** Every drawn text line that sticks out of its box (there should be none). */
export function overflowingLines(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-box][data-role]")].flatMap((box) => {
      const limit = box.getBoundingClientRect().right + 0.5;
      return [...box.querySelectorAll<HTMLElement>(":scope > div")]
        .filter((line) => line.getBoundingClientRect().right > limit)
        .map((line) => `${box.dataset.role}: ${line.textContent}`);
    }),
  );
}

/** Saves a screenshot under test-results/e2e/. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name) });
}
