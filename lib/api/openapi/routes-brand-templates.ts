/** OpenAPI entries of brand templates: upload a company's .pptx/.potx, read one, delete one, preview a template. */
import "server-only";
import { z } from "zod";
import { ZBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { ZLayoutResponse } from "@/lib/api/schemas/presentations";
import { DEFAULT_UPLOAD_LIMITS, formatBytes } from "@/lib/files/upload-limits";
import type { TApiRoute } from "./routes";

const TEMPLATE_ID = "3f9c2a71-5d4e-4b8a-9c1f-2e7d6a5b4c3d";

/** A brand template as the upload answers it (Impress's "Vivid" converted to .pptx by LibreOffice). */
export const EXAMPLE_BRAND_TEMPLATE = {
  template: `custom-${TEMPLATE_ID}`,
  id: TEMPLATE_ID,
  name: "Vivid",
  format: "pptx",
  aspect: "16:9",
  slide_size: { width_emu: 10_080_625, height_emu: 5_670_550 },
  fonts: {
    heading: {
      typeface: "Source Sans Pro Light",
      drawn_with: "Carlito",
      match: "substitute",
      substitute: "Carlito",
    },
    body: { typeface: "Source Sans Pro", drawn_with: "Carlito", match: "substitute", substitute: "Carlito" },
  },
  layouts: [
    "Blank Slide",
    "Title Slide",
    "Title, Content",
    "Title, 2 Content",
    "Title Only",
    "Centered Text",
    "Title, 2 Content and Content",
    "Title Content and 2 Content",
    "Title, 2 Content over Content",
    "Title, Content over Content",
    "Title, 4 Content",
    "Title, 6 Content",
  ],
  warnings: [],
  created_at: "2026-05-12T09:30:00.000Z",
} as const;

/** What POST /api/v1/ppt/templates reads. */
export const ZBrandTemplateForm = z.object({
  file: z
    .file()
    .describe(
      `The company's PowerPoint presentation or template (.pptx or .potx; macro-enabled kinds are read, their macros never run), at most ${formatBytes(DEFAULT_UPLOAD_LIMITS.maxFileBytes)} (MAX_UPLOAD_BYTES). \`files\` is accepted as the field name too; one file per request.`,
    ),
  name: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("The template's name in lists; the file's name without its extension when left out."),
});

const templateParams = z.object({
  id: z.string().meta({
    description: "The brand template's `template` (`custom-<uuid>`) or its bare `id` (the uuid).",
    example: `custom-${TEMPLATE_ID}`,
  }),
});

export const BRAND_TEMPLATE_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/ppt/templates",
    operationId: "uploadBrandTemplate",
    summary: "Upload a brand template",
    description: `Reads a company's .pptx or .potx — its slide size, theme colours and fonts, masters and layouts with their backgrounds, title and body styles, placeholder frames, logos — and keeps it as a brand template of the account: send its \`template\` (\`custom-<id>\`) as \`template\` (v1 generate, from-json) or \`standard_template\` (v3 generate) and the deck is drawn in the brand's colours and fonts, in PDFs, PPTX files and the editor. A brand template brings its own colours, so a \`theme\` sent with it is a 422. \`fonts\` says which of our families draws each brand typeface and which face stands in when we do not have it. Slides of 4:3 and other shapes are accepted and kept (\`aspect\`). The file streams to disk and is read on a worker thread with the document limits (PARSE_MEMORY_MB, PARSE_TIMEOUT_MS, MAX_INFLATED_BYTES, the zip-bomb checks). A file that is not a PowerPoint presentation (a text file, a Word document, an old binary .ppt) is a 415; one that declares more than the limits (a zip bomb) or is over MAX_UPLOAD_BYTES a 413; a damaged or password-protected one a 422. Nothing is stored then. Charges no credits. Example: \`curl -H "Authorization: Bearer $DECKFORGE_KEY" -F file=@brand.potx -F name="Acme 2026" https://deckforge.example.com/api/v1/ppt/templates\`.`,
    tags: ["Templates"],
    auth: "api-key",
    body: {
      mediaType: "multipart/form-data",
      schema: ZBrandTemplateForm,
      description: "One `file` part (the .pptx/.potx) and an optional `name` text field.",
      encoding: {
        file: [
          "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          "application/vnd.openxmlformats-officedocument.presentationml.template",
          "application/octet-stream",
        ].join(", "),
      },
    },
    response: {
      status: 201,
      description: "The brand template, ready to name in generation requests.",
      schema: ZBrandTemplateView,
      examples: { uploaded: { value: EXAMPLE_BRAND_TEMPLATE } },
    },
    errors: ["server_busy"],
  },
  {
    method: "get",
    path: "/api/v1/ppt/templates/{id}",
    operationId: "getBrandTemplate",
    summary: "Get a brand template",
    description:
      "One of the account's brand templates, as its upload answered it. A deleted one, another account's or an unknown id is a 404.",
    tags: ["Templates"],
    auth: "api-key",
    pathParams: templateParams,
    response: {
      status: 200,
      description: "The brand template.",
      schema: ZBrandTemplateView,
      examples: { template: { value: EXAMPLE_BRAND_TEMPLATE } },
    },
    errors: ["not_found"],
  },
  {
    method: "delete",
    path: "/api/v1/ppt/templates/{id}",
    operationId: "deleteBrandTemplate",
    summary: "Delete a brand template",
    description:
      "Deletes a brand template for new decks: it leaves the lists, and naming it in a generation or switching a deck to it is a 404. Decks already made on it keep it: they still open in the editor, preview and export in the brand (its reading is kept, and its file too when a deck or saved version names it at deletion). Deleting it again, another account's or an unknown id is a 404.",
    tags: ["Templates"],
    auth: "api-key",
    pathParams: templateParams,
    response: { status: 204, description: "Deleted." },
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/ppt/templates/{id}/preview",
    operationId: "previewTemplate",
    summary: "Preview every layout in a template",
    description:
      "A sample deck with one slide per layout, laid out in a template — a built-in one (`general`, …) or one of the account's brand templates (`custom-<id>`) — as the positioned boxes the editor draws (the same as POST /api/v1/ppt/layout answers). What the account page and the new-deck flow show as a template's thumbnails. A deleted brand template, another account's or an unknown id is a 404.",
    tags: ["Templates"],
    auth: "api-key",
    pathParams: templateParams,
    response: {
      status: 200,
      description: "The sample deck's pages, in layout order.",
      schema: ZLayoutResponse,
    },
    errors: ["not_found"],
  },
];
