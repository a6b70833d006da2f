import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ApiError, type TErrorCode } from "@/lib/api/errors";
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { ZMcpRequestBody } from "@/lib/api/schemas/mcp";
import type { TApiContext } from "@/lib/api/with-api-key";
import { createMcpServer } from "./create-mcp-server";

/**
 * One POST of the MCP streamable HTTP transport, stateless: a fresh server and transport per
 * request (no session to keep, so any instance can answer any request), acting for the account the
 * wrapper authenticated. The body is read and checked like every JSON body of the API (size limit,
 * JSON, NUL characters); refusals of the HTTP exchange — the transport's included — are answered
 * as problem bodies, while what goes wrong inside a tool is the tool's own error result.
 */
export async function handleMcpRequest({
  req,
  db,
  user,
  apiKeyId,
  requestId,
}: TApiContext<unknown>): Promise<Response> {
  const body = await parseBody(req, ZMcpRequestBody);
  const accept = req.headers.get("accept") ?? "";
  if (!/\bapplication\/json\b/i.test(accept) || !/\btext\/event-stream\b/i.test(accept))
    throw new ApiError(
      "not_acceptable",
      "Accept both application/json and text/event-stream: the MCP endpoint answers requests as an event stream.",
    );
  const server = createMcpServer({ db, userId: user.id, apiKeyId, origin: publicOrigin(req), requestId });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(req, { parsedBody: body });
  } catch (error) {
    await server.close();
    throw error;
  }
  if (!response.ok) {
    await server.close();
    throw await transportRefusal(response);
  }
  if (!response.body) {
    await server.close();
    return response;
  }
  return closeWhenDone(response, response.body, () => server.close());
}

/** The transport's own HTTP refusals (JSON-RPC error bodies) by status, as the API's codes. */
const TRANSPORT_CODES: Partial<Record<number, TErrorCode>> = {
  400: "bad_request",
  404: "not_found",
  406: "not_acceptable",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

async function transportRefusal(response: Response): Promise<Error> {
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    // Not JSON: the text is the message.
  }
  const code = TRANSPORT_CODES[response.status];
  if (!code) return new Error(`The MCP transport answered ${response.status}: ${message}`);
  return new ApiError(code, `The MCP transport refused the request: ${message}`);
}

/**
 * The response with its event stream passed through, closing the request's server once the stream
 * ends — after the last answer — or is cancelled because the client went away, which aborts the
 * tools still running (a generation's wait; the generation itself goes on as a task).
 */
function closeWhenDone(response: Response, stream: ReadableStream<Uint8Array>, close: () => Promise<void>) {
  const reader = stream.getReader();
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    close().catch((error: unknown) => console.error("[deckforge] closing an MCP server failed:", error));
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
