// GET /api/v1/ppt/assets/{name} — a stored picture (content-addressed), for the editor and dashboard
import { ApiError } from "@/lib/api/errors";
import { withApiKey } from "@/lib/api/with-api-key";
import { ASSET_KEY_PATTERN } from "@/lib/deck/schema";
import { getStorage } from "@/lib/storage";

export const GET = withApiKey<{ name: string }>(async ({ params }) => {
  const key = `assets/${params.name}`;
  const missing = () => new ApiError("not_found", `No stored picture '${params.name}'.`);
  if (!ASSET_KEY_PATTERN.test(key)) throw missing();
  const bytes = await getStorage().get(key);
  if (!bytes) throw missing();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": key.endsWith(".png") ? "image/png" : "image/jpeg",
      // Named by the SHA-256 of its bytes: the same name is always the same picture.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
});
