import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { listBrandTemplates } from "@/lib/brand-templates/list-brand-templates";
import { listTemplates } from "@/lib/presentations/list-templates";
import type { TMcpContext } from "../mcp-context";
import { runTool } from "../tool-result";
import { type TTemplatesOverview, ZTemplatesOverview } from "../tool-schemas";

/**
 * list_templates: GET /api/v1/ppt/templates without the layouts' content JSON Schemas (35 KB an
 * agent has no use for: no tool takes slide content), each layout described once, with the
 * account's brand templates.
 */
export function registerListTemplates(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "list_templates",
    {
      title: "List templates and themes",
      description:
        "The templates (generate_presentation's `template`), the slide layouts they draw, the themes (`theme`) with their colours and fonts, and the account's uploaded brand templates (`custom_templates`).",
      outputSchema: ZTemplatesOverview,
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    (extra) =>
      runTool(ctx.requestId, extra, async () => {
        const { templates, themes } = listTemplates();
        const layouts = new Map<string, TTemplatesOverview["layouts"][number]>();
        for (const template of templates)
          for (const { id, description, requires } of template.layouts)
            if (!layouts.has(id)) layouts.set(id, { id, description, requires });
        const overview: TTemplatesOverview = {
          templates: templates.map(({ id, name, description, layouts: drawn }) => ({
            id,
            name,
            description,
            layouts: drawn.map((layout) => layout.id),
          })),
          layouts: [...layouts.values()],
          themes,
          custom_templates: (await listBrandTemplates(ctx.db, ctx.userId)).map((template) => ({
            ...template,
            custom: true as const,
          })),
        };
        return overview;
      }),
  );
}
