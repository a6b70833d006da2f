import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/files/parse-file";
import { DEFAULT_UPLOAD_LIMITS, getUploadLimits, type TUploadLimits } from "@/lib/files/upload-limits";
import {
  declareSize,
  docxParts,
  markEncrypted,
  pdfWithPages,
  zipOf,
} from "../fixtures/files/build-documents";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/files", name));
async function refusal(bytes: Buffer, name: string, limits: Partial<TUploadLimits> = {}): Promise<string> {
  try {
    await parseFile(bytes, name, "", { ...DEFAULT_UPLOAD_LIMITS, ...limits });
  } catch (error) {
    expect((error as Error).name).toBe("FileReadError");
    return (error as Error).message;
  }
  return "accepted";
}

describe("zip bombs and hostile packages", () => {
  it("refuses a package whose declared contents pass 200 MB, before inflating anything", async () => {
    const honest = await zipOf(docxParts("A small memo."));
    const bomb = declareSize(honest, "word/document.xml", 300 * 1024 * 1024);
    expect(await refusal(bomb, "memo.docx")).toBe(
      "would inflate to 300 MB; a document may inflate to at most 200 MB.",
    );
  });

  it("refuses an absurd compression ratio (a real zip bomb of zeros)", async () => {
    const parts = docxParts("A memo.");
    const zeros = Buffer.alloc(40 * 1024 * 1024, 0x20);
    const bomb = await zipOf({ ...parts, "word/filler.xml": zeros });
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb, "memo.docx")).toMatch(
      /^declares a compression ratio of \d+:1 .* it looks like a zip bomb\.$/,
    );
  });

  it("never inflates an entry past the size it declared", async () => {
    const honest = await zipOf(docxParts("A memo about the ferry timetable and its winter changes."));
    const liar = declareSize(honest, "word/document.xml", 100);
    expect(await refusal(liar, "memo.docx")).toBe(
      "has a damaged part 'word/document.xml' (it inflates past its declared size).",
    );
  });

  it("refuses packages with too many entries, encrypted entries, or an oversized XML part", async () => {
    const many = await zipOf({
      ...docxParts("x"),
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`word/extra${i}.xml`, "<x/>"])),
    });
    expect(await refusal(many, "many.docx", { maxZipEntries: 10 })).toMatch(
      /^holds 2\d entries; a document package may hold at most 10\.$/,
    );
    const locked = markEncrypted(await zipOf(docxParts("secret")));
    expect(await refusal(locked, "locked.docx")).toBe(
      "is encrypted; remove the password and upload it again.",
    );
    const big = await zipOf(docxParts("y".repeat(5000)));
    expect(await refusal(big, "big.docx", { maxXmlPartBytes: 1000 })).toMatch(
      /^has a part 'word\/document\.xml' of \d+ bytes, more than the 1000 read from one part\.$/,
    );
  });

  it("reports a truncated package as unreadable", async () => {
    const docx = fixture("brief.docx");
    expect(await refusal(docx.subarray(0, docx.length - 200), "brief.docx")).toBe(
      "is not a readable ZIP package (no end-of-directory record).",
    );
  });
});

describe("PDF limits and damage", () => {
  it("refuses more pages than MAX_PDF_PAGES", async () => {
    const pdf = await pdfWithPages(4);
    expect(await refusal(pdf, "timetable.pdf", { maxPdfPages: 3 })).toBe(
      "has 4 pages; a PDF may have at most 3.",
    );
    const ok = await parseFile(pdf, "timetable.pdf", "", { ...DEFAULT_UPLOAD_LIMITS, maxPdfPages: 4 });
    expect(ok.pages).toBe(4);
    expect(ok.text).toContain("Paragraph on page 4");
  });

  it("answers a corrupt, truncated or password-protected PDF with a clear reason", async () => {
    const pdf = fixture("report.pdf");
    expect(await refusal(pdf.subarray(0, Math.floor(pdf.length * 0.4)), "report.pdf")).toMatch(
      /^is not a readable PDF \(/,
    );
    expect(await refusal(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 7)]), "x.pdf")).toMatch(
      /^is not a readable PDF \(/,
    );
    const locked = await pdfWithPages(1, { userPassword: "secret", ownerPassword: "owner" });
    expect(await refusal(locked, "locked.pdf")).toBe(
      "is password-protected; remove the password and upload it again.",
    );
  });

  it("refuses a PDF without text (a scan) rather than generating from nothing", async () => {
    const PDFDocument = (await import("pdfkit")).default;
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise((r) => doc.on("end", r));
    doc.rect(50, 50, 200, 200).fill("#333");
    doc.end();
    await done;
    expect(await refusal(Buffer.concat(chunks), "scan.pdf")).toMatch(
      /^has no text to read \(a scanned PDF\?/,
    );
  });
});

describe("upload limits from the environment", () => {
  it("reads the documented variables with their defaults", () => {
    expect(getUploadLimits({})).toEqual(DEFAULT_UPLOAD_LIMITS);
    const limits = getUploadLimits({
      MAX_UPLOAD_FILES: "3",
      MAX_UPLOAD_BYTES: "1048576",
      MAX_PDF_PAGES: "20",
      MAX_INFLATED_BYTES: "10485760",
      MAX_UPLOAD_IMAGES: "0",
      MAX_CONTENT_CHARS: "5000",
    });
    expect(limits).toMatchObject({
      maxFiles: 3,
      maxFileBytes: 1_048_576,
      maxPdfPages: 20,
      maxInflatedBytes: 10_485_760,
      maxImages: 0,
      maxChars: 5000,
    });
  });

  it("fails loudly, naming the variable, on a bad value", () => {
    expect(() => getUploadLimits({ MAX_UPLOAD_FILES: "lots" })).toThrow(/MAX_UPLOAD_FILES/);
  });
});

describe("long Word documents", () => {
  it("cut the body after a whole top-level block, never inside a table, and stay well-formed", async () => {
    const { trimDocxBody: trimBody } = await import("@/lib/files/parse/trim-docx-body");
    const para = (n: number) => `<w:p><w:r><w:t>Paragraph ${n} of the harbour plan.</w:t></w:r></w:p>`;
    const table = "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>";
    const xml = `<?xml version="1.0"?><w:document xmlns:w="w"><w:body>${para(1)}${para(2)}${table}${para(3)}<w:sectPr/></w:body></w:document>`;
    const budget = xml.indexOf("Cell");
    const { xml: cut, cut: wasCut } = trimBody(xml, budget);
    expect(wasCut).toBe(true);
    expect(cut).toBe(
      `<?xml version="1.0"?><w:document xmlns:w="w"><w:body>${para(1)}${para(2)}</w:body></w:document>`,
    );
    expect(trimBody(xml, xml.length)).toEqual({ xml, cut: false });
  });
});
