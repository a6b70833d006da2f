// The Node.js versions `npm start` and `npm test` call supported (scripts/lib.mjs) match package.json's
// engines, which say what the dependencies need.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { nodeSupported, SUPPORTED_NODE } from "../../scripts/lib.mjs";

const root = path.resolve(import.meta.dirname, "../..");

describe("supported Node.js versions", () => {
  it("are package.json's engines and the lockfile's root entry", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));
    expect(SUPPORTED_NODE).toBe("^22.14 || >=24");
    expect(pkg.engines.node).toBe(SUPPORTED_NODE);
    expect(lock.packages[""].engines.node).toBe(SUPPORTED_NODE);
  });

  it.each([
    ["20.20.2", false],
    ["22.13.1", false],
    ["22.14.0", true],
    ["22.21.0", true],
    ["23.11.0", false],
    ["24.0.0", true],
    ["26.1.0", true],
  ])("%s → %s", (version, supported) => {
    expect(nodeSupported(version)).toBe(supported);
  });
});
