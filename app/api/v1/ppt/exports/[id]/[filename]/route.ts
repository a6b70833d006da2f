// GET /api/v1/ppt/exports/{id}/{filename}?expires&signature — download an exported file by signed link
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db";
import { exportPathname } from "@/lib/presentations/links";
import { getStorage } from "@/lib/storage";
import { checkSignedPath } from "@/lib/storage/signed-url";

const CONTENT_TYPES: Record<string, string> = {
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  pdf: "application/pdf",
};

export const GET = withErrors<{ id: string; filename: string }>(async ({ req, params }) => {
  const url = new URL(req.url);
  const fileName = decodeURIComponent(params.filename);
  const refusal = checkSignedPath(exportPathname(params.id, fileName), url.searchParams);
  if (refusal) throw new ApiError("unauthorized", `${refusal} Ask the API for a fresh link.`);
  const db = await getDb();
  const record = await db.export.findUnique({
    where: { id: params.id },
    select: { storageKey: true, format: true },
  });
  const bytes = record ? await getStorage().get(record.storageKey) : null;
  if (!record || !bytes) throw new ApiError("not_found", "The file no longer exists.");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": CONTENT_TYPES[record.format] ?? "application/octet-stream",
      "content-length": String(bytes.byteLength),
      "content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "private, max-age=300",
    },
  });
});
