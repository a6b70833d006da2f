import "server-only";
import type { z } from "zod";
import { getConfig } from "@/lib/config";
import { ApiError, invalidFields } from "./errors";

/**
 * Reads a JSON body within the size limit and validates it against a schema:
 * 415 for another media type, 413 past the limit, 400 for malformed JSON, 422 for invalid fields.
 */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json.");
  }
  const text = await readLimited(req, getConfig().MAX_BODY_BYTES);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalidFields(parsed.error);
  const nul = findNul(parsed.data, []);
  if (nul) {
    const path = nul.join(".") || "(body)";
    const message = "contains a NUL character (U+0000), which text cannot hold; remove it.";
    throw new ApiError("invalid_field", `${path}: ${message}`, { errors: [{ path, message }] });
  }
  return parsed.data;
}

/**
 * The path of the first string holding U+0000 in a validated body, or null. No field means
 * anything with it, PostgreSQL cannot store it in text, and SQLite's C strings end at it: it is
 * refused, not silently dropped.
 */
function findNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Reads the body as text, refusing it as soon as it passes `limit` bytes. */
async function readLimited(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  const tooLarge = () => new ApiError("payload_too_large", `The body exceeds ${limit} bytes.`);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
