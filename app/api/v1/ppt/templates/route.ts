// GET /api/v1/ppt/templates — built-in templates (their layouts with content schemas), themes, and the account's brand templates
// POST /api/v1/ppt/templates — upload a company's .pptx/.potx as a brand template (multipart `file`, optional `name`)
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { json } from "@/lib/api/respond";
import { ZBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { ZTemplatesResponse } from "@/lib/api/schemas/templates";
import { withApiKey } from "@/lib/api/with-api-key";
import { createBrandTemplate } from "@/lib/brand-templates/create-brand-template";
import { listBrandTemplates } from "@/lib/brand-templates/list-brand-templates";
import { withUploadForm } from "@/lib/files/read-upload-form";
import { getUploadLimits } from "@/lib/files/upload-limits";
import { listTemplates } from "@/lib/presentations/list-templates";

export const GET = withApiKey(async ({ db, user }) => {
  const custom = await listBrandTemplates(db, user.id);
  return json(
    ZTemplatesResponse.parse({
      ...listTemplates(),
      custom_templates: custom.map((template) => ({ ...template, custom: true })),
    }),
  );
});

export const POST = withApiKey(async ({ req, db, user }) => {
  // One file per template; the document limits (size, zip bomb, reading time and memory) apply.
  const limits = { ...getUploadLimits(), maxFiles: 1 };
  const view = await withUploadForm(
    req,
    limits,
    (files, fields) => createBrandTemplate(db, user.id, files[0], fields.name, limits, req.signal),
    { textFields: ["name"] },
  );
  return json(ZBrandTemplateView.parse(view), { status: 201 });
});

// Not behind proxy.ts (its body buffering would cut large uploads), so it refuses other methods itself.
export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
