import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { api, download, pdfPageCount, pdfText, squash } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

describe("a real client opens the PPTX", () => {
  it("LibreOffice converts the generated PPTX to a PDF with one page per slide", async () => {
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: { content: SAMPLE_CONTENT, n_slides: 4, include_table_of_contents: true },
    });
    expect(res.status).toBe(200);
    const pptx = (await download(res.json.path)).bytes;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-soffice-"));
    try {
      fs.writeFileSync(path.join(dir, "deck.pptx"), pptx);
      execFileSync(
        "soffice",
        [
          `-env:UserInstallation=file://${dir}/profile`,
          "--headless",
          "--convert-to",
          "pdf",
          "--outdir",
          dir,
          path.join(dir, "deck.pptx"),
        ],
        { stdio: "pipe", timeout: 120_000 },
      );
      const pdf = fs.readFileSync(path.join(dir, "deck.pdf"));
      expect(pdfPageCount(pdf)).toBe(6); // title + agenda + 4 content slides
      expect(squash(pdfText(pdf))).toContain("Pilot results");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
