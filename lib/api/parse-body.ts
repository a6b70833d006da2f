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
  return parsed.data;
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
