import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { cliCreateKey, dataDirEnv } from "./global-setup";
import { api } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(root, "bin/deckforge.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, ...dataDirEnv(inject("dataDir")) },
    encoding: "utf8",
  });

describe("deckforge CLI", () => {
  it("creates keys that work, lists them with last use, and revokes them (401 after)", async () => {
    const key = cliCreateKey(inject("dataDir"), "carol@example.com", "laptop");
    expect(key).toMatch(/^df_[A-Za-z0-9]{40}$/);
    const ok = await api("/api/v3/presentation/outlines/generate", {
      key,
      body: { content: "One sentence about tea.", n_slides: 1 },
    });
    expect(ok.status).toBe(200);

    const listed = cli("keys", "list", "--email", "Carol@Example.com");
    const prefix = key.slice(0, 11);
    expect(listed).toContain(`${prefix}…\tlaptop`);
    expect(listed).toMatch(/last used \d{4}-/);
    expect(listed).toContain("active");
    expect(listed).not.toContain(key);

    expect(cli("keys", "revoke", prefix)).toContain("Revoked");
    const after = await api("/api/v3/presentation/outlines/generate", {
      key,
      body: { content: "x", n_slides: 1 },
    });
    expect(after.status).toBe(401);
    expect(cli("keys", "list", "--email", "carol@example.com")).toContain("revoked");
  });

  it("credits balance and grant: adjustments both ways in the ledger, seen by the API", async () => {
    cli("users", "create", "--email", "erin@example.com");
    const balance = () =>
      Number(
        /^erin@example\.com: (-?\d+) credits$/m.exec(
          cli("credits", "balance", "--email", "erin@example.com"),
        )?.[1],
      );
    const start = balance();
    expect(start).toBeGreaterThanOrEqual(0);
    expect(cli("credits", "grant", "--email", "Erin@Example.com", "--amount", "25")).toContain(
      `erin@example.com: +25 credits (adjustment). Balance: ${start + 25} credits`,
    );
    expect(
      cli("credits", "grant", "--email", "erin@example.com", "--amount", "-30", "--reason", "ticket 7"),
    ).toContain(`-30 credits (adjustment: ticket 7). Balance: ${start - 5} credits`);
    const listed = cli("credits", "balance", "--email", "erin@example.com");
    expect(listed).toMatch(/\t-30\tadjustment: ticket 7\n.*\t\+25\tadjustment\n/);
    const key = cliCreateKey(inject("dataDir"), "erin@example.com", "erin");
    expect((await api("/api/v1/credits", { key })).json.balance).toBe(start - 5);
  });

  it("credits commands refuse unknown accounts and amounts that are not whole numbers", () => {
    const fails = (...args: string[]) => {
      try {
        cli(...args);
      } catch (error) {
        return String((error as { stderr: string }).stderr);
      }
      throw new Error(`'${args.join(" ")}' succeeded`);
    };
    expect(fails("credits", "balance", "--email", "nobody@example.com")).toContain(
      "No account nobody@example.com",
    );
    expect(fails("credits", "grant", "--email", "nobody@example.com", "--amount", "5")).toContain(
      "No account",
    );
    cli("users", "create", "--email", "frank@example.com");
    expect(fails("credits", "grant", "--email", "frank@example.com", "--amount", "2.5")).toContain(
      "--amount must be a whole number",
    );
    expect(fails("credits", "grant", "--email", "frank@example.com", "--amount", "0")).toContain("non-zero");
  });

  it("users create is idempotent", () => {
    expect(cli("users", "create", "--email", "dave@example.com")).toContain("dave@example.com");
    expect(cli("users", "create", "--email", "DAVE@example.com")).toContain("dave@example.com");
  });

  it("db migrate is a no-op on the running server's database, and names pg-boss on PostgreSQL", () => {
    const out = cli("db", "migrate");
    const postgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
    expect(out).toContain(`Database (${postgres ? "postgres" : "sqlite"}) is up to date.`);
    if (postgres) expect(out).toMatch(/pg-boss schema "\w+_boss" is installed/);
    else expect(out).not.toContain("pg-boss");
  });
});
