// The start-up check of every setting (lib/lifecycle/check-environment.ts) and the "where is my
// data" line (lib/lifecycle/describe-data-location.ts) that `npm start` prints.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEnvironment, formatSettingProblem } from "@/lib/lifecycle/check-environment";
import { describeDataLocation } from "@/lib/lifecycle/describe-data-location";

describe("checkEnvironment", () => {
  it("passes an empty environment: every default is valid", () => {
    expect(checkEnvironment({})).toEqual([]);
  });

  it.each([
    ["JOB_LEASE_SECONDS", "3", '"3"', "must be a whole number from 5 to 3600"],
    ["PORT", "80a", '"80a"', "must be a whole number from 1 to 65535"],
    ["MAX_BODY_BYTES", "10", '"10"', "must be a whole number of at least 1024"],
    ["DATABASE_POOL_MAX", "lots", '"lots"', "must be a whole number from 1 to 500"],
    ["STORAGE", "ftp", '"ftp"', "must be one of: local, s3"],
    ["JOB_QUEUE", "redis", '"redis"', "must be one of: in-process, pg-boss"],
    ["RATE_LIMIT_STORE", "redis", '"redis"', "must be one of: memory, database"],
    ["S3_ENDPOINT", "minio:9000", '"minio:9000"', "must be an http(s) URL"],
    ["PUBLIC_URL", "decks.example.com", '"decks.example.com"', "must be a URL"],
    ["CREDITS_ENFORCE", "maybe", '"maybe"', "must be true or false (or 1/0, yes/no, on/off)"],
    ["WEBHOOK_TIMEOUT_MS", " 5 ", '" 5 "', "must be a whole number from 100 to 120000"],
    [
      "LLM_PROVIDER",
      "gpt",
      '"gpt"',
      "must be one of: offline, openai, anthropic, google, ollama, openai-compatible",
    ],
    [
      "DATABASE_URL",
      "mysql://root:hunter2@db/decks",
      '"mysql://root:***@db/decks"',
      "must be a SQLite file: URL (file:/path/deckforge.db) or a postgres:// or postgresql:// URL",
    ],
    ["DECKFORGE_SECRET", "short", "(hidden, 5 characters)", "must be at least 32 characters long"],
  ])("%s=%s: one problem naming the variable, the value and what is allowed", (name, value, shown, rule) => {
    const problems = checkEnvironment({ [name]: value });
    expect(problems).toEqual([{ name, value: shown, rule }]);
    expect(formatSettingProblem(problems[0])).toBe(`[deckforge] invalid setting ${name}=${shown}: ${rule}.`);
  });

  it("names every wrong variable once, and rules that join two variables", () => {
    const problems = checkEnvironment({
      STORAGE: "s3",
      JOB_QUEUE: "pg-boss",
      JOB_POLL_MS: "5",
      S3_ACCESS_KEY_ID: "AKIA",
    });
    expect(problems.map((problem) => formatSettingProblem(problem))).toEqual([
      '[deckforge] invalid setting JOB_POLL_MS="5": must be a whole number from 50 to 60000.',
      "[deckforge] invalid setting S3_BUCKET=(not set): is required when STORAGE=s3.",
      "[deckforge] invalid setting S3_SECRET_ACCESS_KEY=(not set): must be set together with the other S3 credential (or neither, for the default chain).",
      '[deckforge] invalid setting JOB_QUEUE="pg-boss": pg-boss needs DATABASE_URL to be a postgres:// URL (or leave JOB_QUEUE unset).',
    ]);
  });

  it("takes an empty credit, webhook or rate-limit variable for unset, as those modules do", () => {
    expect(
      checkEnvironment({ CREDITS_GRANT: "", WEBHOOK_MAX_ATTEMPTS: " ", RATE_LIMIT_PER_MINUTE: "" }),
    ).toEqual([]);
  });

  it("accepts PostgreSQL and SQLite URLs, and refuses a bad schema name", () => {
    expect(checkEnvironment({ DATABASE_URL: "postgresql://u:p@db:5432/decks?schema=tenant_a" })).toEqual([]);
    expect(checkEnvironment({ DATABASE_URL: "file:/srv/deckforge.db", JOB_QUEUE: "in-process" })).toEqual([]);
    expect(checkEnvironment({ DATABASE_URL: "postgres://u:p@db/decks?schema=a-b" })).toEqual([
      {
        name: "DATABASE_URL",
        value: '"postgres://u:***@db/decks?schema=a-b"',
        rule: "has an unsupported ?schema= name (letters, digits and _)",
      },
    ]);
  });
});

describe("describeDataLocation", () => {
  it("names the SQLite file and the files folder under DATA_DIR by default", () => {
    expect(describeDataLocation({ DATA_DIR: "/srv/deckforge" })).toEqual({
      database: "SQLite /srv/deckforge/deckforge.db",
      files: "folder /srv/deckforge/files",
    });
    expect(describeDataLocation({})).toEqual({
      database: `SQLite ${path.resolve("data", "deckforge.db")}`,
      files: `folder ${path.resolve("data", "files")}`,
    });
  });

  it("names the PostgreSQL host, database and schema, never the user or password, and the S3 bucket", () => {
    const where = describeDataLocation({
      DATABASE_URL: "postgresql://deck:s3cret-pw@db.internal:5433/decks?schema=tenant_a",
      STORAGE: "s3",
      S3_BUCKET: "deck-files",
      S3_ENDPOINT: "https://minio.internal:9000",
      S3_PREFIX: "prod",
    });
    expect(where).toEqual({
      database: "PostgreSQL database decks on db.internal:5433, schema tenant_a",
      files: "S3 bucket deck-files (prefix prod/) at https://minio.internal:9000",
    });
    expect(JSON.stringify(where)).not.toMatch(/s3cret|deck:/);
    expect(describeDataLocation({ STORAGE: "s3", S3_BUCKET: "decks", S3_REGION: "eu-west-1" }).files).toBe(
      "S3 bucket decks at AWS eu-west-1",
    );
  });

  it("reads a file: DATABASE_URL as the SQLite file it names", () => {
    expect(describeDataLocation({ DATABASE_URL: "file:/var/lib/deckforge/main.db" }).database).toBe(
      "SQLite /var/lib/deckforge/main.db",
    );
  });
});
