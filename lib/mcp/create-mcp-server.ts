import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import packageJson from "@/package.json";
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
  return server;
}
