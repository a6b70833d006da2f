import "server-only";
import crypto from "node:crypto";
import type { Db } from "@/lib/db";

const KEY_PREFIX = "df_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Characters of the secret kept in clear as its display fragment and lookup handle. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 8;

/** SHA-256 of a key secret, hex. Only this is stored. */
export function hashApiKey(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

/** A new secret: "df_" + 40 random base62 characters (≈ 238 bits). */
export function generateApiKeySecret(): string {
  const bytes = crypto.randomBytes(40);
  let out = KEY_PREFIX;
  // 256 is not a multiple of 62: reject the top bytes so every character is equally likely.
  for (let i = 0; out.length < KEY_PREFIX.length + 40; i++) {
    const byte = i < bytes.length ? bytes[i] : crypto.randomBytes(1)[0];
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Creates a key for a user; the secret is returned once and never stored. */
export async function createApiKey(db: Db, userId: string, name: string) {
  for (;;) {
    const secret = generateApiKeySecret();
    const prefix = secret.slice(0, DISPLAY_LENGTH);
    const clash = await db.apiKey.findUnique({ where: { prefix }, select: { id: true } });
    if (clash) continue;
    const key = await db.apiKey.create({
      data: { userId, name, prefix, hash: hashApiKey(secret) },
      select: { id: true, name: true, prefix: true, createdAt: true },
    });
    return { ...key, secret };
  }
}

/**
 * Finds the live key for a presented secret: looked up by its display fragment, then the hash
 * compared in constant time, so timing does not reveal how much of a guess was right.
 */
export async function verifyApiKey(db: Db, secret: string) {
  if (!secret.startsWith(KEY_PREFIX) || secret.length < DISPLAY_LENGTH + 8 || secret.length > 200)
    return null;
  const key = await db.apiKey.findUnique({
    where: { prefix: secret.slice(0, DISPLAY_LENGTH) },
    select: { id: true, userId: true, hash: true, revokedAt: true },
  });
  if (!key || key.revokedAt) return null;
  const expected = Buffer.from(key.hash, "hex");
  const actual = Buffer.from(hashApiKey(secret), "hex");
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  return { id: key.id, userId: key.userId };
}
