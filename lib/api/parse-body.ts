import "server-only";
import type { z } from "zod";
import { getConfig } from "@/lib/config";
import { ApiError, invalidFields } from "./errors";

/**
 * Reads a JSON body within the size limit and validates it against a schema:
 * 415 for another media type, 413 past the limit, 400 for malformed JSON, 422 for invalid fields.
 */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJsonBody(req));
  if (!parsed.success) throw invalidFields(parsed.error);
  return refuseNul(parsed.data);
}

/** How a request asked unknown fields to be handled (RFC 7240 `Prefer: handling=…`). */
export type THandling = "strict" | "lenient";

/** A body parsed by parseBodyLenient. */
export type TLenientBody<T> = {
  data: T;
  /** One warning naming the unknown fields that were ignored; empty when there were none. */
  warnings: string[];
  /** Headers the answer carries: Preference-Applied when a handling preference was honoured, Vary. */
  headers: Record<string, string>;
  /**
   * The top-level fields the body sent with a value other than null — what defaults cannot tell
   * (a `theme` sent with a brand template is refused, one defaulted is not).
   */
  sent: ReadonlySet<string>;
};

/**
 * parseBody for the generation endpoints, which clients of the peer product call with fields this
 * service does not know (its newer ones): unknown top-level fields are ignored and named in a
 * warning — unless the request says `Prefer: handling=strict`, which refuses them with 422 as
 * parseBody does. A handling preference is echoed in Preference-Applied, errors included.
 */
export async function parseBodyLenient<T extends z.ZodType>(
  req: Request,
  schema: T,
): Promise<TLenientBody<z.output<T>>> {
  const handling = preferredHandling(req.headers.get("prefer"));
  const headers: Record<string, string> = {
    vary: "Prefer",
    ...(handling ? { "preference-applied": `handling=${handling}` } : {}),
  };
  const data = await readJsonBody(req);
  let parsed = schema.safeParse(data);
  const ignored: string[] = [];
  if (!parsed.success && handling !== "strict") {
    // Top-level fields only: inside a slide or its content an unknown key is a mistake (or a key
    // the service sets itself, such as an image's `asset`), refused as before.
    const unknown = parsed.error.issues.filter(
      (issue) => issue.code === "unrecognized_keys" && issue.path.length === 0,
    );
    if (unknown.length > 0) {
      const cleaned = { ...(data as Record<string, unknown>) };
      for (const key of unknown.flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys : []))) {
        delete cleaned[key];
        ignored.push(key);
      }
      parsed = schema.safeParse(cleaned);
    }
  }
  if (!parsed.success) throw invalidFields(parsed.error, headers);
  const warnings =
    ignored.length > 0
      ? [
          `Ignored unknown field${ignored.length === 1 ? "" : "s"} ${ignored.map((f) => `'${f}'`).join(", ")}; send 'Prefer: handling=strict' to have unknown fields refused.`,
        ]
      : [];
  const sent = new Set(
    Object.entries(data as Record<string, unknown>)
      .filter(([key, value]) => value !== null && !ignored.includes(key))
      .map(([key]) => key),
  );
  return { data: refuseNul(parsed.data, headers), warnings, headers, sent };
}

/**
 * The `handling` preference of a Prefer header (RFC 7240: comma-separated preferences, names in
 * any case, values optionally quoted, the first occurrence counts), or null when absent or unknown.
 */
export function preferredHandling(header: string | null): THandling | null {
  if (!header) return null;
  for (const preference of header.split(",")) {
    const [token] = preference.split(";");
    const match = /^\s*handling\s*=\s*"?([A-Za-z]+)"?\s*$/i.exec(token);
    if (!match) continue;
    const value = match[1].toLowerCase();
    return value === "strict" || value === "lenient" ? value : null;
  }
  return null;
}

/** Reads a JSON body within the size limit: 415 for another media type, 413 past it, 400 when malformed. */
async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json.");
  }
  const text = await readLimited(req, getConfig().MAX_BODY_BYTES);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Refuses a validated body holding U+0000 in any string (see findNul). */
function refuseNul<T>(data: T, headers?: Record<string, string>): T {
  const nul = findNul(data, []);
  if (nul) {
    const path = nul.join(".") || "(body)";
    const message = "contains a NUL character (U+0000), which text cannot hold; remove it.";
    throw new ApiError("invalid_field", `${path}: ${message}`, {
      errors: [{ path, message }],
      ...(headers ? { headers } : {}),
    });
  }
  return data;
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
