// Server-side sessions over real HTTP: each sign-in is a Session row the cookie names (`sid`);
// sign-out, a password change and the account page's "Sign out" end sessions at once, for every
// copy of their cookie, while the account's other sessions go on. A token without a live session
// (forged without `sid`, or naming one that does not exist) signs nobody in.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { describe, expect, inject, it } from "vitest";
import { cookieHeader, signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { baseUrl, sessionCall, type TSessionCall, UUID } from "./helpers";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

type TCall = Omit<TSessionCall, "cookie">;

/** A call with a session cookie (and this server's Origin on changes, as a browser sends it). */
function call(cookie: string | null, pathname: string, options: TCall = {}) {
  return sessionCall(pathname, { ...options, cookie });
}

/** Signs in with email and password the way next-auth's client does, from a browser of `userAgent`. */
async function signIn(user: { email: string; password: string }, userAgent = "deckforge-tests/1.0") {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { "user-agent": userAgent } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": userAgent,
      cookie: cookieHeader(csrf.headers.getSetCookie()),
    },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: "true" }),
  });
  await res.arrayBuffer();
  const session = res.headers.getSetCookie().filter((line) => /^next-auth\.session-token=[^;]/.test(line));
  if (session.length === 0)
    throw new Error(`Signing in ${user.email} answered ${res.status} without a session`);
  return cookieHeader(session);
}

