// Accounts in real Chromium: sign up, make an API key on the account page, copy it from the
// clipboard and call the API with it, revoke it through the confirm dialog; wrong passwords,
// signed-out visits and the way back to the page asked for.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  createKeyViaUi,
  sessionCookieFor,
  signInViaUi,
  signUpViaHttp,
  signUpViaUi,
  uniqueUser,
} from "./fixtures";

const SHOTS = path.resolve(import.meta.dirname, "../test-results/e2e");
const baseUrl = () => inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const credits = (key: string) =>
  fetch(`${baseUrl()}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

describe("the account page in Chromium", () => {
  it("signs up, creates and copies a key that works, and revokes it through the confirm dialog", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const user = uniqueUser("e2e-keys");
    await signUpViaUi(page, baseUrl(), user);
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    await page.goto(`${baseUrl()}/account`);
    await expect.poll(() => page.getByRole("heading", { name: "Account", exact: true }).count()).toBe(1);
    const key = await createKeyViaUi(page, baseUrl(), "e2e laptop");
    expect(key).toMatch(/^df_[A-Za-z0-9]{40}$/);
    expect((await page.getByTestId("new-key-secret").textContent())?.trim()).toBe(key);
    await expect.poll(() => page.getByText("It will not be shown again", { exact: false }).count()).toBe(1);
    expect(await credits(key)).toBe(200);

    const row = page.locator(`tr[data-key-prefix="${key.slice(0, 11)}"]`);
    await expect.poll(() => row.textContent()).toContain("e2e laptop");
    expect(await row.textContent()).toContain("Active");
    // The balance and the grant appear in the credits section.
    await expect.poll(() => page.getByTestId("credit-balance").textContent()).toMatch(/\d/);
    await expect.poll(() => page.getByTestId("usage-row").first().textContent()).toContain("Sign-up grant");

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "account.png"), fullPage: true });

    // After the key's use the list shows when (a fresh load of the page reads it again).
    await page.reload();
    await expect.poll(() => row.locator("td").nth(3).textContent()).not.toContain("never");

    await row.getByRole("button", { name: /^Revoke / }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
    await dialog.waitFor({ state: "visible" });
    // Cancel keeps the key.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await credits(key)).toBe(200);

    await row.getByRole("button", { name: /^Revoke / }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect.poll(() => row.textContent()).toContain("Revoked");
    await expect.poll(() => credits(key)).toBe(401);
    await context.close();
  });

  it("says 'Wrong email or password.' for a wrong password, and brings a signed-out /account visit back after sign-in", async () => {
    const user = uniqueUser("e2e-signin");
    await signUpViaHttp(baseUrl(), user);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    await page.goto(`${baseUrl()}/account`);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/account");

    await page.locator("#email").fill(user.email);
    await page.locator("#password").fill(`${user.password}-wrong`);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.locator("main [role=alert]");
    await expect.poll(() => alert.textContent()).toBe("Wrong email or password.");
    expect(new URL(page.url()).pathname).toBe("/sign-in");

    await page.locator("#password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/account");
    await expect.poll(() => page.getByTestId("account-email").textContent()).toBe(user.email);

    // Signed in, the sign-in and sign-up pages send the visitor on.
    await page.goto(`${baseUrl()}/sign-in`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.goto(`${baseUrl()}/sign-up?callbackUrl=${encodeURIComponent("//evil.example/x")}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await context.close();
  });

  it("at sign-up, a taken email offers the sign-in page (without saying it is taken) and a weak password is shown on its field", async () => {
    const user = uniqueUser("e2e-taken");
    await signUpViaHttp(baseUrl(), user);
    const page = await browser.newPage({ viewport: { width: 820, height: 1180 } });
    await page.goto(`${baseUrl()}/sign-up?callbackUrl=/account`);
    await page.locator("#email").fill(user.email);
    await page.locator("#password").fill(`${user.password}-other`);
    await page.locator("#confirm").fill(`${user.password}-other`);
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("If the email already has an account, sign in with its password");
    const signInLink = page.getByRole("link", { name: "Sign in with this email instead" });
    expect(await signInLink.getAttribute("href")).toBe("/sign-in?callbackUrl=%2Faccount");

    await page.locator("#email").fill(uniqueUser("e2e-weak").email);
    await page.locator("#password").fill("password123");
    await page.locator("#confirm").fill("password123");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect.poll(() => page.locator("#password-error").textContent()).toContain("most common passwords");
    expect(new URL(page.url()).pathname).toBe("/sign-up");
    await page.close();
  });

  it("an HTTP sign-up's cookie signs a browser context in (the fixture other tests use), and /account fits a tablet", async () => {
    const user = uniqueUser("e2e-cookie");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    await context.addCookies(sessionCookieFor(baseUrl(), cookie));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/account`);
    expect(new URL(page.url()).pathname).toBe("/account");
    await expect.poll(() => page.getByTestId("account-email").textContent()).toBe(user.email);
    await expect.poll(() => page.getByTestId("usage-row").count()).toBe(1);
    // Nothing wider than the tablet's screen: wide tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "account-tablet.png"), fullPage: true });

    // signInViaUi on an already signed-in page goes straight to the callback.
    await signInViaUi(page, baseUrl(), user, "/account");
    expect(new URL(page.url()).pathname).toBe("/account");
    await context.close();
  });

  it("adds a webhook, shows its deliveries with each attempt, redelivers, and deletes it after confirming", async () => {
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push(body);
        res.writeHead(200, { "content-type": "text/plain" }).end(`thanks #${received.length}`);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const user = uniqueUser("e2e-hooks");
      const { cookie } = await signUpViaHttp(baseUrl(), user);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(sessionCookieFor(baseUrl(), cookie));
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/account#webhooks`);

      await page.locator("#webhook-url").fill("ftp://example.com/x");
      await page.getByRole("button", { name: "Add subscription" }).click();
      await expect.poll(() => page.locator("#webhook-url-error").textContent()).toContain("http or https");

      await page.locator("#webhook-url").fill(hookUrl);
      await page.locator("#webhook-event").selectOption("presentation.generation.completed");
      await page.getByRole("button", { name: "Add subscription" }).click();
      await expect.poll(() => page.getByTestId("webhook-secret").textContent()).toMatch(/^whsec_/);
      const subscription = page.getByTestId("webhook-subscription");
      await expect.poll(() => subscription.textContent()).toContain(hookUrl);

      const generated = await fetch(`${baseUrl()}/api/v1/ppt/presentation/generate`, {
        method: "POST",
        headers: { cookie, origin: baseUrl(), "content-type": "application/json" },
        body: JSON.stringify({
          content: "# Bees\n\nBees pollinate a third of the crops we eat.",
          n_slides: 1,
          trigger_webhook: true,
        }),
      });
      expect(generated.status).toBe(200);
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);

      await subscription.getByRole("button", { name: "Deliveries" }).click();
      const delivery = page.getByTestId("webhook-delivery");
      await expect.poll(() => delivery.textContent(), { timeout: 15_000 }).toContain("succeeded");
      expect(await delivery.textContent()).toContain("HTTP 200");
      expect(await delivery.textContent()).toContain("thanks #1");
      expect(await delivery.textContent()).toContain("1 attempt");

      // A redelivery is a new delivery of the same event, listed on top; the first keeps its log.
      await delivery.getByRole("button", { name: /^Redeliver / }).click();
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
      await expect.poll(() => delivery.count()).toBe(2);
      await expect.poll(() => delivery.first().textContent(), { timeout: 15_000 }).toContain("thanks #2");
      expect(await delivery.first().textContent()).toContain("redelivery");
      expect(await delivery.nth(1).textContent()).toContain("thanks #1");
      // The same event both times (receivers drop duplicates by webhook-id).
      expect(received[1]).toBe(received[0]);

      await subscription.getByRole("button", { name: /^Delete / }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete subscription" }).click();
      await expect.poll(() => page.getByText("No subscriptions yet.").count()).toBe(1);
      // The page removes the row as soon as the deletion is confirmed (and puts it back if the
      // request fails): the server's list follows when the request lands.
      await expect
        .poll(async () => (await fetch(`${baseUrl()}/api/v1/webhook/all`, { headers: { cookie } })).json(), {
          timeout: 10_000,
        })
        .toEqual([]);
      await context.close();
    } finally {
      receiver.close();
    }
  });
});
