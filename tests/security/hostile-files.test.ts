// Hostile uploads against the real server: zip bombs (declared huge, or lying small about what they
// inflate to), a 10,000-page PDF, malformed PDFs and path-traversal file names. Each is a 413/422
// problem naming the file (or, for names, a harmless stored name), nothing is charged or written
// outside storage, and the server keeps answering — including a normal upload right after.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseUrl } from "../api/helpers";
import { declareSize, docxParts, pdfWithPages, zipOf } from "../fixtures/files/build-documents";

const UPLOAD = "/api/v1/ppt/files/upload";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/files");

async function upload(parts: { name: string; bytes: Buffer }[]) {
  const body = new FormData();
  for (const part of parts) body.append("files", new Blob([new Uint8Array(part.bytes)]), part.name);
  const started = Date.now();
  const res = await fetch(`${baseUrl()}${UPLOAD}`, {
    method: "POST",
    headers: { authorization: `Bearer ${inject("keyA")}` },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    ms: Date.now() - started,
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
    json: JSON.parse(text) as any,
  };
}

function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: RegExp) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.type).toMatch(/^application\/problem\+json/);
  expect(res.json.errors[0].path).toBe("files.0");
  expect(res.json.errors[0].message).toMatch(message);
}

/** A PPTX-shaped package (content types + one slide) whose slide XML is `slideXml`. */
async function pptxWith(slideXml: Buffer | string) {
  return zipOf({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    "ppt/presentation.xml": '<?xml version="1.0"?><p:presentation xmlns:p="x"/>',
    "ppt/slides/slide1.xml": slideXml,
  });
}

describe("hostile uploads", () => {
  it("a PPTX declaring 1 GB inside is refused before anything is inflated", async () => {
    const bomb = declareSize(await pptxWith("<p:sld/>"), "ppt/slides/slide1.xml", 1024 * 1024 * 1024);
    const res = await upload([{ name: "bomb.pptx", bytes: bomb }]);
    expectRefused(res, 422, /'bomb\.pptx' would inflate to 1024 MB/);
  });

  it("a DOCX lying small about a part that inflates to 64 MB is cut at its declared size", async () => {
    const parts = docxParts("memo");
    const zeros = Buffer.alloc(64 * 1024 * 1024, 0x20);
    const honest = await zipOf({ ...parts, "word/document.xml": zeros });
    expect(honest.length).toBeLessThan(1024 * 1024);
    const liar = declareSize(honest, "word/document.xml", 4096);
    const res = await upload([{ name: "liar.docx", bytes: liar }]);
    expectRefused(
      res,
      422,
      /'liar\.docx' has a damaged part 'word\/document\.xml' \(it inflates past its declared size\)/,
    );
  });

  it("a 10,000-page PDF is refused by its page count", async () => {
    const pdf = await pdfWithPages(10_000, { size: [72, 72], margin: 4 });
    const res = await upload([{ name: "endless.pdf", bytes: pdf }]);
    expectRefused(res, 422, /'endless\.pdf' has [0-9,]{6} pages; a PDF may have at most 500\./);
  });

  it("malformed PDFs — a bare header, garbage after it, a truncated file — are 422s naming the file", async () => {
    const real = fs.readFileSync(path.join(FIXTURES, "report.pdf"));
    const bodies = [
      Buffer.from("%PDF-1.7\n"),
      Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(50_000, 0xa7)]),
      real.subarray(0, Math.floor(real.length / 2)),
      Buffer.concat([real.subarray(0, 200), Buffer.from("trailer << /Root 999 0 R >>\n%%EOF")]),
    ];
    for (const [i, bytes] of bodies.entries()) {
      const res = await upload([{ name: `bad-${i}.pdf`, bytes }]);
      expectRefused(res, 422, new RegExp(`'bad-${i}\\.pdf' is not a readable PDF`));
    }
  });

  it("path-traversal names are kept as the file's own name only and never reach a path", async () => {
    const names = ["../../../../etc/passwd.txt", "..\\..\\windows\\win.ini.md", "/tmp/evil.csv", "..", "..."];
    const res = await upload(names.map((name) => ({ name, bytes: Buffer.from("a,b\n1,2\n") })));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.map((file: { name: string }) => file.name)).toEqual([
      "passwd.txt",
      "win.ini.md",
      "evil.csv",
      "file-4",
      "file-5",
    ]);
    // Stored under generated keys: nothing was written where the names point.
    expect(fs.existsSync("/etc/passwd.txt")).toBe(false);
    expect(fs.existsSync("/tmp/evil.csv")).toBe(false);
    for (const file of res.json) expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a file over the size limit is a 413, and the server still takes a normal upload afterwards", async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 0x61);
    const res = await upload([{ name: "huge.txt", bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("payload_too_large");
    const ok = await upload([{ name: "plan.md", bytes: fs.readFileSync(path.join(FIXTURES, "plan.md")) }]);
    expect(ok.status).toBe(201);
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(health.status).toBe(200);
  });
});
