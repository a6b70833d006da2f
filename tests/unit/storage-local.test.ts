import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "@/lib/storage/local-storage";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-storage-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("local storage", () => {
  it("writes, reads, replaces and deletes files under its root", async () => {
    const storage = createLocalStorage(root);
    await storage.put("exports/a.pptx", new Uint8Array([1, 2, 3]), { contentType: "application/zip" });
    expect(fs.readFileSync(path.join(root, "exports/a.pptx"))).toEqual(Buffer.from([1, 2, 3]));
    await storage.put("exports/a.pptx", new Uint8Array([4]));
    expect(await storage.get("exports/a.pptx")).toEqual(Buffer.from([4]));
    // No temp file is left beside it.
    expect(fs.readdirSync(path.join(root, "exports"))).toEqual(["a.pptx"]);
    await storage.delete("exports/a.pptx");
    expect(await storage.get("exports/a.pptx")).toBeNull();
    expect(fs.existsSync(path.join(root, "exports/a.pptx"))).toBe(false);
  });

  it("answers null for a missing key and deletes one idempotently", async () => {
    const storage = createLocalStorage(root);
    expect(await storage.get("uploads/u/f/original.pdf")).toBeNull();
    await expect(storage.delete("uploads/u/f/original.pdf")).resolves.toBeUndefined();
  });

  it("has no direct download URL: links go through the app's signed route", async () => {
    const storage = createLocalStorage(root);
    await storage.put("exports/b.pdf", new Uint8Array([1]));
    expect(
      await storage.signedDownloadUrl("exports/b.pdf", {
        fileName: "b.pdf",
        contentType: "application/pdf",
        expiresIn: 60,
      }),
    ).toBeNull();
  });

  it.each(["../secret", "exports/../../etc/passwd", "/etc/passwd", "", ".hidden", "exports/a b.pptx"])(
    "refuses the key %j for every operation",
    async (key) => {
      const storage = createLocalStorage(root);
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow("Invalid storage key");
      await expect(storage.get(key)).rejects.toThrow("Invalid storage key");
      await expect(storage.delete(key)).rejects.toThrow("Invalid storage key");
      await expect(
        storage.signedDownloadUrl(key, { fileName: "x", contentType: "text/plain", expiresIn: 60 }),
      ).rejects.toThrow("Invalid storage key");
    },
  );
});
