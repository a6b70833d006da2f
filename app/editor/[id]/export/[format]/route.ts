// GET /editor/{id}/export/{pptx|pdf} — re-render the stored deck and download it (signed edit link)
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { getSignedPresentation } from "@/lib/presentations/get-signed-presentation";
import { fileNameFor } from "@/lib/presentations/links";
import { renderDeck } from "@/lib/render/render-deck";

export const GET = withErrors<{ id: string; format: string }>(async ({ req, params }) => {
  if (params.format !== "pptx" && params.format !== "pdf") {
    throw new ApiError("not_found", `No export format '${params.format}'; use pptx or pdf.`);
  }
  const found = await getSignedPresentation(params.id, new URL(req.url).searchParams);
  if (found.refusal !== undefined) throw new ApiError("unauthorized", found.refusal);
  const { presentation } = found;
  const rendered = await renderDeck(presentation.deck, params.format);
  return new Response(new Uint8Array(rendered.bytes), {
    headers: {
      "content-type": rendered.contentType,
      "content-disposition": `attachment; filename="${fileNameFor(presentation.title, rendered.extension)}"`,
    },
  });
});
