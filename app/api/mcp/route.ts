// POST /api/mcp — the MCP server (streamable HTTP, stateless) for the Bearer key's account
import { withApiKey } from "@/lib/api/with-api-key";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const POST = withApiKey(handleMcpRequest);
