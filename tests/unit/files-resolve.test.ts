import { describe, expect, it } from "vitest";
import { demoteHeadings, documentTitle, fileSection, readableName } from "@/lib/files/file-section";
import { parseFile } from "@/lib/files/parse-file";
import { shareBudget } from "@/lib/files/share-budget";
import { DEFAULT_UPLOAD_LIMITS } from "@/lib/files/upload-limits";
import { docxParts, zip64Of } from "../fixtures/files/build-documents";

describe("combining files into one source text", () => {
  it("heads a titled document with its title and an untitled one with its readable name", () => {
    expect(fileSection("report.pdf", "# Coastal Wetlands\n\n## Why\n\nText.")).toBe(
      "# Coastal Wetlands\n\n## Why\n\nText.",
    );
    expect(fileSection("q3-results_final.csv", "| a | b |\n| --- | --- |")).toBe(
      "# Q3 results final\n\n| a | b |\n| --- | --- |",
    );
    // Two top-level headings: no single title, so the name heads the file and its headings step down.
    expect(fileSection("notes.md", "# One\n\nx\n\n# Two\n\ny")).toBe("# Notes\n\n## One\n\nx\n\n## Two\n\ny");
  });

  it("moves headings down a level outside code fences, stopping at level 6", () => {
    expect(demoteHeadings("# A\n```\n# not a heading\n```\n##### E\n###### F")).toBe(
      "## A\n```\n# not a heading\n```\n###### E\n###### F",
    );
    expect(documentTitle("# Only\n\n## Sub")).toBe("Only");
    expect(documentTitle("Intro\n\n# Late")).toBeUndefined();
    expect(readableName(".csv")).toBe(".csv");
  });

  it("shares a character budget: short texts keep everything, long ones split what is left", () => {
    expect(shareBudget([100, 5000, 5000], 3000)).toEqual([100, 1450, 1450]);
    expect(shareBudget([100, 200], 3000)).toEqual([100, 200]);
    expect(shareBudget([4000, 500], 3000)).toEqual([2500, 500]);
  });
});

describe("ZIP64 packages", () => {
  it("reads a DOCX whose sizes and offsets live in ZIP64 records", async () => {
    const docx = zip64Of(docxParts("Minutes of the ferry committee, spring meeting."));
    const parsed = await parseFile(docx, "minutes.docx", "", DEFAULT_UPLOAD_LIMITS);
    expect(parsed.type).toBe("docx");
    expect(parsed.text).toBe("Minutes of the ferry committee, spring meeting.");
  });
});

describe("uploaded file names", () => {
  it("keep only the file's own name, without folders, control characters or excess length", async () => {
    const { cleanName } = await import("@/lib/files/upload-files");
    expect(cleanName("C:\\fakepath\\Q3 report.pdf", 0)).toBe("Q3 report.pdf");
    expect(cleanName("../../etc/passwd", 0)).toBe("passwd");
    expect(cleanName("bad\u0000name\u0007.txt", 0)).toBe("badname.txt");
    expect(cleanName("   ", 2)).toBe("file-3");
    expect(cleanName("../..", 0)).toBe("file-1");
    const long = `${"a".repeat(300)}.docx`;
    expect(cleanName(long, 0)).toHaveLength(200);
    expect(cleanName(long, 0).endsWith(".docx")).toBe(true);
  });
});
