import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectFileType } from "@/lib/files/detect-file-type";
import { DEFAULT_UPLOAD_LIMITS } from "@/lib/files/upload-limits";
import { png, zipOf } from "../fixtures/files/build-documents";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/files", name));
const detect = (bytes: Buffer, name: string, clientType = "") =>
  detectFileType(bytes, name, clientType, DEFAULT_UPLOAD_LIMITS);
const refusal = (bytes: Buffer, name: string, clientType = "") => {
  try {
    detect(bytes, name, clientType);
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
};

describe("file type detection", () => {
  it("goes by the bytes, whatever the name or the client's content type says", () => {
    expect(detect(fixture("report.pdf"), "report.txt", "text/plain").type).toBe("pdf");
    expect(detect(fixture("brief.docx"), "brief.pdf", "application/pdf").type).toBe("docx");
    expect(detect(fixture("deck.pptx"), "deck", "application/octet-stream").type).toBe("pptx");
    expect(detect(fixture("deck.pptx"), "deck.docx").type).toBe("pptx");
  });

  it("finds a PDF header after leading junk only in a file named .pdf", () => {
    const junk = Buffer.concat([Buffer.from("\r\n\r\n"), fixture("report.pdf")]);
    expect(detect(junk, "scan.pdf").type).toBe("pdf");
    const note = Buffer.from("# PDF internals\n\nEvery file starts with %PDF-1.7 and a binary comment.");
    expect(detect(note, "pdf-notes.md").type).toBe("md");
  });

  it("types text by its extension, then by the part's content type when it has none", () => {
    const text = Buffer.from("a,b\n1,2\n");
    expect(detect(text, "data.csv").type).toBe("csv");
    expect(detect(text, "data.tsv").type).toBe("csv");
    expect(detect(text, "data", "text/csv").type).toBe("csv");
    expect(detect(text, "data", "text/markdown; charset=utf-8").type).toBe("md");
    expect(detect(text, "data").type).toBe("txt");
    expect(detect(text, "README.markdown").type).toBe("md");
  });

  it("refuses what it cannot read, saying what the file is", async () => {
    expect(refusal(await png(10, 10), "chart.png")).toMatch(
      /^is a PNG image; upload PDF, DOCX, PPTX, TXT, MD or CSV\.$/,
    );
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), "photo.txt")).toMatch(/^is a JPEG image/);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    expect(refusal(ole, "minutes.doc")).toMatch(/old binary Office file .* or a password-protected document/);
    expect(refusal(await zipOf({ "xl/workbook.xml": "<workbook/>" }), "budget.xlsx")).toMatch(
      /Excel workbook; export the sheet as CSV/,
    );
    expect(refusal(await zipOf({ "photos/a.txt": "x" }), "photos.zip")).toMatch(/^is a ZIP archive/);
    expect(refusal(await zipOf({ "photos/a.txt": "x" }), "brief.docx")).toMatch(/^is not a valid DOCX file/);
    expect(refusal(Buffer.from("just some words"), "report.pdf")).toMatch(/^is not a valid PDF file/);
    expect(refusal(Buffer.from("<html><body>Hi</body></html>"), "page.html")).toMatch(
      /unsupported type \(\.html\)/,
    );
    expect(refusal(Buffer.from("{\\rtf1\\ansi Hello}"), "letter.rtf")).toMatch(
      /RTF document; save it as DOCX/,
    );
    expect(refusal(Buffer.alloc(0), "empty.txt")).toBe("is empty.");
  });

  it("refuses binary data dressed up as text", () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    expect(refusal(binary, "notes.txt")).toMatch(/^is not a text file/);
  });
});
