// Uploaded documents over real HTTP: multipart upload with a real key, then generation from the
// returned references; limits and ownership. Needs the built app (npm test builds it).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { api, baseUrl, download, pdfText, squash, UUID } from "./helpers";

const UPLOAD = "/api/v1/ppt/files/upload";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/files");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

type TPart = { name: string; bytes: Buffer; type?: string };

/** POSTs a multipart body built with FormData + Blob, as a browser or `curl -F` would send it. */
async function upload(parts: TPart[], options: { key?: string; pathname?: string } = {}) {
  const body = new FormData();
  for (const part of parts) {
    body.append("files", new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "" }), part.name);
  }
  const res = await fetch(`${baseUrl()}${options.pathname ?? UPLOAD}`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.key ?? inject("keyA")}` },
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: JSON.parse(text) };
}

describe("POST /api/v1/ppt/files/upload", () => {
  it("answers 201 with one reference per file, in the order sent, typed by content", async () => {
    const res = await upload([
      { name: "report.pdf", bytes: fixture("report.pdf"), type: "application/pdf" },
      { name: "brief.docx", bytes: fixture("brief.docx") },
      { name: "deck.pptx", bytes: fixture("deck.pptx") },
      // A CSV sent as application/octet-stream is still read as CSV (by its name and bytes).
      { name: "sales.csv", bytes: fixture("sales.csv"), type: "application/octet-stream" },
    ]);
    expect(res.status).toBe(201);
    expect(res.json).toHaveLength(4);
    const [pdf, docx, pptx, csv] = res.json;
    expect(Object.keys(pdf).sort()).toEqual(["characters", "id", "images", "name", "pages", "size", "type"]);
    expect(pdf).toMatchObject({
      name: "report.pdf",
      type: "pdf",
      size: fixture("report.pdf").length,
      pages: 2,
    });
    expect(docx).toMatchObject({ name: "brief.docx", type: "docx", images: 1 });
    expect(pptx).toMatchObject({ name: "deck.pptx", type: "pptx", pages: 5, images: 1 });
    expect(csv).toMatchObject({ name: "sales.csv", type: "csv" });
    expect(csv.pages).toBeUndefined();
    for (const file of res.json) {
      expect(file.id).toMatch(UUID);
      expect(file.characters).toBeGreaterThan(100);
    }
  });

  it("is also served at /api/v3/files/upload", async () => {
    const res = await upload([{ name: "plan.md", bytes: fixture("plan.md") }], {
      pathname: "/api/v3/files/upload",
    });
    expect(res.status).toBe(201);
    expect(res.json[0]).toMatchObject({ name: "plan.md", type: "md" });
  });

  it("generates a deck whose text comes from the uploaded files (files given, content empty)", async () => {
    const uploaded = await upload([
      { name: "report.pdf", bytes: fixture("report.pdf") },
      { name: "brief.docx", bytes: fixture("brief.docx") },
    ]);
    expect(uploaded.status).toBe(201);
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: {
        files: uploaded.json.map((f: { id: string }) => f.id),
        content: "",
        n_slides: 6,
        export_as: "pdf",
      },
    });
    expect(res.status).toBe(200);
    const file = await download(res.json.path);
    expect(file.status).toBe(200);
    const text = squash(pdfText(file.bytes)).toLowerCase();
    // From the PDF (its section headings and prose) and from the Word document.
    expect(text).toContain("marsh");
    expect(text).toMatch(/community solar|renters|rooftop solar|shares cost 50 pounds/);
  });

  it("refuses another account's file reference as unknown, at files.0", async () => {
    const theirs = await upload([{ name: "notes.txt", bytes: fixture("notes.txt") }], {
      key: inject("keyB"),
    });
    expect(theirs.status).toBe(201);
    const id = theirs.json[0].id;
    const res = await api("/api/v1/ppt/presentation/generate", { body: { files: [id], content: "" } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("invalid_field");
    expect(res.json.errors).toEqual([{ path: "files.0", message: `Unknown file reference '${id}'.` }]);
  });

  it("answers 413 for a file over 25 MB, naming it at files.N", async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61);
    const res = await upload([
      { name: "plan.md", bytes: fixture("plan.md") },
      { name: "huge.txt", bytes: big },
    ]);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json.code).toBe("payload_too_large");
    expect(res.json.errors).toEqual([
      { path: "files.1", message: "'huge.txt' is larger than 25 MB (26,214,401 bytes), the limit per file." },
    ]);
  });

  it("answers 415 for a body that is not multipart/form-data", async () => {
    const res = await api(UPLOAD, { body: { files: ["report.pdf"] } });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe("unsupported_media_type");
  });

  it("answers 422 naming the file for a corrupt, an unsupported or a zip-bomb document", async () => {
    const pdf = fixture("report.pdf");
    const corrupt = await upload([
      { name: "plan.md", bytes: fixture("plan.md") },
      { name: "broken.pdf", bytes: pdf.subarray(0, Math.floor(pdf.length / 3)) },
    ]);
    expect(corrupt.status).toBe(422);
    expect(corrupt.json.errors[0].path).toBe("files.1");
    expect(corrupt.json.detail).toMatch(/^'broken\.pdf' is not a readable PDF/);

    const image = await upload([
      { name: "photo.jpg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70]) },
    ]);
    expect(image.status).toBe(422);
    expect(image.json.errors).toEqual([
      { path: "files.0", message: "'photo.jpg' is a JPEG image; upload PDF, DOCX, PPTX, TXT, MD or CSV." },
    ]);

    const { declareSize, docxParts, zipOf } = await import("../fixtures/files/build-documents");
    const bomb = declareSize(await zipOf(docxParts("memo")), "word/document.xml", 1024 * 1024 * 1024);
    const bombed = await upload([{ name: "memo.docx", bytes: bomb }]);
    expect(bombed.status).toBe(422);
    expect(bombed.json.errors[0]).toEqual({
      path: "files.0",
      message: "'memo.docx' would inflate to 1024 MB; a document may inflate to at most 200 MB.",
    });
  });

  it("answers 422 for more than 10 files and 401 without a key", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `n${i}.txt`,
      bytes: Buffer.from(`Note ${i}`),
    }));
    const res = await upload(eleven);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      { path: "files", message: "At most 10 files per request; 11 were sent." },
    ]);

    const anonymous = await fetch(`${baseUrl()}${UPLOAD}`, { method: "POST", body: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});
