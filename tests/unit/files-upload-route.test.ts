// The upload route handler called in-process against a real SQLite database and local storage in
// a temporary DATA_DIR: the multipart contract, limits, atomicity, ownership and resolution.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { zipOf } from "../fixtures/files/build-documents";

const FIXTURES = path.resolve("tests/fixtures/files");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-files-"));

type TRoute = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
let POST: TRoute;
// biome-ignore lint/suspicious/noExplicitAny: the Prisma client type is only known after the dynamic import
let db: any;
let resolveUploadedFiles: typeof import("@/lib/files/resolve-uploaded-files").resolveUploadedFiles;
let assertUploadedFiles: typeof import("@/lib/files/assert-uploaded-files").assertUploadedFiles;
let alice: { id: string; key: string };
let bob: { id: string; key: string };

const previousDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  ({ POST } = (await import("@/app/api/v1/ppt/files/upload/route")) as unknown as { POST: TRoute });
  ({ resolveUploadedFiles } = await import("@/lib/files/resolve-uploaded-files"));
  ({ assertUploadedFiles } = await import("@/lib/files/assert-uploaded-files"));
  const { getDb } = await import("@/lib/db");
  const { findOrCreateUser } = await import("@/lib/auth/users");
  const { createApiKey } = await import("@/lib/auth/api-keys");
  db = await getDb();
  const account = async (email: string) => {
    const user = await findOrCreateUser(db, email);
    return { id: user.id, key: (await createApiKey(db, user.id, "tests")).secret };
  };
  alice = await account("alice@example.com");
  bob = await account("bob@example.com");
});

afterAll(async () => {
  await db?.$disconnect();
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ENV_KEYS = ["MAX_UPLOAD_FILES", "MAX_UPLOAD_BYTES"];
afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
});

function form(files: { name: string; bytes: Buffer; type?: string }[], extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const file of files)
    body.append("files", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }), file.name);
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return body;
}

