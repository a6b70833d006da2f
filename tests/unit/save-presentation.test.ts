// Saving a deck stores its file first and records it second: when the record cannot be written
// (here, an account that does not exist fails the foreign key on a real SQLite), the file it
// stored is removed again instead of being left where nothing points to it.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePresentation } from "@/lib/presentations/save-presentation";
import { SOLAR } from "./ai-edit-fixtures";
import { accountMaker, openTestDb, type TTestDb } from "./credits-test-db";

let t: TTestDb;
const textOnly = { ...SOLAR, slides: SOLAR.slides.slice(0, 2) };

function exportFiles(): string[] {
  const dir = path.join(t.dataDir, "files", "exports");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("savePresentation", () => {
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the stored file of a saved deck", async () => {
    const userId = await accountMaker(() => t, "save")(100);
    const entry = await t.db.creditEntry.create({
      data: { userId, delta: -5, reason: "generation" },
      select: { id: true },
    });
    const result = await savePresentation(t.db, userId, textOnly, {
      format: "pptx",
      origin: "http://deckforge.test",
      charge: { entryId: entry.id },
    });
    expect(result.presentation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(exportFiles()).toHaveLength(1);
  });

  it("removes the stored file when the deck cannot be recorded", async () => {
    const before = exportFiles();
    await expect(
      savePresentation(t.db, "no-such-account", textOnly, {
        format: "pdf",
        origin: "http://deckforge.test",
        charge: { entryId: "no-such-entry" },
      }),
    ).rejects.toThrow();
    expect(exportFiles()).toEqual(before);
  });
});
