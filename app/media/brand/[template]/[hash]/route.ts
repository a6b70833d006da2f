// GET /media/brand/{template}/{hash} — a picture of a brand template (its background photo, a logo)
// by the SHA-256 of what the look draws: how the editor, previews and share pages name it. The hash
// is the capability: only someone shown a page of the brand knows it.
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { brandMediaFile } from "@/lib/brand-templates/brand-media";
import { isCustomTemplateId } from "@/lib/deck/schema";

export const GET = withErrors<{ template: string; hash: string }>(async ({ params }) => {
  const file = isCustomTemplateId(params.template)
    ? await brandMediaFile(params.template, params.hash)
    : null;
  if (!file) throw new ApiError("not_found", "No such brand picture.");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      // The URL names the content: it never changes.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      // The look draws freeform shapes as SVG it writes itself; nothing in one may run.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
});
