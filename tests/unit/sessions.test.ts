// Session rows on a real SQLite database (migrated as the server does): sign-in removes the
// account's expired sessions, a read refuses expired, foreign and sid-less tokens and renews a
// used session at most every few minutes, a password set ends the account's other sessions; and
// browser and OS names read from User-Agents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeUserAgent } from "@/lib/account/describe-user-agent";
import { SESSION_MAX_AGE_SECONDS, SESSION_TOUCH_MS } from "@/lib/auth/session-settings";
import { openTestDb, type TTestDb } from "./credits-test-db";

let test: TTestDb;
let startSession: typeof import("@/lib/auth/start-session").startSession;
let readSession: typeof import("@/lib/auth/read-session").readSession;
let setPassword: typeof import("@/lib/account/set-password").setPassword;

beforeAll(async () => {
  test = await openTestDb();
  ({ startSession } = await import("@/lib/auth/start-session"));
  ({ readSession } = await import("@/lib/auth/read-session"));
  ({ setPassword } = await import("@/lib/account/set-password"));
});
afterAll(async () => {
  await test?.close();
});

let made = 0;
async function account(): Promise<{ id: string; email: string }> {
  made += 1;
  return test.db.user.create({
    data: { email: `sessions-${made}@example.com` },
    select: { id: true, email: true },
  });
}

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function row(id: string) {
  return test.db.session.findUnique({ where: { id } });
}

describe("startSession", () => {
  it("records the sign-in with its User-Agent and a 30-day expiry", async () => {
    const user = await account();
    const id = await startSession(test.db, user.id, "Mozilla/5.0 Test");
    const stored = await row(id);
    expect(stored).toMatchObject({ userId: user.id, userAgent: "Mozilla/5.0 Test" });
    const days = ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 1000;
    expect(days).toBe(SESSION_MAX_AGE_SECONDS);
    expect(await startSession(test.db, user.id, null)).not.toBe(id);
    expect((await row(await startSession(test.db, user.id, "")))?.userAgent).toBeNull();
  });

  it("removes the account's expired sessions, not its live ones nor another account's", async () => {
    const user = await account();
    const other = await account();
    const live = await startSession(test.db, user.id, null);
    const expired = await startSession(test.db, user.id, null);
    const othersExpired = await startSession(test.db, other.id, null);
    await test.db.session.updateMany({
      where: { id: { in: [expired, othersExpired] } },
      data: { expiresAt: ago(MINUTE) },
    });
    await startSession(test.db, user.id, null);
    expect(await row(expired)).toBeNull();
    expect(await row(live)).not.toBeNull();
    expect(await row(othersExpired)).not.toBeNull();
  });
});

describe("readSession", () => {
  it("answers the live session's account; refuses a token without sid, of another account, or unknown", async () => {
    const user = await account();
    const other = await account();
    const sid = await startSession(test.db, user.id, null);
    expect(await readSession(test.db, { uid: user.id, sid })).toEqual({
      sessionId: sid,
      user: { id: user.id, email: user.email, name: null },
    });
    expect(await readSession(test.db, { uid: user.id })).toBeNull();
    expect(await readSession(test.db, { uid: other.id, sid })).toBeNull();
    expect(await readSession(test.db, { uid: user.id, sid: crypto.randomUUID() })).toBeNull();
    expect(await readSession(test.db, null)).toBeNull();
  });

  it("refuses an expired session and deletes its row", async () => {
    const user = await account();
    const sid = await startSession(test.db, user.id, null);
    await test.db.session.update({ where: { id: sid }, data: { expiresAt: ago(1000) } });
    expect(await readSession(test.db, { uid: user.id, sid })).toBeNull();
    expect(await row(sid)).toBeNull();
  });

  it("renews last use and expiry only when the last write is older than the touch interval", async () => {
    const user = await account();
    const sid = await startSession(test.db, user.id, null);
    const recent = ago(SESSION_TOUCH_MS - MINUTE);
    await test.db.session.update({ where: { id: sid }, data: { lastSeenAt: recent } });
    await readSession(test.db, { uid: user.id, sid });
    expect((await row(sid))?.lastSeenAt.getTime()).toBe(recent.getTime());

    const stale = ago(SESSION_TOUCH_MS + MINUTE);
    await test.db.session.update({
      where: { id: sid },
      data: { lastSeenAt: stale, expiresAt: new Date(Date.now() + MINUTE) },
    });
    const before = Date.now();
    await readSession(test.db, { uid: user.id, sid });
    const renewed = await row(sid);
    expect(renewed?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(renewed?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_MAX_AGE_SECONDS * 1000);
  });
});

describe("setPassword", () => {
  it("ends every session of the account but the kept one; without one (the CLI) all of them", async () => {
    const user = await account();
    const other = await account();
    const kept = await startSession(test.db, user.id, null);
    const ended = await startSession(test.db, user.id, null);
    const othersSession = await startSession(test.db, other.id, null);
    await setPassword(test.db, user, "Quartz-Lantern-Meadow-81", "new_password", kept);
    expect(await row(kept)).not.toBeNull();
    expect(await row(ended)).toBeNull();
    expect(await row(othersSession)).not.toBeNull();

    await setPassword(test.db, user, "Quartz-Lantern-Meadow-82");
    expect(await test.db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await row(othersSession)).not.toBeNull();
  });

  it("a refused (weak) password ends nothing", async () => {
    const user = await account();
    const sid = await startSession(test.db, user.id, null);
    await expect(setPassword(test.db, user, "password123")).rejects.toThrow(/too weak/);
    expect(await row(sid)).not.toBeNull();
  });
});

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", os: "Linux" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      { browser: "Safari 17", os: "macOS" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", os: "Windows" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17", os: "iOS 17" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      { browser: "Chrome 131", os: "Android 14" },
    ],
    ["curl/8.5.0", { browser: "curl/8.5.0", os: null }],
    [null, { browser: null, os: null }],
    ["  ", { browser: null, os: null }],
  ])("%s", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});
