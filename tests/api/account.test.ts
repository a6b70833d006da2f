// Accounts over real HTTP: sign-up, credentials sign-in (cookie attributes, sessions across a
// restart), the session-only account routes (API keys, password, presentation titles) with their
// CSRF and ownership rules, and the CLI's set-password.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { credentialsSignIn, signInViaHttp, signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { cliCreateKey, dataDirEnv, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { api, baseUrl, sessionCall } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const KEY_PATTERN = /^df_[A-Za-z0-9]{40}$/;

function signUp(body: unknown) {
  return api("/api/account/signup", { key: null, body });
}

describe("sign-up", () => {
  it("answers 202 with the email normalised and nothing secret; the account signs in with that password", async () => {
    const user = uniqueUser("signup");
    const res = await signUp({
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
      name: " Ada ",
    });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ email: user.email, detail: "Sign in with this email and password." });
    expect(res.text).not.toMatch(/hash|secret|password"/i);
    expect((await credentialsSignIn(baseUrl(), user)).cookie).not.toBeNull();
  });

  it("answers a taken email exactly like a new one, and changes nothing of that account", async () => {
    const user = uniqueUser("taken");
    const fresh = await signUp({ email: user.email, password: user.password });
    const again = await signUp({
      email: user.email.toUpperCase(),
      password: `${user.password}x`,
      name: "Mallory",
    });
    expect(again.status).toBe(fresh.status);
    expect(again.json).toEqual(fresh.json);
    expect(again.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
    // The owner's password still works; the second one does not.
    expect((await credentialsSignIn(baseUrl(), user)).cookie).not.toBeNull();
    expect(
      (await credentialsSignIn(baseUrl(), { ...user, password: `${user.password}x` })).cookie,
    ).toBeNull();
  });

  it.each([
    ["too short", "Short1!"],
    ["a common password", "password123"],
    ["three characters repeated", "abcabcabcabc"],
  ])(
    "refuses a weak password (%s) with 422 on errors[password] and makes no account",
    async (_what, password) => {
      const user = uniqueUser("weak");
      const res = await signUp({ email: user.email, password });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "invalid_field", errors: [{ path: "password" }] });
      // The account was not made: signing in with a good password after signing up with it works.
      expect((await signUp({ email: user.email, password: user.password })).status).toBe(202);
      expect((await credentialsSignIn(baseUrl(), user)).cookie).not.toBeNull();
    },
  );

  it.each([
    ["no @", "not-an-email"],
    ["empty", ""],
    ["spaces inside", "a b@example.com"],
  ])("refuses a bad email (%s) with 422 on errors[email]", async (_what, email) => {
    const res = await signUp({ email, password: "Correct-Horse-Battery-9" });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["email"]);
  });

  it("refuses unknown fields and non-JSON bodies", async () => {
    const user = uniqueUser("extra");
    const extra = await signUp({ ...user, admin: true });
    expect(extra.status).toBe(422);
    expect(extra.json.errors[0].path).toBe("(body)");
    const form = await api("/api/account/signup", {
      key: null,
      raw: "email=a@example.com",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });
});

describe("credentials sign-in", () => {
  it("a wrong password or unknown email sets no session cookie", async () => {
    const user = uniqueUser("wrong");
    await signUpViaHttp(baseUrl(), user);
    for (const attempt of [
      { email: user.email, password: `${user.password}!` },
      { email: `nobody-${user.email}`, password: user.password },
    ]) {
      const res = await credentialsSignIn(baseUrl(), attempt);
      expect(res.cookie).toBeNull();
      expect(res.setCookies.join("\n")).not.toContain("session-token");
    }
  });

  it("the right password sets an HttpOnly, SameSite=Lax session cookie that /api/auth/session reads", async () => {
    const user = uniqueUser("right");
    await signUp({ email: user.email, password: user.password, name: "Grace" });
    const res = await credentialsSignIn(baseUrl(), {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    const line = res.setCookies.find((c) => c.startsWith("next-auth.session-token="));
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    const me = await sessionCall("/api/auth/session", { cookie: res.cookie as string });
    expect(me.json.user).toMatchObject({ email: user.email, name: "Grace", id: expect.any(String) });
  });

  it("the session cookie authenticates the public API (GET /api/v1/credits) like a key", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("credits"));
    const res = await sessionCall("/api/v1/credits", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.balance).toBe(Number(TEST_SERVER_ENV.CREDITS_GRANT));
    expect(res.json.entries).toEqual([expect.objectContaining({ reason: "grant" })]);
    expect((await sessionCall("/api/v1/credits")).status).toBe(401);
  });
});

