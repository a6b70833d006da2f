// Security headers, CSRF and cookies on the real server, and the Content-Security-Policy as real
// Chromium enforces it: every page has a fresh nonce that Next stamps on its scripts, an injected
// inline script is refused, and the app's own pages raise no violation while they work.
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { API_ROUTES } from "@/lib/api/openapi/routes";
import { startDeckforgeServer, TEST_SERVER_ENV } from "../tests/api/global-setup";
import { launchChromium } from "./browser";
import { createDeck, editorAccount, signedInContext, type TEditorAccount } from "./editor-fixtures";
import { credentialsSignIn, uniqueUser } from "./fixtures";

const baseUrl = inject("baseUrl");
const ROOT = path.resolve(import.meta.dirname, "..");
const SOME_ID = "3f2c9a4e-8d1b-4c7a-9e55-0b6d2f1a7c34";

let browser: Browser;
let account: TEditorAccount;
let deckId: string;
/** The token of a share link to the deck, for the share page (/s/{token}). */
let shareToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "security");
  ({ id: deckId } = await createDeck(
    baseUrl,
    { key: account.key },
    { title: "Guarded", slides: [{ layout: "title", content: { title: "Guarded", subtitle: "CSP" } }] },
  ));
  const link = await fetch(`${baseUrl}/api/v3/presentation/${deckId}/share-links`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.key}`, "content-type": "application/json" },
    body: "{}",
  });
  expect(link.status).toBe(201);
  shareToken = new URL(((await link.json()) as { url: string }).url).pathname.split("/").pop() ?? "";
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Every page of the app, from app/**\/page.tsx, its dynamic segments filled with `id` (a `[token]`
 * segment with `token`).
 */
function pagePaths(id: string, token: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "api") walk(full);
      else if (entry.name === "page.tsx") {
        const route = path
          .relative(path.join(ROOT, "app"), path.dirname(full))
          .split(path.sep)
          .filter((part) => part && !part.startsWith("("))
          .map((part) => (part === "[token]" ? token : part.startsWith("[") ? id : part))
          .join("/");
        pages.push(`/${route}`);
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return pages.sort();
}

function scriptPolicy(csp: string): string {
  return csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
}

describe("security headers", () => {
  it("every page: a fresh nonce per response on every script, no unsafe-inline scripts, no framing", async () => {
    const pages = pagePaths(deckId, shareToken);
    expect(pages).toEqual(
      expect.arrayContaining([
        "/",
        "/sign-in",
        `/editor/${deckId}`,
        `/editor/${deckId}/presenter`,
        "/docs",
        `/s/${shareToken}`,
      ]),
    );
    for (const page of pages) {
      const nonces = new Set<string>();
      for (let round = 0; round < 2; round++) {
        const res = await fetch(`${baseUrl}${page}`, {
          headers: { cookie: account.cookie },
          redirect: "manual",
        });
        const csp = res.headers.get("content-security-policy") ?? "";
        const script = scriptPolicy(csp);
        expect(script, page).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
        expect(script, page).toContain("'strict-dynamic'");
        expect(script, page).not.toContain("unsafe-inline");
        expect(script, page).not.toContain("unsafe-eval");
        expect(csp, page).toContain("frame-ancestors 'none'");
        expect(csp, page).toContain("object-src 'none'");
        expect(csp, page).toContain("base-uri 'self'");
        expect(res.headers.get("x-content-type-options"), page).toBe("nosniff");
        expect(res.headers.get("x-frame-options"), page).toBe("DENY");
        // A share page's address is its key: it sends no Referer at all.
        expect(res.headers.get("referrer-policy"), page).toBe(
          page.startsWith("/s/") ? "no-referrer" : "strict-origin-when-cross-origin",
        );
        const nonce = /'nonce-([^']+)'/.exec(script)?.[1] ?? "";
        nonces.add(nonce);
        const html = await res.text();
        if (res.status !== 200) continue;
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, page).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, page).toContain(`nonce="${nonce}"`);
      }
      expect(nonces.size, `${page}: a new nonce per response`).toBe(2);
    }
  });

  it("API answers — JSON, problems, files — are not documents: nosniff and a deny-all CSP", async () => {
    const answers = [
      await fetch(`${baseUrl}/api/health`),
      await fetch(`${baseUrl}/api/v1/ppt/templates`),
      await fetch(`${baseUrl}/api/v1/ppt/presentation/${deckId}`, {
        headers: { authorization: `Bearer ${account.key}` },
      }),
      await fetch(`${baseUrl}/api/openapi.json`),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 200, 200]);
    for (const res of answers) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      await res.arrayBuffer();
    }
  });
});

describe("CSRF on session-authenticated changes", () => {
  /** Every state-changing route a session may call: the documented API plus the account routes. */
  const mutations = [
    ...API_ROUTES.filter((route) => route.method !== "get" && route.auth === "api-key").map((route) => ({
      method: route.method.toUpperCase(),
      path: route.path.replace(/\{[^}]+\}/g, SOME_ID),
    })),
    { method: "POST", path: "/api/account/keys" },
    { method: "DELETE", path: `/api/account/keys/${SOME_ID}` },
    { method: "POST", path: "/api/account/password" },
    { method: "DELETE", path: `/api/account/sessions/${SOME_ID}` },
    { method: "POST", path: "/api/account/sessions/revoke-others" },
  ];

  it("refuses each with a foreign or missing Origin (403 forbidden), and lets the same origin through", async () => {
    expect(mutations.length).toBeGreaterThan(15);
    for (const { method, path: route } of mutations) {
      const send = (origin: string | null) =>
        fetch(`${baseUrl}${route}`, {
          method,
          headers: {
            cookie: account.cookie,
            "content-type": "application/json",
            ...(origin ? { origin } : {}),
          },
          body: method === "DELETE" ? undefined : "{}",
        });
      for (const origin of ["https://evil.example", null]) {
        const res = await send(origin);
        expect(res.status, `${method} ${route} from ${origin}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe("forbidden");
      }
      const same = await send(baseUrl);
      expect(same.status, `${method} ${route} from its own origin`).not.toBe(403);
      expect(same.status, `${method} ${route} from its own origin`).toBeLessThan(500);
      await same.arrayBuffer();
    }
    // Nothing changed: the deck is still there and no key was made.
    const deck = await fetch(`${baseUrl}/api/v1/ppt/presentation/${deckId}`, {
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(deck.status).toBe(200);
    await deck.arrayBuffer();
  });
});

