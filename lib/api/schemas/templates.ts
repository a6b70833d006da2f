import { z } from "zod";

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
  themes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mode: z.enum(["light", "dark"]),
      colors: z.record(z.string(), z.string()),
      fonts: z.object({ heading: z.string(), body: z.string() }),
    }),
  ),
});
export type TTemplatesResponse = z.infer<typeof ZTemplatesResponse>;
