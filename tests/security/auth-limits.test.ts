// Sign-in and sign-up limits on the real server. The probe made 40 wrong password guesses in 27 s
// (all 401, no 429), 8 sign-ups in 5 s each with free credits, and read which emails have accounts
// from sign-up's 409. Now: password sign-ins are counted per email and per client address, sign-ups
// per address (429 + Retry-After past them), a client's forged X-Forwarded-For is not an address
// unless TRUST_PROXY says a proxy sets it, sign-up answers a taken email like a new one, and
// SIGN_UP=closed refuses new accounts.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../e2e/browser";
import { credentialsSignIn, uniqueUser } from "../../e2e/fixtures";
import { startDeckforgeServer, TEST_SERVER_ENV } from "../api/global-setup";
import { rawRequest } from "./raw-http";

type TServer = Awaited<ReturnType<typeof startDeckforgeServer>>;

/** Small limits, so a test reaches them in a few calls (the defaults are 10, 30 and 5). */
const LIMITS = {
  SIGN_IN_LIMIT_PER_EMAIL: "3",
  SIGN_IN_LIMIT_PER_ADDRESS: "6",
  SIGN_UP_LIMIT_PER_ADDRESS: "2",
};

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type TAnswer = { status: number; headers: Headers; json: any };

async function signUp(
  baseUrl: string,
  user: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<TAnswer> {
  const res = await fetch(`${baseUrl}/api/account/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** A 429 problem with a Retry-After within the window. */
function expectRefused(answer: TAnswer, windowSeconds: number, what: RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(answer.json.code).toBe("rate_limited");
  expect(answer.json.detail).toMatch(what);
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe("behind no proxy: the connection's address counts, a forged X-Forwarded-For does not", () => {
  let server: TServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, ...LIMITS });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sign-up answers a taken email exactly like a new one, then counts sign-ups per address", async () => {
    const owner = uniqueUser("owner");
    const first = await signUp(server.baseUrl, owner);
    const taken = await signUp(
      server.baseUrl,
      { ...owner, password: `${owner.password}-other` },
      { "x-forwarded-for": "203.0.113.9" },
    );
    expect(first.status).toBe(202);
    expect(taken.status).toBe(first.status);
    expect(taken.json).toEqual(first.json);
    // Two sign-ups from 127.0.0.1 (the forged address did not count as another): the third is refused.
    const third = await signUp(server.baseUrl, uniqueUser("third"), { "x-forwarded-for": "198.51.100.7" });
    expectRefused(third, 3600, /accounts were made from this address/);
    // A client on another address (127.0.0.2 reaches the loopback server too) is counted apart.
    const elsewhere = uniqueUser("elsewhere");
    const other = await rawRequest(server.baseUrl, {
      method: "POST",
      path: "/api/account/signup",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: elsewhere.email, password: elsewhere.password }),
      localAddress: "127.0.0.2",
    });
    expect(other.status).toBe(202);
    // A weak password is still answered on its field.
    const weak = await signUp(server.baseUrl, { email: uniqueUser("weak").email, password: "password123" });
    expect(weak.status).toBe(422);
    expect(weak.json.errors[0].path).toBe("password");
  });

  it("refuses sign-ins from one address past its limit, whatever X-Forwarded-For it forges", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await credentialsSignIn(server.baseUrl, uniqueUser(`spray${attempt}`), {
        "x-forwarded-for": `10.9.8.${attempt}`,
      });
      expect(answer.status, `attempt ${attempt + 1}`).toBe(401);
      expect(answer.cookie).toBeNull();
    }
    const spent = await credentialsSignIn(server.baseUrl, uniqueUser("spray"), {
      "x-forwarded-for": "10.1.2.3",
    });
    expectRefused(spent, 900, /sign-in attempts from this address/);
    // next-auth's client reads `url` to show the sign-in page's message.
    const url = new URL(spent.json.url);
    expect(`${url.pathname}${url.search}`).toBe("/sign-in?error=TooManyAttempts");
  });

  it("the sign-in page says so in Chromium", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/sign-in`);
    await page.locator("#email").fill(uniqueUser("browser").email);
    await page.locator("#password").fill("Some-Password-123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Too many sign-in attempts");
    await context.close();
  });
});

describe("behind a trusted proxy (TRUST_PROXY=1): its X-Forwarded-For is the address", () => {
  let server: TServer;
  const from = (address: string) => ({ "x-forwarded-for": address });

  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, ...LIMITS, TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a fourth sign-in for one email in 15 minutes from anywhere, even with the right password", async () => {
    const user = uniqueUser("guessed");
    expect((await signUp(server.baseUrl, user, from("192.0.2.1"))).status).toBe(202);
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await credentialsSignIn(
        server.baseUrl,
        { ...user, password: `wrong-${attempt}` },
        from(`192.0.2.${10 + attempt}`),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.cookie).toBeNull();
    }
    const right = await credentialsSignIn(server.baseUrl, user, from("192.0.2.77"));
    expectRefused(right, 900, /sign-in attempts for this email/);
    expect(right.cookie).toBeNull();
    // Another account signs in from that same address.
    const other = uniqueUser("other");
    expect((await signUp(server.baseUrl, other, from("192.0.2.2"))).status).toBe(202);
    expect((await credentialsSignIn(server.baseUrl, other, from("192.0.2.77"))).cookie).not.toBeNull();
  });

  it("counts sign-ins and sign-ups per proxied address; another address is not affected", async () => {
    for (let attempt = 0; attempt < 6; attempt++)
      expect(
        (await credentialsSignIn(server.baseUrl, uniqueUser(`p${attempt}`), from("10.0.0.1"))).status,
      ).toBe(401);
    expectRefused(
      await credentialsSignIn(server.baseUrl, uniqueUser("p"), from("10.0.0.1")),
      900,
      /from this address/,
    );
    expect((await credentialsSignIn(server.baseUrl, uniqueUser("q"), from("10.0.0.2"))).status).toBe(401);
    // The proxy appends the peer it saw: a client's own X-Forwarded-For before it is not the address.
    expectRefused(
      await credentialsSignIn(server.baseUrl, uniqueUser("p"), from("6.6.6.6, 10.0.0.1")),
      900,
      /from this address/,
    );
    for (let n = 0; n < 2; n++)
      expect((await signUp(server.baseUrl, uniqueUser("s"), from("10.0.0.5"))).status).toBe(202);
    expectRefused(await signUp(server.baseUrl, uniqueUser("s"), from("10.0.0.5")), 3600, /from this address/);
    expect((await signUp(server.baseUrl, uniqueUser("s"), from("10.0.0.6"))).status).toBe(202);
  });
});

describe("SIGN_UP=closed", () => {
  let server: TServer;

  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, SIGN_UP: "closed" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses sign-up with a 403 that says so, and the sign-up page shows no form", async () => {
    const user = uniqueUser("closed");
    const answer = await signUp(server.baseUrl, user);
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({
      code: "forbidden",
      detail: expect.stringMatching(/Sign-up is closed/),
    });
    expect((await credentialsSignIn(server.baseUrl, user)).cookie).toBeNull();
    const page = await fetch(`${server.baseUrl}/sign-up`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign-up is closed on this server");
    expect(html).not.toContain('aria-label="Create an account"');
  });
});
