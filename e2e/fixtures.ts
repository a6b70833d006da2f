// Accounts for end-to-end tests: sign up / sign in through the real pages, make an API key on the
// account page and read it back from the clipboard, or get a session cookie over plain HTTP.
import type { BrowserContext, Page } from "playwright-core";

export type TTestUser = { email: string; password: string; name?: string };

/** A fresh user with an address no other test uses (the shared server keeps every account). */
export function uniqueUser(label = "user"): TTestUser {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { email: `${label}-${tag}@example.com`, password: `Lantern-${tag}-Quartz`, name: `Test ${label}` };
}

/**
 * Waits until the page has left `pathname` (the form was accepted) or shows an error alert, in which
 * case it throws with the alert's text.
 */
async function leavePage(page: Page, pathname: string, action: string): Promise<void> {
  // Within <main>: Next.js keeps a route announcer with role=alert elsewhere on every page.
  const alert = page.locator("main [role=alert]").first();
  await Promise.race([
    page.waitForURL((url) => url.pathname !== pathname, { timeout: 30_000 }),
    alert.waitFor({ state: "visible", timeout: 30_000 }),
  ]);
  if (new URL(page.url()).pathname === pathname)
    throw new Error(`${action} failed: ${(await alert.textContent())?.trim()}`);
  await page.waitForLoadState("load");
}

/** Signs up through /sign-up; ends signed in on /dashboard. */
export async function signUpViaUi(page: Page, baseUrl: string, user: TTestUser): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  if (user.name) await page.locator("#name").fill(user.name);
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.locator("#confirm").fill(user.password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await leavePage(page, "/sign-up", `Signing up ${user.email}`);
}

/**
 * Signs in through /sign-in (with `callbackUrl=callbackPath` when given); ends on the callback page
 * (default /dashboard). An already signed-in page is sent there at once.
 */
export async function signInViaUi(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
  callbackPath?: string,
): Promise<void> {
  const query = callbackPath ? `?callbackUrl=${encodeURIComponent(callbackPath)}` : "";
  await page.goto(`${baseUrl}/sign-in${query}`);
  if (new URL(page.url()).pathname !== "/sign-in") return;
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await leavePage(page, "/sign-in", `Signing in ${user.email}`);
}

/**
 * Creates an API key named `name` on /account (the page must be signed in), clicks Copy and returns
 * what the clipboard holds. Grants the context clipboard permissions for `baseUrl` itself.
 */
export async function createKeyViaUi(page: Page, baseUrl: string, name: string): Promise<string> {
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseUrl).origin });
  if (new URL(page.url()).pathname !== "/account") await page.goto(`${baseUrl}/account`);
  await page.getByLabel("New key name").fill(name);
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const panel = page.getByTestId("new-key-panel");
  await panel.waitFor({ state: "visible" });
  await panel.getByRole("button", { name: "Copy", exact: true }).click();
  await panel.getByRole("button", { name: "Copied", exact: true }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The `name=value` pairs of Set-Cookie headers, as one Cookie header value. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

/**
 * POSTs next-auth's credentials sign-in the way its client does (CSRF token and cookie first).
 * `cookie` is the session cookie pair ("next-auth.session-token=…") or null when refused;
 * `setCookies` the raw Set-Cookie lines of the answer, for checking their attributes; `json` its
 * body (next-auth's `{url}`, or a 429 problem past the sign-in limits).
 */
export async function credentialsSignIn(
  baseUrl: string,
  user: { email: string; password: string },
  /** Extra headers on both calls (a proxy's X-Forwarded-For in the sign-in limit tests). */
  extraHeaders: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ cookie: string | null; setCookies: string[]; status: number; headers: Headers; json: any }> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: extraHeaders });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...extraHeaders,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookieHeader(csrf.headers.getSetCookie()),
    },
    body: new URLSearchParams({
      csrfToken,
      email: user.email,
      password: user.password,
      callbackUrl: baseUrl,
      json: "true",
    }),
  });
  const text = await res.text();
  const setCookies = res.headers.getSetCookie();
  const session = setCookies.filter((line) =>
    /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]/.test(line),
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const cookie = session.length > 0 ? cookieHeader(session) : null;
  return { cookie, setCookies, status: res.status, headers: res.headers, json };
}

/** Signs in over HTTP; throws when the credentials are refused. */
export async function signInViaHttp(
  baseUrl: string,
  user: { email: string; password: string },
): Promise<{ cookie: string }> {
  const { cookie, status } = await credentialsSignIn(baseUrl, user);
  if (!cookie) throw new Error(`Signing in ${user.email} was refused (status ${status}).`);
  return { cookie };
}

/**
 * Signs up with POST /api/account/signup, then signs in over HTTP. The cookie works as a `Cookie`
 * header with fetch (add `Origin: baseUrl` on non-GET calls) and, through sessionCookieFor, in a
 * browser context.
 */
export async function signUpViaHttp(baseUrl: string, user: TTestUser): Promise<{ cookie: string }> {
  const res = await fetch(`${baseUrl}/api/account/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password, name: user.name }),
  });
  if (res.status !== 202)
    throw new Error(`Sign-up of ${user.email} answered ${res.status}: ${await res.text()}`);
  return signInViaHttp(baseUrl, user);
}

/** A Cookie header value as Playwright cookies for `baseUrl`: `context.addCookies(sessionCookieFor(…))`. */
export function sessionCookieFor(
  baseUrl: string,
  cookie: string,
): Parameters<BrowserContext["addCookies"]>[0] {
  const origin = new URL(baseUrl).origin;
  return cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        url: origin,
        httpOnly: true,
        sameSite: "Lax" as const,
      };
    });
}
