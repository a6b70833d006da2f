/** Answers of the brand-template endpoints (POST/GET/DELETE /api/v1/ppt/templates[/{id}]). */
import { z } from "zod";

/** A brand typeface and what draws it. */
export const ZBrandFontView = z.object({
  typeface: z.string().describe('The typeface the file names for this role ("" when it names none).'),
  drawn_with: z
    .string()
    .describe(
      "The face that draws it in PDFs and the editor: the typeface itself (a face we ship, or the brand's own font file), its metric-compatible twin (Carlito for Calibri…), or the closest family we have.",
    ),
  match: z
    .enum(["exact", "metric-compatible", "substitute"])
    .describe(
      "exact: the typeface itself is drawn; metric-compatible: a twin with the same advances, so lines break where PowerPoint breaks them; substitute: another face of the same kind, so lines may break elsewhere than in PowerPoint.",
    ),
  substitute: z
    .string()
    .nullable()
    .describe(
      "The face that stands in for the typeface (its twin or a substitute); null when the typeface itself is drawn.",
    ),
});

/** One uploaded brand template, as the upload answers it and the lists show it. */
export const ZBrandTemplateView = z.object({
  template: z
    .string()
    .regex(/^custom-[0-9a-f-]{36}$/)
    .describe("The id to send as `template` (or `standard_template`) in generate and from-json requests."),
  id: z.uuid(),
  name: z.string(),
  format: z.enum(["pptx", "potx"]).describe("Whether the file was a presentation or a PowerPoint template."),
  aspect: z
    .enum(["16:9", "4:3", "other"])
    .describe("The file's slide shape; decks on it are laid out on 16:9 slides for now."),
  slide_size: z.object({ width_emu: z.number().int().positive(), height_emu: z.number().int().positive() }),
  fonts: z.object({ heading: ZBrandFontView, body: ZBrandFontView }),
  layouts: z
    .array(z.string())
    .describe("The names of the file's slide layouts, master by master in menu order, each name once."),
  warnings: z.array(z.string()).describe("What could not be read from the file, in words to act on."),
  created_at: z.iso.datetime(),
});
export type TBrandTemplateView = z.infer<typeof ZBrandTemplateView>;

/** A brand template in GET /api/v1/ppt/templates's `custom_templates`. */
export const ZCustomTemplateSummary = ZBrandTemplateView.extend({ custom: z.literal(true) });