describe("session cookies", () => {
  it("are HttpOnly, SameSite=Lax and host-wide on http; Secure with a __Secure- name behind https", async () => {
    const plain = await credentialsSignIn(baseUrl, account.user);
    const session = plain.setCookies.find((line) => line.startsWith("next-auth.session-token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Secure/i);

    // A deployment behind TLS (NEXTAUTH_URL https://…): the cookies become Secure and prefixed.
    const tls = await startDeckforgeServer({ ...TEST_SERVER_ENV, NEXTAUTH_URL: "https://decks.example.com" });
    try {
      const user = uniqueUser("tls");
      const signup = await fetch(`${tls.baseUrl}/api/account/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(signup.status).toBe(202);
      const secure = await credentialsSignIn(tls.baseUrl, user);
      const cookie = secure.setCookies.find((line) => line.startsWith("__Secure-next-auth.session-token="));
      expect(cookie, secure.setCookies.join("\n")).toBeDefined();
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await tls.stop();
    }
  });
});

describe("the CSP in Chromium", () => {
  it("refuses an inline script injected into a page, and reports the violation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(`${baseUrl}/sign-in`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        "<script>window.__injected = 1</script></body>",
      );
      await route.fulfill({ response, body: html });
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${baseUrl}/sign-in`);
    await page.locator("#email").waitFor();
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect(violations.join("\n")).toMatch(/inline script/i);
    // The page's own scripts did run: the form is interactive (React hydrated).
    await page.locator("#email").fill("someone@example.com");
    expect(await page.locator("#email").inputValue()).toBe("someone@example.com");
    await context.close();
  });

  it("the app's pages work without a single violation", async () => {
    const context = await signedInContext(browser, baseUrl, account.cookie);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { __violations?: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const routes = [
      "/dashboard",
      "/account",
      "/new",
      `/editor/${deckId}`,
      `/editor/${deckId}/presenter`,
      "/docs",
      `/s/${shareToken}`,
    ];
    for (const route of routes) {
      await page.goto(`${baseUrl}${route}`);
      await page.waitForLoadState("networkidle");
      const violations = await page.evaluate(() => (window as { __violations?: string[] }).__violations);
      expect(violations, route).toEqual([]);
    }
    await context.close();
  });
});