async function upload(body: BodyInit, key: string | null = alice.key, headers: Record<string, string> = {}) {
  const req = new Request("http://localhost/api/v1/ppt/files/upload", {
    method: "POST",
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body,
    // biome-ignore lint/suspicious/noExplicitAny: Node needs duplex for stream bodies; lib.dom lacks it
    ...({ duplex: "half" } as any),
  });
  const res = await POST(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

const countRows = () => db.uploadedFile.count();

describe("POST /api/v1/ppt/files/upload (in-process)", () => {
  it("reads six documents of every type in one request, in order, and stores each with its pictures", async () => {
    const names = ["report.pdf", "brief.docx", "deck.pptx", "notes.txt", "plan.md", "sales.csv"];
    const res = await upload(form(names.map((name) => ({ name, bytes: fixture(name) }))));
    expect(res.status).toBe(201);
    expect(res.json.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ["report.pdf", "pdf"],
      ["brief.docx", "docx"],
      ["deck.pptx", "pptx"],
      ["notes.txt", "txt"],
      ["plan.md", "md"],
      ["sales.csv", "csv"],
    ]);
    const [pdf, docx, pptx, txt] = res.json;
    expect(pdf).toMatchObject({ size: fixture("report.pdf").length, pages: 2, images: 0 });
    expect(pptx).toMatchObject({ pages: 5, images: 1 });
    expect(docx.images).toBe(1);
    expect(txt.pages).toBeUndefined();
    for (const file of res.json) expect(file.characters).toBeGreaterThan(100);

    const row = await db.uploadedFile.findUnique({ where: { id: pdf.id } });
    expect(row).toMatchObject({ userId: alice.id, name: "report.pdf", type: "pdf", pages: 2 });
    expect(row.text).toContain("## Why the marsh is shrinking");
    const stored = path.join(dataDir, "files", row.storageKey);
    expect(row.storageKey).toBe(`uploads/${alice.id}/${pdf.id}/original.pdf`);
    expect(fs.readFileSync(stored).equals(fixture("report.pdf"))).toBe(true);

    const resolved = await resolveUploadedFiles(db, alice.id, [pptx.id, pdf.id, txt.id]);
    // In the order asked; titled documents head their section with their title, others with their name.
    expect(resolved.text.indexOf("# Night Bus Network Review")).toBe(0);
    expect(resolved.text).toContain("\n\n# Coastal Wetland Restoration\n");
    expect(resolved.text).toContain("\n\n# Notes\n\nLibrary opening hours consultation");
    expect(resolved.text.indexOf("Coastal Wetland")).toBeLessThan(resolved.text.indexOf("Library opening"));
    expect(resolved.title).toBe("Night Bus Network Review");
    expect(resolved.images).toHaveLength(1);
    const [image] = resolved.images;
    expect(image).toMatchObject({ file: "deck.pptx", mime: "image/png", width: 640, height: 400 });
    expect(image.alt).toBe("Map sketch of the proposed N9 orbital route");
    const bytes = fs.readFileSync(path.join(dataDir, "files", image.key));
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("keeps files to their account: another account's id is an unknown reference at files.N", async () => {
    const mine = await upload(form([{ name: "plan.md", bytes: fixture("plan.md") }]));
    const theirs = await upload(form([{ name: "notes.txt", bytes: fixture("notes.txt") }]), bob.key);
    const ownId = mine.json[0].id;
    const foreignId = theirs.json[0].id;
    await expect(resolveUploadedFiles(db, alice.id, [ownId, foreignId, "no-such-id"])).rejects.toMatchObject({
      code: "invalid_field",
      details: {
        errors: [
          { path: "files.1", message: `Unknown file reference '${foreignId}'.` },
          { path: "files.2", message: "Unknown file reference 'no-such-id'." },
        ],
      },
    });
    await expect(assertUploadedFiles(db, alice.id, [foreignId])).rejects.toMatchObject({
      details: { errors: [{ path: "files.0", message: `Unknown file reference '${foreignId}'.` }] },
    });
    await expect(assertUploadedFiles(db, alice.id, [ownId, ownId])).resolves.toBeUndefined();
    expect((await resolveUploadedFiles(db, bob.id, [foreignId])).text).toContain("Library opening hours");
  });

  it("shares the character budget across files and says which were cut", async () => {
    const long = "The harbour wall needs repair before winter storms arrive. ".repeat(200);
    const res = await upload(
      form([
        { name: "short.txt", bytes: Buffer.from("A short note about ferries.") },
        { name: "long.txt", bytes: Buffer.from(long) },
      ]),
    );
    const resolved = await resolveUploadedFiles(
      db,
      alice.id,
      res.json.map((f: { id: string }) => f.id),
      {
        maxChars: 3000,
      },
    );
    expect(resolved.text).toContain("A short note about ferries.");
    expect(resolved.text.length).toBeLessThan(3100);
    expect(resolved.warnings).toEqual([
      expect.stringMatching(/^'long\.txt': only 2,9\d\d of its 11,799 characters are used/),
    ]);
  });

  it("refuses a corrupt file by name at files.N and stores nothing from the request", async () => {
    const before = await countRows();
    const res = await upload(
      form([
        { name: "plan.md", bytes: fixture("plan.md") },
        { name: "broken.docx", bytes: fixture("brief.docx").subarray(0, 1500) },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      code: "invalid_field",
      detail: "'broken.docx' is not a readable ZIP package (no end-of-directory record).",
      errors: [
        {
          path: "files.1",
          message: "'broken.docx' is not a readable ZIP package (no end-of-directory record).",
        },
      ],
    });
    expect(await countRows()).toBe(before);
  });

  it("refuses unsupported files and zip bombs with 422, naming the file", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const res = await upload(form([{ name: "chart.png", bytes: png }]));
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toEqual({
      path: "files.0",
      message: "'chart.png' is a PNG image; upload PDF, DOCX, PPTX, TXT, MD or CSV.",
    });
    const { declareSize, docxParts } = await import("../fixtures/files/build-documents");
    const bomb = declareSize(await zipOf(docxParts("memo")), "word/document.xml", 500 * 1024 * 1024);
    const bombed = await upload(form([{ name: "memo.docx", bytes: bomb }]));
    expect(bombed.status).toBe(422);
    expect(bombed.json.detail).toBe(
      "'memo.docx' would inflate to 500 MB; a document may inflate to at most 200 MB.",
    );
  });

  it("answers 413 for a file over MAX_UPLOAD_BYTES and for a body past what the limits allow", async () => {
    process.env.MAX_UPLOAD_BYTES = "2048";
    const res = await upload(
      form([
        { name: "plan.md", bytes: fixture("plan.md") },
        { name: "report.pdf", bytes: fixture("report.pdf") },
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.json.errors).toEqual([
      {
        path: "files.1",
        message: `'report.pdf' is larger than 2 KB (${fixture("report.pdf").length.toLocaleString("en-US")} bytes), the limit per file.`,
      },
    ]);

    // A streamed body with no Content-Length is cut off once it passes files × bytes + 1 MB.
    process.env.MAX_UPLOAD_FILES = "1";
    const boundary = "----deckforge";
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n`,
            ),
          );
        sent += chunk.length;
        if (sent > 3 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await upload(stream, alice.key, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.json.detail).toMatch(/^The request body exceeds 1 MB/);
  });

  it("answers 415, 422 and 401 for requests that are not an upload", async () => {
    const json = await upload(JSON.stringify({ files: ["x"] }), alice.key, {
      "content-type": "application/json",
    });
    expect(json.status).toBe(415);
    expect(json.json.detail).toBe(
      "Send the documents as multipart/form-data with one or more 'files' parts.",
    );

    const none = await upload(form([], { title: "x" }));
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual([
      { path: "title", message: "Unknown field 'title'; send documents as 'files' parts." },
    ]);

    const empty = await upload(form([]));
    expect(empty.json.errors).toEqual([
      { path: "files", message: "Send at least one document as a 'files' part." },
    ]);

    const text = new FormData();
    text.append("files", "not a file");
    expect((await upload(text)).json.errors).toEqual([
      { path: "files.0", message: "Must be a file part (with a filename), not a text field." },
    ]);

    const eleven = await upload(
      form(Array.from({ length: 11 }, (_, i) => ({ name: `n${i}.txt`, bytes: Buffer.from("hi") }))),
    );
    expect(eleven.status).toBe(422);
    expect(eleven.json.errors).toEqual([
      { path: "files", message: "At most 10 files per request; 11 were sent." },
    ]);

    expect((await upload(form([{ name: "a.txt", bytes: Buffer.from("hi") }]), null)).status).toBe(401);
  });
});
