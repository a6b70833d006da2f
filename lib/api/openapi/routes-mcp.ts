/** OpenAPI entry of the MCP server's streamable HTTP endpoint (POST /api/mcp). */
import "server-only";
import { ZMcpRequestBody } from "@/lib/api/schemas/mcp";
import type { TApiRoute } from "./routes";

export const MCP_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/mcp",
    operationId: "mcp",
    summary: "MCP server (streamable HTTP)",
    description: [
      "The [Model Context Protocol](https://modelcontextprotocol.io) server for agents, over the streamable HTTP transport in stateless mode (no `Mcp-Session-Id`; every POST stands alone, so any instance answers it). Point an MCP client at this URL with the `Authorization: Bearer <key>` header; `npx deckforge mcp` serves the same tools over stdio.",
      "",
      "**Tools.** `generate_presentation` (the fields of POST /api/v1/ppt/presentation/generate, queued as a task; `notifications/progress` while it runs when the call has a progressToken; answers `presentation_id`, `path`, `edit_path`, `credits_consumed`), `get_presentation`, `export_presentation` (`export_as` pptx or pdf → a signed download link), `edit_slide` (the AI prompt edit of POST …/ai-edit, saved as the next version unless `apply: false`) and `list_templates`. **Resources.** `deckforge://presentations/{id}/outline`: a deck's slides and their text, as markdown and JSON. Every tool and resource sees only the key's account's presentations, and charges the same credits as the REST operation it stands for.",
      "",
      "**Answers.** A POST holding a request answers 200 with an event stream (`text/event-stream`) of JSON-RPC messages — progress notifications, then the response — so the client must accept both `application/json` and `text/event-stream` (else 406). A POST of notifications or responses only answers 202 with no body. A tool's failure (not enough credits, an unknown presentation, a prompt the offline rules do not understand) is the tool's result with `isError: true` and the problem's code and detail, not an HTTP error. GET and DELETE are 405: there is no server-initiated stream and no session to end.",
    ].join("\n"),
    tags: ["MCP"],
    auth: "api-key",
    body: {
      mediaType: "application/json",
      schema: ZMcpRequestBody,
      example: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    },
    response: {
      status: 200,
      description:
        "An event stream of JSON-RPC messages: `notifications/progress` for a generate_presentation call with a progressToken, then the response. (Notifications or responses alone answer 202 with no body.)",
      schema: { mediaTypes: ["text/event-stream"] },
    },
    errors: ["bad_request", "not_acceptable"],
  },
];
