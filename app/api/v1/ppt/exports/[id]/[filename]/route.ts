// GET /api/v1/ppt/exports/{id}/{filename}?expires&signature — download an exported file by signed link
// (local storage streams the file; S3 storage answers 302 to a fresh presigned URL on the store)
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { exportPathname } from "@/lib/presentations/links";
import { getStorage } from "@/lib/storage";
import { checkSignedPath } from "@/lib/storage/signed-url";
import { attachmentDisposition, contentTypeFor } from "@/lib/storage/storage-key";

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
  if (!record) throw new ApiError("not_found", "The file no longer exists.");
  const storage = getStorage();
  const contentType = contentTypeFor(record.format);
  // The object store serves the bytes itself; the app does not stream large files through.
  const direct = await storage.signedDownloadUrl(record.storageKey, {
    fileName,
    contentType,
    expiresIn: getConfig().DOWNLOAD_URL_TTL_SECONDS,
  });
  if (direct)
    return new Response(null, { status: 302, headers: { location: direct, "cache-control": "no-store" } });
  const bytes = await storage.get(record.storageKey);
  if (!bytes) throw new ApiError("not_found", "The file no longer exists.");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
      "content-disposition": attachmentDisposition(fileName),
      "cache-control": "private, max-age=300",
    },
  });
});
