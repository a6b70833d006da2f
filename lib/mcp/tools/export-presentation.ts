import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { exportPresentation } from "@/lib/presentations/export-presentation";
import type { TMcpContext } from "../mcp-context";
import { runTool } from "../tool-result";
import { ZExportPresentationInput, ZExportPresentationOutput } from "../tool-schemas";

/** export_presentation: POST /api/v1/ppt/presentation/{id}/export — the saved deck as a file behind a link. */
export function registerExportPresentation(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "export_presentation",
    {
      title: "Export a presentation",
      description:
        "Render the presentation as it is saved now (edits included) as a PPTX or a PDF and answer `path`, a signed download URL that expires, with the file's page count and the deck version it shows. Asking again before the next edit reuses the file. Charges nothing.",
      inputSchema: ZExportPresentationInput,
      outputSchema: ZExportPresentationOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    (input, extra) =>
      runTool(ctx.requestId, extra, async () => {
        const file = await exportPresentation(
          ctx.db,
          ctx.userId,
          input.presentation_id,
          { export_as: input.export_as },
          ctx.origin,
        );
        return { presentation_id: input.presentation_id, ...file };
      }),
  );
}