describe("API keys from the account page", () => {
  it("creates a key (shown once), which works as Bearer, is listed with prefix and last use, and 401s after revoking", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("keys"));
    const created = await sessionCall("/api/account/keys", { cookie, body: { name: "  laptop  " } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      name: "laptop",
      prefix: expect.any(String),
      created_at: expect.any(String),
      secret: expect.stringMatching(KEY_PATTERN),
    });
    const { id, secret, prefix } = created.json;
    expect(prefix).toBe(secret.slice(0, 11));

    const before = await sessionCall("/api/account/keys", { cookie });
    expect(before.status).toBe(200);
    expect(before.json).toEqual([
      {
        id,
        name: "laptop",
        prefix,
        created_at: created.json.created_at,
        last_used_at: null,
        revoked_at: null,
      },
    ]);

    expect((await api("/api/v1/credits", { key: secret })).status).toBe(200);
    const after = await sessionCall("/api/account/keys", { cookie });
    expect(Date.parse(after.json[0].last_used_at)).toBeGreaterThanOrEqual(
      Date.parse(created.json.created_at),
    );
    expect(after.text).not.toContain(secret);
    expect(after.text).not.toMatch(/hash|secret/);

    const revoked = await sessionCall(`/api/account/keys/${id}`, { cookie, method: "DELETE" });
    expect(revoked.status).toBe(204);
    const refused = await api("/api/v1/credits", { key: secret });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const listed = await sessionCall("/api/account/keys", { cookie });
    expect(listed.json[0].revoked_at).toEqual(expect.any(String));
    // Revoking again changes nothing.
    expect((await sessionCall(`/api/account/keys/${id}`, { cookie, method: "DELETE" })).status).toBe(204);
    expect((await sessionCall("/api/account/keys", { cookie })).json[0].revoked_at).toBe(
      listed.json[0].revoked_at,
    );
  });

  it("lists keys newest first and validates the name (422 on errors[name])", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("names"));
    for (const name of ["first", "second"])
      expect((await sessionCall("/api/account/keys", { cookie, body: { name } })).status).toBe(201);
    expect(
      (await sessionCall("/api/account/keys", { cookie })).json.map((k: { name: string }) => k.name),
    ).toEqual(["second", "first"]);
    for (const body of [{ name: "   " }, { name: "x".repeat(101) }, {}]) {
      const res = await sessionCall("/api/account/keys", { cookie, body });
      expect(res.status).toBe(422);
      expect(res.json.errors[0].path).toBe("name");
    }
  });

  it("refuses cross-site and cookie-less changes (403) and API keys (401) on account routes", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("csrf"));
    const foreign = await sessionCall("/api/account/keys", {
      cookie,
      body: { name: "x" },
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(foreign.json.code).toBe("forbidden");
    const noOrigin = await sessionCall("/api/account/keys", { cookie, body: { name: "x" }, origin: null });
    expect(noOrigin.status).toBe(403);
    const password = await sessionCall("/api/account/password", {
      cookie,
      body: { current_password: "whatever-it-is", new_password: "Another-Strong-Pass-1" },
      origin: "https://evil.example",
    });
    expect(password.status).toBe(403);
    expect((await sessionCall("/api/account/keys", { cookie })).json).toEqual([]);

    const key = inject("keyA");
    expect((await sessionCall("/api/account/keys", { bearer: key })).status).toBe(401);
    expect((await sessionCall("/api/account/keys", { bearer: key, body: { name: "x" } })).status).toBe(401);
    expect((await sessionCall("/api/account/keys")).status).toBe(401);
  });

  it("another account's key id is a 404 and stays active", async () => {
    const owner = await signUpViaHttp(baseUrl(), uniqueUser("owner"));
    const other = await signUpViaHttp(baseUrl(), uniqueUser("other"));
    const created = await sessionCall("/api/account/keys", { cookie: owner.cookie, body: { name: "mine" } });
    const res = await sessionCall(`/api/account/keys/${created.json.id}`, {
      cookie: other.cookie,
      method: "DELETE",
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("not_found");
    expect(
      (await sessionCall("/api/account/keys/no-such-key", { cookie: other.cookie, method: "DELETE" })).status,
    ).toBe(404);
    expect((await api("/api/v1/credits", { key: created.json.secret })).status).toBe(200);
  });

  it("the CLI and the account page make the same kind of key", async () => {
    const user = uniqueUser("same");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    const web = (await sessionCall("/api/account/keys", { cookie, body: { name: "web" } })).json;
    const cli = cliCreateKey(inject("dataDir"), user.email, "cli");
    expect(web.secret).toMatch(KEY_PATTERN);
    expect(cli).toMatch(KEY_PATTERN);
    const listed = (await sessionCall("/api/account/keys", { cookie })).json;
    expect(listed.map((k: { name: string; prefix: string }) => [k.name, k.prefix])).toEqual([
      ["cli", cli.slice(0, 11)],
      ["web", web.prefix],
    ]);
    for (const key of [web.secret, cli]) expect((await api("/api/v1/credits", { key })).status).toBe(200);
  });
});

