import "server-only";
import type { TTemplatesResponse } from "@/lib/api/schemas/templates";
import { LAYOUT_SPECS, layoutJsonSchema } from "@/lib/deck/layout-content";
import { LAYOUT_IDS, TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { getFontFamily } from "@/lib/layouts/font-families";
import { TEMPLATES } from "@/lib/layouts/templates";
import { THEMES } from "@/lib/layouts/themes";

/** The built-in part of the templates answer (the account's brand templates are added per request). */
type TBuiltInTemplates = Omit<TTemplatesResponse, "custom_templates">;

let cached: TBuiltInTemplates | undefined;

/** Every template with every layout's description and content schema, and every theme. */
export function listTemplates(): TBuiltInTemplates {
  cached ??= {
    templates: TEMPLATE_IDS.map((id) => ({
      id,
      name: TEMPLATES[id].name,
      description: TEMPLATES[id].description,
      layouts: LAYOUT_IDS.map((layout) => ({
        id: layout,
        description: LAYOUT_SPECS[layout].description,
        requires: LAYOUT_SPECS[layout].requires,
        content_schema: layoutJsonSchema(layout),
      })),
    })),
    themes: THEME_IDS.map((id) => {
      const theme = THEMES[id];
      return {
        id,
        name: theme.name,
        mode: theme.mode,
        colors: { ...theme.palette },
        fonts: {
          heading: getFontFamily(theme.fonts.heading).pptxFace,
          body: getFontFamily(theme.fonts.body).pptxFace,
        },
      };
    }),
  };
  return cached;
}
