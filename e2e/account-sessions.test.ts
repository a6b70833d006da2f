// The account page's Sessions section in real Chromium: two browsers of one account, the second
// signed out from the first ("Sign out" on its row, then "Sign out everywhere else" for a third),
// each signed-out browser sent to sign-in on its next page; and the header's Sign out button ends
// the session for a copy of its cookie too.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import { signInViaUi, signUpViaUi, uniqueUser } from "./fixtures";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");
const baseUrl = () => inject("baseUrl");
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function newContext(userAgent?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  contexts.push(context);
  return context;
}

/** The path a context lands on when it opens /dashboard: /dashboard, or /sign-in when signed out. */
async function landing(context: BrowserContext): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl()}/dashboard`);
  return new URL(page.url()).pathname;
}

/** The session cookie of a context, as a Cookie header. */
async function cookieOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(baseUrl());
  return cookies
    .filter((c) => c.name.startsWith("next-auth.session-token"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

describe("the account page's Sessions section in Chromium", () => {
  it("lists this browser and the others, and signs another one out (one row, then everywhere else)", async () => {
    const user = uniqueUser("e2e-sessions");
    const mine = await newContext();
    const page = await mine.newPage();
    await signUpViaUi(page, baseUrl(), user);
    const laptop = await newContext(FIREFOX_WINDOWS);
    await signInViaUi(await laptop.newPage(), baseUrl(), user);
    expect(await landing(laptop)).toBe("/dashboard");

    await page.goto(`${baseUrl()}/account#sessions`);
    const section = page.getByRole("region", { name: "Sessions", exact: true });
    const rows = section.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    // This browser first, marked; headless Chromium reads as Chrome on Linux.
    await expect.poll(() => rows.first().textContent()).toMatch(/^Chrome \d+ on Linux.*This browser/);
    const other = rows.nth(1);
    expect(await other.textContent()).toContain("Firefox 133 on Windows");
    expect(await other.textContent()).not.toContain("This browser");
    expect(
      await rows
        .first()
        .getByRole("button", { name: /^Sign out/ })
        .count(),
    ).toBe(0);

    fs.mkdirSync(SHOTS, { recursive: true });
    await section.screenshot({ path: path.join(SHOTS, "account-sessions.png") });

    await other.getByRole("button", { name: /^Sign out Firefox 133 on Windows, signed in / }).click();
    await expect
      .poll(() => section.getByRole("status").textContent())
      .toBe("Signed out Firefox 133 on Windows.");
    await expect.poll(() => rows.count()).toBe(1);
    // The laptop's next page asks it to sign in; this browser stays signed in.
    expect(await landing(laptop)).toBe("/sign-in");
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("This browser");

    // "Sign out everywhere else" with a phone signed in meanwhile.
    const phone = await newContext(SAFARI_IPHONE);
    await signInViaUi(await phone.newPage(), baseUrl(), user);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain("Safari 17 on iOS 17");
    const everywhere = section.getByRole("button", { name: "Sign out everywhere else", exact: true });
    await everywhere.click();
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Signed out 1 other browser.");
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => everywhere.isDisabled()).toBe(true);
    expect(await landing(phone)).toBe("/sign-in");
    expect(await landing(mine)).toBe("/dashboard");
  });

  it("the header's Sign out ends the session: a copy of its cookie gets a 401 afterwards", async () => {
    const user = uniqueUser("e2e-signout");
    const context = await newContext();
    const page = await context.newPage();
    await signUpViaUi(page, baseUrl(), user);
    const cookie = await cookieOf(context);
    const credits = () =>
      fetch(`${baseUrl()}/api/v1/credits`, { headers: { cookie } }).then((res) => res.status);
    expect(await credits()).toBe(200);

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(await credits()).toBe(401);
  });
});
