/**
 * `deckforge mcp`: an MCP server on stdio that relays every message to a running Deckforge server's
 * MCP endpoint (POST /api/mcp, streamable HTTP) with the API key, and every answer back. The tools
 * run where the job worker, the files and the download links are — on the server — so both
 * transports behave and charge alike, and the command works against a remote Deckforge as well.
 */
import type { Readable, Writable } from "node:stream";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/** JSON-RPC error code of a request the relay could not deliver (the implementation-defined range). */
export const RELAY_FAILED = -32000;

export type TStdioProxyOptions = {
  /** The Deckforge server, e.g. http://localhost:3000 (a path prefix is kept). */
  url: string;
  /** The API key sent as `Authorization: Bearer <key>`. */
  key: string;
  input?: Readable;
  output?: Writable;
  /** Where relay problems are reported (stderr: stdout carries the protocol). */
  log?: (line: string) => void;
};

/** The MCP endpoint of a Deckforge server URL. */
export function mcpEndpoint(url: string): URL {
  return new URL(`${url.replace(/\/+$/, "")}/api/mcp`);
}

/** Relays until stdin ends (the client has gone), then closes the HTTP side. */
export async function runStdioProxy(options: TStdioProxyOptions): Promise<void> {
  const input = options.input ?? process.stdin;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const endpoint = mcpEndpoint(options.url);
  const upstream = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${options.key}` } },
  });
  const local = new StdioServerTransport(input, options.output ?? process.stdout);
  // The protocol version the server agreed to, sent with every later POST as the transport asks.
  const initializing = new Set<RequestId>();

  upstream.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = message.result.protocolVersion;
      if (typeof version === "string") upstream.setProtocolVersion(version);
    }
    local.send(message).catch((error: unknown) => log(`deckforge mcp: could not write to stdout: ${error}`));
  };
  upstream.onerror = (error) => log(`deckforge mcp: ${error.message}`);
  local.onerror = (error) => log(`deckforge mcp: ${error.message}`);
  let closing = false;
  local.onmessage = (message) => {
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) initializing.add(message.id);
    upstream.send(message).catch((error: unknown) => {
      // Requests cut off by our own close: the client that sent them has gone.
      if (closing) return;
      const reason = relayFailure(error, options.url);
      // A request gets its answer, so the client is not left waiting; a notification has none.
      if (isJSONRPCRequest(message))
        local
          .send({ jsonrpc: "2.0", id: message.id, error: { code: RELAY_FAILED, message: reason } })
          .catch(() => {});
      else log(`deckforge mcp: ${reason}`);
    });
  };

  const ended = new Promise<void>((resolve) => {
    input.once("end", resolve);
    input.once("close", resolve);
  });
  await upstream.start();
  await local.start();
  await ended;
  closing = true;
  await local.close();
  await upstream.close();
}

/** Why a message could not be relayed, in words for the client: the server's problem, or the network's. */
export function relayFailure(error: unknown, url: string): string {
  if (error instanceof StreamableHTTPError) {
    const body = error.message.replace(/^Streamable HTTP error: Error POSTing to endpoint: /, "");
    try {
      const problem = JSON.parse(body) as { code?: string; detail?: string };
      if (problem.code && problem.detail)
        return `Deckforge at ${url} refused the request: ${problem.code} (${error.code}): ${problem.detail}`;
    } catch {
      // Not a problem body (a proxy's page, an old server): quote it as it came.
    }
    return `Deckforge at ${url} answered HTTP ${error.code}: ${body.slice(0, 500)}`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  const message = error instanceof Error ? error.message : String(error);
  return `Could not reach Deckforge at ${url} (${message}${cause}). Start it with 'npm start', or set DECKFORGE_URL to where it runs.`;
}
