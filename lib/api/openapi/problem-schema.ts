import { z } from "zod";
import { ERROR_CODES, problem, type TErrorCode } from "@/lib/api/errors";
import { ZInsufficientCreditsExtension } from "@/lib/api/schemas/credits";

const CODES = Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]];

/** One invalid field of a 422 (or a 413 naming the file that was too large). */
export const ZFieldError = z
  .object({
    path: z
      .string()
      .describe('Dotted path of the field ("slides.0.layout"), or "(body)" for the whole body.'),
    message: z.string(),
  })
  .meta({ id: "FieldError" });

/** Deletes `additionalProperties` from a rendered object schema. */
const openObject = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  delete jsonSchema.additionalProperties;
};

/**
 * The RFC 9457 problem body every API error is answered with (lib/api/errors.ts `problem()` plus
 * the request id the wrapper adds), served as `application/problem+json`. The component is open:
 * RFC 9457 §3.2 lets a problem carry extension members (a 402's `balance`), and `allOf` branches
 * that name them could never pass a closed `Problem`; each status's response schema closes the
 * whole with `unevaluatedProperties: false` instead (problemSchemaFor).
 */
export const ZProblem = z
  .object({
    type: z
      .string()
      .describe("URI reference of the problem type: `/docs/errors#<code>`, a page that explains the code."),
    title: z.string().describe("Short summary of the problem type; the same for every problem of a code."),
    status: z.number().int().min(400).max(599).describe("The HTTP status, repeated."),
    detail: z.string().describe("What went wrong with this request, in a sentence a person can act on."),
    code: z.enum(CODES).describe("Machine-readable error code; decides the status (see /docs/errors)."),
    errors: z
      .array(ZFieldError)
      .optional()
      .describe("Per-field messages, present on 422 (and on a 413 that names files)."),
    request_id: z
      .uuid()
      .optional()
      .describe(
        "Also in the X-Request-Id header; quote it when reporting a 500. Every HTTP answer has it; a task's `error` (the failure of work done later) does not.",
      ),
  })
  .meta({ id: "Problem", title: "Problem", override: openObject });
export type TProblemBody = z.infer<typeof ZProblem>;

/** Codes only a finished task's `error` carries (a cancelled task), never an HTTP answer. */
const TASK_ONLY_CODES: readonly TErrorCode[] = ["cancelled"];

/** The error codes answered with an HTTP status, in the order of the ERROR_CODES table. */
export function codesForStatus(status: number): TErrorCode[] {
  return CODES.filter((code) => ERROR_CODES[code] === status && !TASK_ONLY_CODES.includes(code));
}

/** RFC 9457 extension members some statuses add to the body (lib/credits/insufficient-credits.ts, save-deck). */
const EXTENSIONS: Partial<Record<number, z.ZodRawShape>> = {
  402: ZInsufficientCreditsExtension.shape,
  409: {
    current_version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("On an edit based on an old version (PUT/PATCH of a presentation): the version to reload."),
  },
};

function narrowing(status: number) {
  const codes = codesForStatus(status);
  if (codes.length === 0) throw new Error(`No error code answers HTTP ${status}.`);
  return {
    status: z.literal(status),
    code: z.enum(codes as [TErrorCode, ...TErrorCode[]]),
    // Every HTTP answer carries its request id (with-api-key.ts, proxy.ts, method-not-allowed.ts).
    request_id: z.uuid(),
    ...EXTENSIONS[status],
  };
}

const narrowed = new Map<number, z.ZodType>();

/**
 * The problem schema narrowed to one status: `allOf` of `Problem` and a constraint on `status`,
 * `code`, `request_id` and the status's extension members, closed by `unevaluatedProperties: false`
 * at the level that sees both branches, so a member neither names fails while `balance` passes (one
 * schema object per status, so the document reuses it).
 */
export function problemSchemaFor(status: number): z.ZodType {
  let schema = narrowed.get(status);
  if (!schema) {
    // Loose, then opened: a branch's own `additionalProperties` would evaluate every member itself.
    const members = z.looseObject(narrowing(status)).meta({ override: openObject });
    schema = z.intersection(ZProblem, members).meta({
      override: ({ jsonSchema }) => {
        jsonSchema.unevaluatedProperties = false;
      },
    });
    narrowed.set(status, schema);
  }
  return schema;
}

/** The same as one strict object: a body with a member the document does not name fails it. */
export function exactProblemSchemaFor(status: number): z.ZodType {
  return ZProblem.extend(narrowing(status)).strict();
}

/** An example problem body exactly as the API builds it. */
export function problemExample(
  code: TErrorCode,
  detail: string,
  errors?: { path: string; message: string }[],
  extensions?: Record<string, string | number | boolean>,
) {
  return {
    ...extensions,
    ...problem(code, detail, errors),
    request_id: "5f0c6c1e-8f1d-4a53-9a39-3c8d2f6f1b7a",
  };
}
