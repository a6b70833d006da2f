/** POST /api/mcp: the JSON-RPC 2.0 messages of the MCP streamable HTTP transport. */
import { z } from "zod";

/** Most messages one POST may carry (the MCP transport's own batch limit is higher). */
export const MCP_MAX_BATCH = 50;

const ZJsonRpcId = z.union([z.string().max(200), z.number().int()]);

/**
 * One JSON-RPC 2.0 message: a request (`id` and `method`), a notification (`method`, no `id`) or a
 * response to a server request (`id` and `result` or `error`). Checked loosely here — the MCP
 * transport validates each message in full — but enough that a body that is no message at all is a
 * 422 with the field at fault.
 */
export const ZJsonRpcMessage = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: ZJsonRpcId.optional().describe("Present on requests and responses; absent on notifications."),
    method: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The MCP method: "initialize", "tools/list", "tools/call", "resources/read", …'),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.looseObject({ code: z.number().int(), message: z.string() }).optional(),
  })
  .superRefine((message, ctx) => {
    const isCall = message.method !== undefined;
    const isAnswer = message.result !== undefined || message.error !== undefined;
    if (isCall === isAnswer)
      ctx.addIssue({
        code: "custom",
        path: [isCall ? "result" : "method"],
        message: isCall
          ? "A message has a method (request or notification) or a result or error (response), not both."
          : "A message needs a method (request or notification), or a result or error (response).",
      });
    if (isAnswer && message.id === undefined)
      ctx.addIssue({ code: "custom", path: ["id"], message: "A response names the request it answers." });
  })
  .meta({ id: "JsonRpcMessage" });

/** The body of POST /api/mcp: one message, or a batch of them. */
export const ZMcpRequestBody = z
  .union([ZJsonRpcMessage, z.array(ZJsonRpcMessage).min(1).max(MCP_MAX_BATCH)], {
    // A union's own issue says only "Invalid input": name what is wrong with the message (or batch).
    error: (issue) => {
      const kind = Array.isArray(issue.input) ? "batch" : "message";
      const options = issue.code === "invalid_union" ? issue.errors : [];
      const first = options[kind === "batch" ? 1 : 0]?.[0];
      const where = first?.path.length ? `${first.path.join(".")}: ` : "";
      return first
        ? `Not a JSON-RPC 2.0 ${kind}: ${where}${first.message}`
        : "Send a JSON-RPC 2.0 message, or a batch (an array) of them.";
    },
  })
  .describe("One JSON-RPC 2.0 message of the Model Context Protocol, or a batch (an array) of them.");
export type TMcpRequestBody = z.infer<typeof ZMcpRequestBody>;
