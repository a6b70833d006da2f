import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The core environment variables (credits, generation, files, media and webhooks read their own in their modules). */
export const ZCoreEnv = z.object({
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: z.string().optional(),
  // How long a statement waits for another writer's lock (SQLite's busy timeout, PostgreSQL's
  // lock_timeout) before the request answers 503 instead of hanging.
  DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // PostgreSQL only: connections of this instance's Prisma pool (pg-boss keeps 4 more of its own).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  PUBLIC_URL: z.url().optional(),
  DECKFORGE_SECRET: z.string().min(32).optional(),
  LLM_PROVIDER: z.string().default("offline"),
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(86_400),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  MAX_CONTENT_CHARS: z.coerce.number().int().min(1000).default(200_000),
  MAX_SLIDES: z.coerce.number().int().min(1).max(500).default(50),
});
export type TConfig = z.infer<typeof ZCoreEnv> & { dataDir: string; databaseUrl: string };

let cached: TConfig | undefined;

/**
 * The core settings of `env` without touching the disk: what the server will use (the start
 * script's "where is my data" line reads it too). Throws a ZodError on a bad value.
 */
export function readConfig(env: Record<string, string | undefined>): TConfig {
  const parsed = ZCoreEnv.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    dataDir,
    databaseUrl: parsed.DATABASE_URL ?? `file:${path.join(dataDir, "deckforge.db")}`,
  };
}

/** Reads and validates the environment once per process, and makes the data directory. */
export function getConfig(): TConfig {
  if (cached) return cached;
  cached = readConfig(process.env);
  fs.mkdirSync(cached.dataDir, { recursive: true });
  return cached;
}

let secret: Buffer | undefined;

/**
 * The server secret that signs download links. From DECKFORGE_SECRET, else generated once and kept
 * in the data directory so links survive restarts.
 */
export function getSecret(): Buffer {
  if (secret) return secret;
  const { DECKFORGE_SECRET, dataDir } = getConfig();
  if (DECKFORGE_SECRET) {
    secret = Buffer.from(DECKFORGE_SECRET);
    return secret;
  }
  const file = path.join(dataDir, ".secret");
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  secret = Buffer.from(fs.readFileSync(file, "utf8").trim());
  return secret;
}