describe("usage table titles", () => {
  it("names the account's own presentations among the ids, leaving out others' and unknown ones", async () => {
    const { cookie } = await signUpViaHttp(baseUrl(), uniqueUser("titles"));
    const generated = await fetch(`${baseUrl()}/api/v1/ppt/presentation/generate`, {
      method: "POST",
      headers: { cookie, origin: baseUrl(), "content-type": "application/json" },
      body: JSON.stringify({
        content: "# Tea gardens\n\nTea grows on terraced hills in the mist.",
        n_slides: 1,
      }),
    });
    expect(generated.status).toBe(200);
    const { presentation_id: mine } = await generated.json();
    const ledger = await sessionCall("/api/v1/credits", { cookie });
    expect(ledger.json.entries[0]).toMatchObject({ reason: "generation", presentation_id: mine });

    const foreign = await api("/api/v1/ppt/presentation/generate", {
      body: { content: "# Bob's deck\n\nSomething only Bob owns.", n_slides: 1 },
    });
    const theirs = foreign.json.presentation_id;
    const res = await sessionCall(`/api/account/presentations?ids=${mine},${theirs},unknown-id`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: mine, title: expect.stringContaining("Tea") }]);
    expect((await sessionCall("/api/account/presentations?ids=", { cookie })).status).toBe(422);
    expect((await sessionCall(`/api/account/presentations?ids=${mine}`)).status).toBe(401);
  });
});

