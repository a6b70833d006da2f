import { describe, expect, it } from "vitest";
import { parseStorageSettings, StorageConfigError } from "@/lib/storage/storage-settings";

describe("parseStorageSettings", () => {
  it("defaults to local files, with or without unrelated S3 variables", () => {
    expect(parseStorageSettings({})).toEqual({ kind: "local" });
    expect(parseStorageSettings({ STORAGE: "", S3_REGION: "eu-west-1" })).toEqual({ kind: "local" });
    expect(parseStorageSettings({ STORAGE: "local" })).toEqual({ kind: "local" });
  });

  it("reads an S3-compatible endpoint with path-style addressing by default", () => {
    expect(
      parseStorageSettings({
        STORAGE: "s3",
        S3_BUCKET: "decks",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "prod/deckforge/",
      }),
    ).toEqual({
      kind: "s3",
      bucket: "decks",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "prod/deckforge/",
    });
  });

  it("uses AWS itself and the default credential chain when no endpoint or keys are given", () => {
    expect(parseStorageSettings({ STORAGE: "s3", S3_BUCKET: "decks", S3_REGION: "eu-central-1" })).toEqual({
      kind: "s3",
      bucket: "decks",
      region: "eu-central-1",
      forcePathStyle: false,
      prefix: "",
    });
  });

  it("honours S3_FORCE_PATH_STYLE either way and adds the prefix's slash", () => {
    const base = { STORAGE: "s3", S3_BUCKET: "decks", S3_ENDPOINT: "https://r2.example.com" };
    expect(parseStorageSettings({ ...base, S3_FORCE_PATH_STYLE: "false" })).toMatchObject({
      forcePathStyle: false,
    });
    expect(
      parseStorageSettings({ STORAGE: "s3", S3_BUCKET: "decks", S3_FORCE_PATH_STYLE: "1" }),
    ).toMatchObject({
      forcePathStyle: true,
    });
    expect(parseStorageSettings({ ...base, S3_PREFIX: "tenant-a" })).toMatchObject({ prefix: "tenant-a/" });
  });

  it.each([
    [{ STORAGE: "s4" }, "STORAGE must be local or s3"],
    [{ STORAGE: "s3" }, "S3_BUCKET is required when STORAGE=s3"],
    [{ STORAGE: "s3", S3_BUCKET: "Bad_Bucket!" }, "S3_BUCKET must be an S3 bucket name"],
    [
      { STORAGE: "s3", S3_BUCKET: "decks", S3_ENDPOINT: "localhost:9000" },
      "S3_ENDPOINT must be an http(s) URL",
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "decks", S3_FORCE_PATH_STYLE: "yes" },
      "S3_FORCE_PATH_STYLE must be true or false",
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "decks", S3_ACCESS_KEY_ID: "id" },
      "S3_SECRET_ACCESS_KEY must be set together",
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "decks", S3_SECRET_ACCESS_KEY: "s" },
      "S3_ACCESS_KEY_ID must be set together",
    ],
    [{ STORAGE: "s3", S3_BUCKET: "decks", S3_PREFIX: "../other" }, "S3_PREFIX must be a relative key prefix"],
    [{ STORAGE: "s3", S3_BUCKET: "decks", S3_PREFIX: "a/../b" }, "S3_PREFIX must not contain '..'"],
  ])("refuses %o naming the variable", (env, message) => {
    expect(() => parseStorageSettings(env)).toThrow(StorageConfigError);
    expect(() => parseStorageSettings(env)).toThrow(message);
  });
});
