// POST /api/v1/ppt/files/upload — multipart documents (PDF, DOCX, PPTX, TXT, MD, CSV) → file references
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { json } from "@/lib/api/respond";
import { withApiKey } from "@/lib/api/with-api-key";
import { withUploadForm } from "@/lib/files/read-upload-form";
import { uploadFiles } from "@/lib/files/upload-files";
import { getUploadLimits } from "@/lib/files/upload-limits";
import { ZUploadResponse } from "@/lib/files/upload-schema";

export const POST = withApiKey(async ({ req, db, user }) => {
  const limits = getUploadLimits();
  const refs = await withUploadForm(req, limits, (files) =>
    uploadFiles(db, user.id, files, limits, req.signal),
  );
  return json(ZUploadResponse.parse(refs), { status: 201 });
});

// Not behind proxy.ts (its body buffering would cut large uploads), so it refuses other methods itself.
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
