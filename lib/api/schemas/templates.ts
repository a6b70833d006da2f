import { z } from "zod";
import { ZCustomTemplateSummary } from "./brand-templates";

/** A theme as the templates endpoints (REST and MCP) describe it. */
export const ZThemeSummary = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(["light", "dark"]),
  colors: z.record(z.string(), z.string()),
  fonts: z.object({ heading: z.string(), body: z.string() }),
});

/** GET /api/v1/ppt/templates: templates with their layouts' content schemas, and the themes. */
export const ZTemplatesResponse = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      layouts: z.array(
        z.object({
          id: z.string(),
          description: z.string(),
          requires: z.array(z.string()),
          content_schema: z.unknown().describe("JSON Schema of the layout's `content`."),
        }),
      ),
    }),
  ),
  themes: z.array(ZThemeSummary),
  custom_templates: z
    .array(ZCustomTemplateSummary)
    .describe(
      "The account's uploaded brand templates (not deleted), oldest first, as POST /api/v1/ppt/templates answered them; name one in a request by its `template` (`custom-<id>`).",
    ),
});
export type TTemplatesResponse = z.infer<typeof ZTemplatesResponse>;