/** Signs out with next-auth's POST /api/auth/signout (CSRF token first), as the Sign out button does. */
async function signOut(cookie: string) {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl()}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `${cookie}; ${cookieHeader(csrf.headers.getSetCookie())}`,
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${baseUrl()}/sign-in`, json: "true" }),
  });
  await res.arrayBuffer();
  return res;
}

/** What a cookie gets: the API (credits), the dashboard page and next-auth's session endpoint. */
async function reach(cookie: string) {
  const credits = await call(cookie, "/api/v1/credits");
  const dashboard = await call(cookie, "/dashboard");
  const session = await call(cookie, "/api/auth/session");
  return {
    api: credits.status,
    dashboard:
      dashboard.status === 200 ? "page" : (dashboard.headers.get("location") ?? String(dashboard.status)),
    signedIn: Boolean(session.json?.user),
  };
}

const SIGNED_IN = { api: 200, dashboard: "page", signedIn: true };
const SIGNED_OUT = {
  api: 401,
  dashboard: expect.stringMatching(/\/sign-in\?callbackUrl=%2Fdashboard$/),
  signedIn: false,
};

/** A new account signed in twice: two browsers, two sessions. */
async function accountWithTwoSessions(label: string) {
  const user = uniqueUser(label);
  const { cookie: first } = await signUpViaHttp(baseUrl(), user);
  const second = await signIn(user, FIREFOX_WINDOWS);
  return { user, first, second };
}

/** The session id a cookie is signed in with (its row in its own list). */
async function sessionIdOf(cookie: string): Promise<string> {
  const list = await call(cookie, "/api/account/sessions");
  expect(list.status).toBe(200);
  return list.json.find((s: { current: boolean }) => s.current).id;
}

describe("sign-out", () => {
  it("ends that session for every copy of its cookie at once; the account's other session goes on", async () => {
    const { first, second } = await accountWithTwoSessions("signout");
    expect(await reach(first)).toEqual(SIGNED_IN);
    expect(await reach(second)).toEqual(SIGNED_IN);

    const res = await signOut(first);
    expect(res.status).toBe(200);
    // The browser's own cookie is cleared …
    expect(res.headers.getSetCookie().join("\n")).toMatch(/next-auth\.session-token=;/);
    // … and a copy kept elsewhere stops working too: 401 on the API, sign-in on pages, no session.
    expect(await reach(first)).toEqual(SIGNED_OUT);
    expect(await reach(second)).toEqual(SIGNED_IN);
    expect((await call(second, "/api/account/sessions")).json).toHaveLength(1);
  });

  it("next-auth's /api/auth/session answers an ended session with no session and clears its cookie", async () => {
    const { first, second } = await accountWithTwoSessions("session-endpoint");
    await signOut(second);
    const res = await call(second, "/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(res.headers.getSetCookie().join("\n")).toMatch(
      /next-auth\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
    expect((await call(first, "/api/auth/session")).json.user).toBeDefined();
  });
});

describe("password change", () => {
  it("ends every other session of the account at once and keeps the changer's", async () => {
    const { user, first, second } = await accountWithTwoSessions("password-ends");
    const third = await signIn(user, SAFARI_IPHONE);
    const changed = await call(first, "/api/account/password", {
      body: { current_password: user.password, new_password: `${user.password}-Changed` },
    });
    expect(changed.status).toBe(204);
    expect(await reach(second)).toEqual(SIGNED_OUT);
    expect(await reach(third)).toEqual(SIGNED_OUT);
    expect(await reach(first)).toEqual(SIGNED_IN);
    const list = await call(first, "/api/account/sessions");
    expect(list.json.map((s: { current: boolean }) => s.current)).toEqual([true]);
  });

  it("a refused change (wrong current password) ends nothing", async () => {
    const { first, second } = await accountWithTwoSessions("password-refused");
    const refused = await call(first, "/api/account/password", {
      body: { current_password: "not-the-password", new_password: "Another-Long-Password-42" },
    });
    expect(refused.status).toBe(422);
    expect(await reach(second)).toEqual(SIGNED_IN);
  });
});

describe("GET /api/account/sessions", () => {
  it("lists the account's sessions, the asking one first, with browser and OS read from the User-Agent", async () => {
    const { user, first, second } = await accountWithTwoSessions("list");
    const third = await signIn(user, SAFARI_IPHONE);
    const res = await call(second, "/api/account/sessions");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json).toHaveLength(3);
    const [current, ...others] = res.json;
    expect(current).toEqual({
      id: expect.stringMatching(UUID),
      current: true,
      browser: "Firefox 133",
      os: "Windows",
      user_agent: FIREFOX_WINDOWS,
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
    });
    // Newest use first among the others: the iPhone signed in last.
    expect(others.map((s: { browser: string; os: string }) => [s.browser, s.os])).toEqual([
      ["Safari 17", "iOS 17"],
      ["node", null],
    ]);
    expect(others.every((s: { current: boolean }) => !s.current)).toBe(true);
    // About 30 days ahead, renewed with use.
    const days = (Date.parse(current.expires_at) - Date.parse(current.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    // Asked from the first browser, that one is current.
    expect(await sessionIdOf(first)).toBe(others[1].id);
    expect(await sessionIdOf(third)).toBe(others[0].id);
  });

  it("does not write last use on every request (at most every few minutes)", async () => {
    const { first } = await accountWithTwoSessions("touch");
    const before = (await call(first, "/api/account/sessions")).json[0];
    for (let i = 0; i < 3; i++) expect((await call(first, "/api/v1/credits")).status).toBe(200);
    const after = (await call(first, "/api/account/sessions")).json[0];
    expect(after.last_seen_at).toBe(before.last_seen_at);
    expect(after.expires_at).toBe(before.expires_at);
  });
});

describe("revoking sessions from the account page", () => {
  it("DELETE /api/account/sessions/{id} signs that browser out at once; again, it is a 404", async () => {
    const { first, second } = await accountWithTwoSessions("revoke-one");
    const target = await sessionIdOf(second);
    const res = await call(first, `/api/account/sessions/${target}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await reach(second)).toEqual(SIGNED_OUT);
    expect(await reach(first)).toEqual(SIGNED_IN);
    const again = await call(first, `/api/account/sessions/${target}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ status: 404, code: "not_found" });
    expect((await call(first, "/api/account/sessions")).json).toHaveLength(1);
  });

  it("POST /api/account/sessions/revoke-others ends every session but the caller's", async () => {
    const { user, first, second } = await accountWithTwoSessions("revoke-others");
    const third = await signIn(user, SAFARI_IPHONE);
    const res = await call(third, "/api/account/sessions/revoke-others", { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ revoked: 2 });
    expect(await reach(first)).toEqual(SIGNED_OUT);
    expect(await reach(second)).toEqual(SIGNED_OUT);
    expect(await reach(third)).toEqual(SIGNED_IN);
    expect((await call(third, "/api/account/sessions/revoke-others", { method: "POST" })).json).toEqual({
      revoked: 0,
    });
  });

  it("another account's session id is a 404 like an unknown one, and that session goes on", async () => {
    const mine = await accountWithTwoSessions("owner");
    const theirs = await accountWithTwoSessions("other");
    const target = await sessionIdOf(mine.second);
    const foreign = await call(theirs.first, `/api/account/sessions/${target}`, { method: "DELETE" });
    const unknown = await call(theirs.first, `/api/account/sessions/${crypto.randomUUID()}`, {
      method: "DELETE",
    });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.json.code).toBe(unknown.json.code);
    expect(await reach(mine.second)).toEqual(SIGNED_IN);
    const listed = (await call(theirs.first, "/api/account/sessions")).json.map((s: { id: string }) => s.id);
    expect(listed).not.toContain(target);
    // "Everywhere else" of one account leaves the other's sessions alone.
    await call(theirs.first, "/api/account/sessions/revoke-others", { method: "POST" });
    expect(await reach(mine.second)).toEqual(SIGNED_IN);
  });

  it("are session-only: no cookie or a Bearer key is a 401, a cross-site change a 403", async () => {
    const { first, second } = await accountWithTwoSessions("session-only");
    const target = await sessionIdOf(second);
    const key = inject("keyA");
    expect((await call(null, "/api/account/sessions")).status).toBe(401);
    expect((await call(null, "/api/account/sessions", { bearer: key })).status).toBe(401);
    expect(
      (await call(null, `/api/account/sessions/${target}`, { method: "DELETE", bearer: key })).status,
    ).toBe(401);
    const crossSite = await call(first, `/api/account/sessions/${target}`, {
      method: "DELETE",
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call(first, "/api/account/sessions/revoke-others", {
      method: "POST",
      origin: null,
    });
    expect(noOrigin.status).toBe(403);
    expect(await reach(second)).toEqual(SIGNED_IN);
  });
});

describe("tokens without a live session", () => {
  /** The key next-auth's cookies are encrypted with: derived from the shared server's secret. */
  function sessionSecret(): string {
    const secret = fs.readFileSync(path.join(inject("dataDir"), ".secret"), "utf8").trim();
    return crypto.createHmac("sha256", Buffer.from(secret)).update("next-auth session").digest("hex");
  }

  async function forge(claims: Record<string, unknown>): Promise<string> {
    const token = await encode({ token: claims, secret: sessionSecret(), maxAge: 3600 });
    return `next-auth.session-token=${token}`;
  }

  it("a well-signed token without sid (as issued before sessions were recorded) signs nobody in", async () => {
    const user = uniqueUser("no-sid");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    const me = (await call(cookie, "/api/auth/session")).json.user;
    // The forgery is accepted as a token (a genuine one with the same claims and a live sid works).
    const genuine = await forge({
      uid: me.id,
      email: me.email,
      name: me.name,
      sid: await sessionIdOf(cookie),
    });
    expect(await reach(genuine)).toEqual(SIGNED_IN);

    expect(await reach(await forge({ uid: me.id, email: me.email, name: me.name }))).toEqual(SIGNED_OUT);
    expect(await reach(await forge({ uid: me.id, sid: crypto.randomUUID() }))).toEqual(SIGNED_OUT);
  });

  it("a session id of another account in a token for this one signs nobody in", async () => {
    const mine = await accountWithTwoSessions("sid-owner");
    const theirs = await accountWithTwoSessions("sid-thief");
    const theirId = (await call(theirs.first, "/api/auth/session")).json.user.id;
    const stolenSid = await sessionIdOf(mine.second);
    expect(await reach(await forge({ uid: theirId, sid: stolenSid }))).toEqual(SIGNED_OUT);
  });
});
