// STORAGE=s3 end to end: an app server of its own writing to s3rver (a local S3-compatible server).
// Generation results and the detail endpoint link to presigned URLs on the store, uploads land in
// the bucket, nothing is written to DATA_DIR/files, and a store that is down answers a 503 problem.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCreateKey, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { pptxSlides } from "./helpers";
import { S3RVER_CREDENTIALS, startS3rver, type TS3rver } from "./s3rver";
import { SAMPLE_CONTENT } from "./sample-content";

const BUCKET = "deckforge-api";
const PREFIX = "tenant-a";
const PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/files");
// Known to the test, so it can sign an app download link as the server would.
const SECRET = "s3-storage-test-secret-0123456789abcdef";

let s3: TS3rver;
let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
let key: string;

beforeAll(async () => {
  s3 = await startS3rver(BUCKET);
  const env = {
    ...TEST_SERVER_ENV,
    STORAGE: "s3",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_PREFIX: PREFIX,
    DECKFORGE_SECRET: SECRET,
  };
  server = await startDeckforgeServer(env, {});
  key = cliCreateKey(server.dataDir, "s3@example.com", "s3-tests", env);
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

async function call(pathname: string, init: { body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  let body: string | FormData | undefined = init.form;
  if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

/** Checks a presigned URL on the store for the export's object, downloads it, returns the bytes. */
async function downloadPresigned(
  url: string,
  expectedName: RegExp,
  format: "pptx" | "pdf" = "pptx",
): Promise<Buffer> {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(s3.endpoint);
  expect(parsed.pathname).toMatch(new RegExp(`^/${BUCKET}/${PREFIX}/exports/[0-9a-f-]{36}\\.${format}$`));
  expect(parsed.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
  // DOWNLOAD_URL_TTL_SECONDS' default, like the app's own links.
  expect(parsed.searchParams.get("X-Amz-Expires")).toBe("86400");
  expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(format === "pptx" ? PPTX_TYPE : "application/pdf");
  expect(res.headers.get("content-disposition")).toMatch(expectedName);
  const bytes = Buffer.from(await res.arrayBuffer());
  // A zip (PPTX) or a PDF, by its magic bytes.
  expect(bytes.subarray(0, 4)).toEqual(
    Buffer.from(format === "pptx" ? [0x50, 0x4b, 0x03, 0x04] : [0x25, 0x50, 0x44, 0x46]),
  );
  return bytes;
}

const exportsDir = () => path.join(server.dataDir, "files", "exports");
const localFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : []);

describe("STORAGE=s3", () => {
  let presentationId: string;
  let firstPath: string;

  it("stores the generated PPTX in the bucket and answers a presigned URL on the store", async () => {
    const res = await call("/api/v1/ppt/presentation/generate", {
      body: { content: SAMPLE_CONTENT, n_slides: 3 },
    });
    expect(res.status).toBe(200);
    presentationId = res.json.presentation_id;
    firstPath = res.json.path;
    const bytes = await downloadPresigned(firstPath, /^attachment; filename="solar-microgrids[\w-]*\.pptx"$/);

    const detail = await call(`/api/v1/ppt/presentation/${presentationId}`);
    expect(detail.status).toBe(200);
    const slides = await pptxSlides(bytes);
    expect(slides).toHaveLength(detail.json.slide_count);
    expect(slides.join(" ")).toContain("Solar Microgrids");

    const objectKey = new URL(firstPath).pathname.slice(`/${BUCKET}/`.length);
    expect(await s3.listKeys(`${PREFIX}/exports/`)).toEqual([objectKey]);
    expect(localFiles(exportsDir())).toEqual([]);
  });

  it("gives fresh presigned paths in GET /api/v1/ppt/presentation/{id}", async () => {
    // Presigned URLs carry their signing second; wait one so a fresh one must differ.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const detail = await call(`/api/v1/ppt/presentation/${presentationId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.exports).toHaveLength(1);
    const fresh = detail.json.exports[0].path as string;
    expect(fresh).not.toBe(firstPath);
    expect(new URL(fresh).pathname).toBe(new URL(firstPath).pathname);
    await downloadPresigned(fresh, /^attachment; filename="solar-microgrids[\w-]*\.pptx"$/);
  });

  it("answers a presigned URL from POST /api/v1/ppt/presentation/{id}/export", async () => {
    const res = await call(`/api/v1/ppt/presentation/${presentationId}/export`, {
      body: { export_as: "pdf" },
    });
    expect(res.status).toBe(200);
    expect(res.json.format).toBe("pdf");
    await downloadPresigned(res.json.path, /^attachment; filename="solar-microgrids[\w-]*\.pdf"$/, "pdf");
    expect((await s3.listKeys(`${PREFIX}/exports/`)).filter((k) => k.endsWith(".pdf"))).toHaveLength(1);
    // Asking again before the next save reuses the stored file (found through storage.get).
    const again = await call(`/api/v1/ppt/presentation/${presentationId}/export`, {
      body: { export_as: "pdf" },
    });
    expect(new URL(again.json.path).pathname).toBe(new URL(res.json.path).pathname);
    expect(localFiles(exportsDir())).toEqual([]);
  });

  it("redirects the app's signed download route to a fresh presigned URL", async () => {
    const detail = await call(`/api/v1/ppt/presentation/${presentationId}`);
    const pptx = detail.json.exports.find((item: { format: string }) => item.format === "pptx");
    const objectKey = new URL(pptx.path).pathname;
    const exportId = path.basename(objectKey, ".pptx");
    // Sign an app link the way lib/storage/signed-url.ts does (links made before STORAGE=s3 look so).
    const pathname = `/api/v1/ppt/exports/${exportId}/deck.pptx`;
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = crypto
      .createHmac("sha256", SECRET)
      .update(`${pathname}\n${expires}`)
      .digest("base64url");
    const res = await fetch(`${server.baseUrl}${pathname}?expires=${expires}&signature=${signature}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") as string;
    await downloadPresigned(location, /^attachment; filename="deck\.pptx"$/);

    const unsigned = await fetch(`${server.baseUrl}${pathname}`, { redirect: "manual" });
    expect(unsigned.status).toBe(401);
  });

  it("keeps an uploaded document and its pictures in the bucket and generates from them", async () => {
    const form = new FormData();
    form.append(
      "files",
      new Blob([new Uint8Array(fs.readFileSync(path.join(FIXTURES, "brief.docx")))]),
      "brief.docx",
    );
    const uploaded = await call("/api/v1/ppt/files/upload", { form });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.json[0].id as string;
    expect(uploaded.json[0]).toMatchObject({ name: "brief.docx", type: "docx", images: 1 });
    const keys = await s3.listKeys(`${PREFIX}/uploads/`);
    expect(keys.filter((k) => k.includes(`/${fileId}/`)).sort()).toEqual([
      expect.stringMatching(new RegExp(`^${PREFIX}/uploads/[^/]+/${fileId}/image-1\\.(png|jpg)$`)),
      expect.stringMatching(new RegExp(`^${PREFIX}/uploads/[^/]+/${fileId}/original\\.docx$`)),
    ]);
    expect(localFiles(path.join(server.dataDir, "files"))).toEqual([]);

    const res = await call("/api/v1/ppt/presentation/generate", { body: { files: [fileId], n_slides: 3 } });
    expect(res.status).toBe(200);
    const bytes = await downloadPresigned(res.json.path, /^attachment; filename="[\w-]+\.pptx"$/);
    expect((await pptxSlides(bytes)).length).toBeGreaterThan(1);
    expect((await s3.listKeys(`${PREFIX}/exports/`)).filter((k) => k.endsWith(".pptx"))).toHaveLength(2);
    expect(localFiles(path.join(server.dataDir, "files"))).toEqual([]);
  });

  it("answers a 503 problem without internals, promptly, when the store is down", async () => {
    await s3.close();
    const started = Date.now();
    const res = await call("/api/v1/ppt/presentation/generate", {
      body: { content: SAMPLE_CONTENT, n_slides: 2 },
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      status: 503,
      code: "provider_unavailable",
      detail: "The file storage could not be reached. Try again later.",
    });
    expect(res.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|s3rver|stack/i);
    expect(server.log()).toMatch(/\[deckforge\] storage put exports\/[0-9a-f-]{36}\.pptx failed/);
  });
});
