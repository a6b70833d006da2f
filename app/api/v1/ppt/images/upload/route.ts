// POST /api/v1/ppt/images/upload — multipart picture (PNG, JPEG, WebP, GIF) → a stored asset for image.asset
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { json } from "@/lib/api/respond";
import { ZImageUploadResponse } from "@/lib/api/schemas/media";
import { withApiKey } from "@/lib/api/with-api-key";
import { imageMaxBytes } from "@/lib/media/image-max-bytes";
import { readImageUpload } from "@/lib/media/read-image-upload";
import { uploadImage } from "@/lib/media/upload-image";
import { getStorage } from "@/lib/storage";

export const POST = withApiKey(async ({ req, db, user }) => {
  const bytes = await readImageUpload(req, imageMaxBytes());
  const stored = await uploadImage(getStorage(), bytes, { db, userId: user.id });
  return json(ZImageUploadResponse.parse(stored), { status: 201 });
});

// Not behind proxy.ts (its body buffering would cut large uploads), so it refuses other methods itself.
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
