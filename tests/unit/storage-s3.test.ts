// The S3 backend against s3rver, a local S3-compatible server (no app server needed).
import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createS3Storage } from "@/lib/storage/s3-storage";
import { parseStorageSettings } from "@/lib/storage/storage-settings";
import { S3RVER_CREDENTIALS, startS3rver, type TS3rver } from "../api/s3rver";

let s3: TS3rver;
beforeAll(async () => {
  s3 = await startS3rver("unit-bucket");
});
afterAll(async () => {
  await s3?.stop();
});

function storageFor(endpoint: string, prefix = "deckforge") {
  const settings = parseStorageSettings({
    STORAGE: "s3",
    S3_BUCKET: "unit-bucket",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_PREFIX: prefix,
  });
  if (settings.kind !== "s3") throw new Error("expected s3 settings");
  // A client per test storage: the process-wide one is for the app.
  const client = new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    maxAttempts: 1,
  });
  return createS3Storage(settings, client);
}

describe("S3 storage", () => {
  it("puts, gets, replaces and deletes objects under the prefix", async () => {
    const storage = storageFor(s3.endpoint);
    await storage.put("exports/x.pptx", new Uint8Array([80, 75, 3, 4]));
    expect(await s3.listKeys()).toContain("deckforge/exports/x.pptx");
    expect(await storage.get("exports/x.pptx")).toEqual(Buffer.from([80, 75, 3, 4]));
    await storage.put("exports/x.pptx", new Uint8Array([9]));
    expect(await storage.get("exports/x.pptx")).toEqual(Buffer.from([9]));
    await storage.delete("exports/x.pptx");
    expect(await storage.get("exports/x.pptx")).toBeNull();
    expect(await s3.listKeys("deckforge/exports/x")).toEqual([]);
  });

  it("answers null for a missing key and deletes one idempotently", async () => {
    const storage = storageFor(s3.endpoint);
    expect(await storage.get("uploads/none/original.pdf")).toBeNull();
    await expect(storage.delete("uploads/none/original.pdf")).resolves.toBeUndefined();
  });

  it("presigns a GET that downloads the bytes as a named attachment", async () => {
    const storage = storageFor(s3.endpoint);
    await storage.put("exports/y.pdf", new Uint8Array(Buffer.from("%PDF-1.7 test")));
    const url = await storage.signedDownloadUrl("exports/y.pdf", {
      fileName: "q3 review.pdf",
      contentType: "application/pdf",
      expiresIn: 600,
    });
    expect(url).not.toBeNull();
    const parsed = new URL(url as string);
    expect(parsed.origin).toBe(s3.endpoint);
    expect(parsed.pathname).toBe("/unit-bucket/deckforge/exports/y.pdf");
    expect(parsed.searchParams.get("X-Amz-Expires")).toBe("600");
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="q3_review.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe("%PDF-1.7 test");
    // (s3rver does not check query signatures, so tampering is not tested here; real S3 refuses it.)
    expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\//);
  });

  it("refuses keys that leave the service's key space", async () => {
    const storage = storageFor(s3.endpoint);
    await expect(storage.put("../x", new Uint8Array([1]))).rejects.toThrow("Invalid storage key");
    await expect(storage.get("/abs")).rejects.toThrow("Invalid storage key");
    await expect(storage.delete("exports/../../x")).rejects.toThrow("Invalid storage key");
    await expect(
      storage.signedDownloadUrl("a/../../b", { fileName: "b", contentType: "text/plain", expiresIn: 60 }),
    ).rejects.toThrow("Invalid storage key");
  });

  it("turns an unreachable store into a 503 problem rather than hanging", async () => {
    const down = await startS3rver("unit-bucket");
    await down.close();
    const storage = storageFor(down.endpoint);
    const started = Date.now();
    const error = await storage.put("exports/z.pptx", new Uint8Array([1])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).not.toContain("127.0.0.1");
    await expect(storage.get("exports/z.pptx")).rejects.toMatchObject({ code: "provider_unavailable" });
    expect(Date.now() - started).toBeLessThan(15_000);
    await down.stop();
  });
});
