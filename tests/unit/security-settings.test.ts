// The security settings as the server reads them (TRUST_PROXY, sign-in/sign-up limits, SIGN_UP),
// what the start check says about a wrong one, the origin and client address read from headers with
// and without a trusted proxy, and SIGN_UP=closed on a provider's first sign-in (real SQLite).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkEnvironment } from "@/lib/lifecycle/check-environment";
import { clientAddress, isOwnOrigin, originOf } from "@/lib/security/request-origin";
import { getSecuritySettings } from "@/lib/security/security-settings";
import { openTestDb, type TTestDb } from "./credits-test-db";

// originOf reads the core settings, which make DATA_DIR: a temporary one, not the checkout's data/.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-security-"));
const saved = { ...process.env };
afterEach(() => {
  for (const name of ["TRUST_PROXY", "PUBLIC_URL", "SIGN_UP"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("getSecuritySettings", () => {
  it("defaults: no trusted proxy, 10 sign-ins per email and 30 per address in 15 minutes, 5 sign-ups an hour, open", () => {
    expect(getSecuritySettings({})).toEqual({
      TRUST_PROXY: 0,
      SIGN_IN_LIMIT_PER_EMAIL: 10,
      SIGN_IN_LIMIT_PER_ADDRESS: 30,
      SIGN_UP_LIMIT_PER_ADDRESS: 5,
      SIGN_UP: "open",
    });
  });

  it.each([
    ["true", 1],
    ["false", 0],
    ["0", 0],
    ["2", 2],
    [" ", 0],
  ])("reads TRUST_PROXY=%j as %i proxies", (value, hops) => {
    expect(getSecuritySettings({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it("names a wrong value at start, one line each", () => {
    const problems = checkEnvironment({
      TRUST_PROXY: "yes",
      SIGN_UP: "invite",
      SIGN_IN_LIMIT_PER_EMAIL: "-1",
    });
    expect(problems.map((p) => p.name).sort()).toEqual(["SIGN_IN_LIMIT_PER_EMAIL", "SIGN_UP", "TRUST_PROXY"]);
    expect(problems.find((p) => p.name === "TRUST_PROXY")?.rule).toMatch(/true, false or a number/);
  });
});

describe("origin and client address from headers", () => {
  const forged = new Headers({
    host: "decks.example.com",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-for": "6.6.6.6, 10.0.0.1, 127.0.0.1",
  });

  it("without a trusted proxy: the Host header and the connection's scheme; the last X-Forwarded-For entry", () => {
    delete process.env.PUBLIC_URL;
    delete process.env.TRUST_PROXY;
    expect(originOf(forged)).toBe("http://decks.example.com");
    expect(isOwnOrigin("http://decks.example.com", forged)).toBe(true);
    expect(isOwnOrigin("https://evil.example", forged)).toBe(false);
    expect(isOwnOrigin("https://decks.example.com", forged)).toBe(false);
    expect(isOwnOrigin("null", forged)).toBe(false);
    expect(clientAddress(forged)).toBe("127.0.0.1");
  });

  it("with TRUST_PROXY=n: the proxy's X-Forwarded-Host/-Proto, and the address the outermost trusted proxy saw", () => {
    delete process.env.PUBLIC_URL;
    process.env.TRUST_PROXY = "1";
    expect(originOf(forged)).toBe("https://evil.example");
    expect(clientAddress(forged)).toBe("127.0.0.1");
    process.env.TRUST_PROXY = "2";
    expect(clientAddress(forged)).toBe("10.0.0.1");
    process.env.TRUST_PROXY = "9";
    expect(clientAddress(forged)).toBe("6.6.6.6");
    expect(clientAddress(new Headers({ "x-forwarded-for": "::ffff:192.0.2.4" }))).toBe("192.0.2.4");
    expect(clientAddress(new Headers())).toBe("unknown");
  });

  it("PUBLIC_URL wins for links; its origin and the host reached both pass the origin check", async () => {
    process.env.PUBLIC_URL = "https://slides.example.org/";
    delete process.env.TRUST_PROXY;
    // The core settings are read once per process: a fresh copy of the modules reads PUBLIC_URL.
    vi.resetModules();
    const { originOf, isOwnOrigin } = await import("@/lib/security/request-origin");
    expect(originOf(forged)).toBe("https://slides.example.org");
    expect(isOwnOrigin("https://slides.example.org", forged)).toBe(true);
    expect(isOwnOrigin("http://decks.example.com", forged)).toBe(true);
    expect(isOwnOrigin("http://slides.example.org", forged)).toBe(false);
  });
});

describe("SIGN_UP=closed and a provider's sign-in", () => {
  let test: TTestDb;
  let signIn: (email: string) => Promise<string | boolean>;

  beforeAll(async () => {
    // Fresh modules: the settings read above cached the core ones without this test's DATA_DIR.
    vi.resetModules();
    test = await openTestDb();
    const { getAuthOptions } = await import("@/lib/auth/auth-options");
    const callback = getAuthOptions().callbacks?.signIn;
    if (!callback) throw new Error("no signIn callback");
    signIn = async (email) =>
      callback({
        user: { id: "provider-id", email },
        account: { type: "oauth", provider: "github", providerAccountId: "1" },
        profile: { email },
      } as Parameters<typeof callback>[0]);
  });
  afterAll(async () => {
    await test?.close();
  });

  it("lets an existing account in and sends a new email back to sign-in with SignUpClosed", async () => {
    await test.db.user.create({ data: { email: "member@example.com" } });
    process.env.SIGN_UP = "closed";
    expect(await signIn("Member@Example.com")).toBe(true);
    expect(await signIn("stranger@example.com")).toBe("/sign-in?error=SignUpClosed");
    expect(await test.db.user.count({ where: { email: "stranger@example.com" } })).toBe(0);
    process.env.SIGN_UP = "open";
    expect(await signIn("stranger@example.com")).toBe(true);
  });
});
