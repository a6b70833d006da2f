/** A zod schema as the JSON Schema a model is shown: draft-07, without noise a model cannot use. */
import type { JSONSchema7 } from "ai";
import { z } from "zod";

// Field caps such as 5000 characters guard the document, they do not guide a writer.
const NOISE_MAX_LENGTH = 1000;

/** JSON Schema of `schema`'s input, with `$schema` and document-size caps removed. */
export function modelJsonSchema(schema: z.ZodType): JSONSchema7 {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-07" });
  return strip(json) as JSONSchema7;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "maxLength" && typeof value === "number" && value >= NOISE_MAX_LENGTH) continue;
    out[key] = strip(value);
  }
  return out;
}
