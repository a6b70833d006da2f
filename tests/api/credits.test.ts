// Credits and rate limits over real HTTP: GET /api/v1/credits, atomic deduction under 50 parallel
// generations (exactly the balance's worth succeed, the rest are 402 problems, the ledger agrees),
// refused work costs nothing, and a per-key rate limit on a server of its own.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cliCreateKey, dataDirEnv, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { api, UUID } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(root, "bin/deckforge.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, ...TEST_SERVER_ENV, ...dataDirEnv(inject("dataDir")) },
    encoding: "utf8",
  });

const GRANT = Number(TEST_SERVER_ENV.CREDITS_GRANT);

type TEntry = { id: string; delta: number; reason: string; presentation_id: string | null };

/** Every ledger entry of the key's account, paging with the cursor. */
async function ledger(key: string): Promise<TEntry[]> {
  const entries: TEntry[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(`/api/v1/credits?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { key });
    expect(res.status).toBe(200);
    entries.push(...res.json.entries);
    cursor = res.json.next_cursor;
  } while (cursor);
  return entries;
}

const cliBalance = (email: string) => {
  const match = /: (-?\d+) credits/.exec(cli("credits", "balance", "--email", email, "--entries", "0"));
  return Number(match?.[1]);
};

describe("GET /api/v1/credits", () => {
  it("answers the key's balance, enforcement, rules and ledger (also at /api/v3/credits)", async () => {
    const key = cliCreateKey(inject("dataDir"), "credits-view@example.com", "view");
    const res = await api("/api/v1/credits", { key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      balance: GRANT,
      enforce: true,
      rules: { per_slide: 1, per_ai_image: 2, per_ai_edit: 1, per_document_page: 0 },
      entries: [
        {
          id: expect.any(String),
          delta: GRANT,
          reason: "grant",
          presentation_id: null,
          task_id: null,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
      next_cursor: null,
    });
    expect((await api("/api/v3/credits", { key })).json).toEqual(res.json);

    const generated = await api("/api/v3/presentation/generate", {
      key,
      body: { slides: [{ content: "# Tea\n- Green\n- Black" }, { content: "# Coffee\n- Arabica" }] },
    });
    expect(generated.status).toBe(200);
    expect(generated.json.credits_consumed).toBe(2);
    const after = await api("/api/v1/credits?limit=1", { key });
    expect(after.json.balance).toBe(GRANT - 2);
    expect(after.json.entries).toEqual([
      expect.objectContaining({
        delta: -2,
        reason: "generation",
        presentation_id: generated.json.presentation_id,
      }),
    ]);
    expect(after.json.next_cursor).toEqual(expect.any(String));
  });

  it("lists the rule table at /api/v1/credits/rules", async () => {
    const res = await api("/api/v1/credits/rules");
    expect(res.status).toBe(200);
    expect(res.json.rules.map((r: { rule: string; env: string }) => [r.rule, r.env])).toEqual([
      ["per_slide", "CREDITS_PER_SLIDE"],
      ["per_ai_image", "CREDITS_PER_AI_IMAGE"],
      ["per_ai_edit", "CREDITS_PER_AI_EDIT"],
      ["per_document_page", "CREDITS_PER_DOCUMENT_PAGE"],
    ]);
    expect(res.json).toMatchObject({ grant: GRANT, enforce: true });
  });

  it("needs a key, and refuses a bad page size", async () => {
    expect((await api("/api/v1/credits", { key: null })).status).toBe(401);
    const bad = await api("/api/v1/credits?limit=500");
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("limit");
  });
});

describe("atomic deduction", () => {
  it("lets exactly 10 of 50 parallel one-slide generations through on a balance of 10; the rest are 402s", async () => {
    const email = "credits-race@example.com";
    const key = cliCreateKey(inject("dataDir"), email, "race");
    cli(
      "credits",
      "grant",
      "--email",
      email,
      "--amount",
      String(10 - cliBalance(email)),
      "--reason",
      "race test",
    );
    expect(cliBalance(email)).toBe(10);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api("/api/v3/presentation/generate", {
          key,
          body: { slides: [{ content: `# Slide ${i}\n- A point` }] },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of ok) {
      expect(r.json.presentation_id).toMatch(UUID);
      expect(r.json.credits_consumed).toBe(1);
    }
    for (const r of refused) {
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.json).toMatchObject({
        type: "/docs/errors#insufficient_credits",
        title: "Not enough credits",
        status: 402,
        code: "insufficient_credits",
        required: 1,
      });
      expect(r.json.balance).toBeLessThan(1);
    }

    const entries = await ledger(key);
    const generations = entries.filter((e) => e.reason === "generation");
    expect(generations.map((e) => e.delta)).toEqual(Array(10).fill(-1));
    expect(new Set(generations.map((e) => e.presentation_id))).toEqual(
      new Set(ok.map((r) => r.json.presentation_id)),
    );
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
    expect((await api("/api/v1/credits", { key })).json.balance).toBe(0);
    expect(cliBalance(email)).toBe(0);
  });

  it("charges nothing for a generation that fails", async () => {
    const key = cliCreateKey(inject("dataDir"), "credits-refund@example.com", "refund");
    const failed = await api("/api/v1/ppt/presentation/generate", {
      key,
      body: { content: "Some text about tea.", n_slides: 2, files: ["no-such-file"] },
    });
    expect(failed.status).toBe(422);
    const view = await api("/api/v1/credits?limit=100", { key });
    expect(view.json.balance).toBe(GRANT);
    expect(view.json.entries.reduce((sum: number, e: TEntry) => sum + e.delta, 0)).toBe(GRANT);
  });
});

describe("per-key rate limit (a server with RATE_LIMIT_PER_MINUTE=5)", () => {
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "5" });
  });
  afterAll(() => server?.stop());

  const get = (pathname: string, key?: string) =>
    fetch(`${server.baseUrl}${pathname}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

  it("answers the 6th request in a minute with a 429, Retry-After and RateLimit-* headers", async () => {
    const env = { ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "5" };
    const key = cliCreateKey(server.dataDir, "limited@example.com", "limited", env);
    const other = cliCreateKey(server.dataDir, "limited@example.com", "other", env);
    for (let i = 0; i < 5; i++) {
      const res = await get("/api/v1/credits", key);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("5");
      expect(res.headers.get("ratelimit-remaining")).toBe(String(4 - i));
      expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    }
    const limited = await get("/api/v1/credits", key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-limit")).toBe("5");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    expect(await limited.json()).toMatchObject({
      status: 429,
      code: "rate_limited",
      title: "Too many requests",
    });

    // The limit is per key, and /api/health is never limited.
    expect((await get("/api/v1/credits", other)).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      const health = await get("/api/health");
      expect(health.status).toBe(200);
      expect(health.headers.get("ratelimit-limit")).toBeNull();
    }
  });
});