describe("password change", () => {
  it("422 for a wrong current or weak new password; 204 replaces it for sign-in", async () => {
    const user = uniqueUser("change");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    const next = `${user.password}-Renewed`;

    const wrong = await sessionCall("/api/account/password", {
      cookie,
      body: { current_password: "not-the-password", new_password: next },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([{ path: "current_password", message: expect.any(String) }]);
    const missing = await sessionCall("/api/account/password", { cookie, body: { new_password: next } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].path).toBe("current_password");
    const weak = await sessionCall("/api/account/password", {
      cookie,
      body: { current_password: user.password, new_password: "short" },
    });
    expect(weak.status).toBe(422);
    expect(weak.json.errors).toEqual([
      { path: "new_password", message: expect.stringMatching(/at least 10/) },
    ]);

    const ok = await sessionCall("/api/account/password", {
      cookie,
      body: { current_password: user.password, new_password: next },
    });
    expect(ok.status).toBe(204);
    expect((await credentialsSignIn(baseUrl(), user)).cookie).toBeNull();
    expect((await credentialsSignIn(baseUrl(), { email: user.email, password: next })).cookie).not.toBeNull();
  });
});

describe("deckforge users set-password", () => {
  const runCli = (args: string[], input?: string) =>
    spawnSync(process.execPath, [path.join(root, "bin/deckforge.mjs"), ...args], {
      cwd: root,
      env: { ...process.env, ...TEST_SERVER_ENV, ...dataDirEnv(inject("dataDir")) },
      input,
      encoding: "utf8",
    });

  it("lets an account made by the CLI sign in on the web, after the same strength check", async () => {
    const user = uniqueUser("cli");
    execFileSync(
      process.execPath,
      [path.join(root, "bin/deckforge.mjs"), "users", "create", "--email", user.email],
      {
        cwd: root,
        env: { ...process.env, ...TEST_SERVER_ENV, ...dataDirEnv(inject("dataDir")) },
      },
    );
    expect((await credentialsSignIn(baseUrl(), user)).cookie).toBeNull();

    const weak = runCli(
      ["users", "set-password", "--email", user.email, "--password-stdin"],
      "password123\n",
    );
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/too weak.*common/);
    const unknown = runCli(["users", "set-password", "--email", `x-${user.email}`], `${user.password}\n`);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account");

    const ok = runCli(
      ["users", "set-password", "--email", user.email.toUpperCase(), "--password-stdin"],
      `${user.password}\n`,
    );
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Password set for ${user.email}`);
    const { cookie } = await signInViaHttp(baseUrl(), user);
    expect((await sessionCall("/api/auth/session", { cookie })).json.user.email).toBe(user.email);
  });
});

describe("sessions across a restart", () => {
  it("a cookie from before a restart still reads the session afterwards; OAuth buttons follow the env", async () => {
    // The first run has GitHub configured (its sign-in page offers it); the restart has not.
    const github = { GITHUB_ID: "test-client-id", GITHUB_SECRET: "test-client-secret" };
    const first = await startDeckforgeServer({ ...TEST_SERVER_ENV, ...github });
    const dataDir = first.dataDir;
    const page = async (base: string, pathname: string) => (await fetch(`${base}${pathname}`)).text();
    try {
      const signInHtml = await page(first.baseUrl, "/sign-in");
      expect(signInHtml).toContain("Continue with GitHub");
      expect(signInHtml).not.toContain("Continue with Google");
      expect(await page(first.baseUrl, "/sign-in?error=OAuthEmail")).toContain(
        "did not share a verified email",
      );

      const user = uniqueUser("restart");
      const { cookie } = await signUpViaHttp(first.baseUrl, user);
      const before = await fetch(`${first.baseUrl}/api/auth/session`, { headers: { cookie } });
      expect((await before.json()).user.email).toBe(user.email);
      await first.kill();

      const second = await startDeckforgeServer(TEST_SERVER_ENV, { dataDir });
      try {
        const after = await fetch(`${second.baseUrl}/api/auth/session`, { headers: { cookie } });
        expect((await after.json()).user.email).toBe(user.email);
        const credits = await fetch(`${second.baseUrl}/api/v1/credits`, { headers: { cookie } });
        expect(credits.status).toBe(200);
        expect(await page(second.baseUrl, "/sign-in")).not.toContain("Continue with GitHub");
      } finally {
        await second.kill();
      }
    } finally {
      await first.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
