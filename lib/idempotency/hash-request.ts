import crypto from "node:crypto";

/**
 * SHA-256 of a validated request in canonical JSON (keys sorted, undefined dropped): the same
 * request hashes the same however its JSON was spelled — key order, spacing, defaults left out.
 */
export function hashRequest(request: unknown): string {
  return crypto.createHash("sha256").update(canonicalJson(request)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
