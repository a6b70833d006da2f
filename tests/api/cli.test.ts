import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { cliCreateKey } from "./global-setup";
import { api } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(root, "bin/deckforge.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: inject("dataDir") },
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

  it("users create is idempotent", () => {
    expect(cli("users", "create", "--email", "dave@example.com")).toContain("dave@example.com");
    expect(cli("users", "create", "--email", "DAVE@example.com")).toContain("dave@example.com");
  });
});
