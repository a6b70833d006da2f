import "server-only";
import { z } from "zod";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import type { TCharge, TGenerationJob, TGenerationKind } from "@/lib/presentations/generation-context";

/**
 * The MCP tool call a task was queued by: the API key it came with and its JSON-RPC request id
 * (JSON-encoded, so 3 and "3" differ), which a later notifications/cancelled names.
 */
const ZMcpCaller = z.object({ apiKeyId: z.string().nullable(), requestId: z.string() });
export type TMcpCaller = z.infer<typeof ZMcpCaller>;

/**
 * What Task.input holds: the validated request, the origin for links, its credit reservation, the
 * warnings its parse gave (ignored unknown fields), for the result, and the MCP call that queued it.
 */
export const ZTaskInput = z.object({
  request: z.unknown(),
  origin: z.string().min(1),
  charge: z.object({ entryId: z.string().min(1) }),
  warnings: z.array(z.string()).optional(),
  mcp: ZMcpCaller.optional(),
});
export type TTaskInput = {
  request: unknown;
  origin: string;
  charge: TCharge;
  warnings?: string[];
  mcp?: TMcpCaller;
};

const SCHEMAS = {
  generate_presentation: ZGeneratePresentationRequest,
  generate_from_slides: ZGenerateFromSlidesRequest,
  create_from_json: ZCreateFromJsonRequest,
} as const;

/** Reads a stored task's input; throws when it is not JSON of the expected shape. */
export function readTaskInput(raw: string): TTaskInput {
  return ZTaskInput.parse(JSON.parse(raw)) as TTaskInput;
}

/** The task's job, its request validated again: stored JSON is not trusted. */
export function taskJob(kind: string, request: unknown, warnings?: string[]): TGenerationJob {
  if (!(kind in SCHEMAS)) throw new Error(`Unknown task kind '${kind}'`);
  const k = kind as TGenerationKind;
  return { kind: k, request: SCHEMAS[k].parse(request), ...(warnings ? { warnings } : {}) } as TGenerationJob;
}
