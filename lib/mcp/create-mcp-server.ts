import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CancelledNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import packageJson from "@/package.json";
import { cancelMcpGeneration } from "./cancel-mcp-generation";
import type { TMcpContext } from "./mcp-context";
import { registerPresentationOutline } from "./resources/presentation-outline";
import { registerEditSlide } from "./tools/edit-slide";
import { registerExportPresentation } from "./tools/export-presentation";
import { registerGeneratePresentation } from "./tools/generate-presentation";
import { registerGetPresentation } from "./tools/get-presentation";
import { registerListTemplates } from "./tools/list-templates";

const INSTRUCTIONS = [
  "Deckforge makes editable PPTX and PDF presentations.",
  "generate_presentation makes a deck from text or a markdown outline and answers a download link (`path`) and an editor link (`edit_path`).",
  "get_presentation and the deckforge://presentations/{id}/outline resource show what a deck holds; edit_slide rewrites a slide from a prompt and saves it; export_presentation renders the saved deck again as PPTX or PDF.",
  "Generations and AI edits cost credits from the API key's account.",
].join(" ");

/** The MCP server of one request: Deckforge's tools and resources acting for the key's account. */
export function createMcpServer(ctx: TMcpContext): McpServer {
  const server = new McpServer(
    { name: "deckforge", title: "Deckforge", version: packageJson.version },
    { instructions: INSTRUCTIONS },
  );
  registerGeneratePresentation(server, ctx);
  registerGetPresentation(server, ctx);
  registerExportPresentation(server, ctx);
  registerEditSlide(server, ctx);
  registerListTemplates(server, ctx);
  registerPresentationOutline(server, ctx);
  // Replaces the SDK's handler, which aborts calls of this server only: over stateless HTTP a
  // cancellation comes in a POST of its own, so the generation is found by the task it queued.
  server.server.setNotificationHandler(CancelledNotificationSchema, async (notification) => {
    await cancelMcpGeneration(ctx, notification.params.requestId, notification.params.reason).catch(
      (error: unknown) =>
        console.error(`[deckforge] MCP cancellation failed (request id ${ctx.requestId}):`, error),
    );
  });
  return server;
}
