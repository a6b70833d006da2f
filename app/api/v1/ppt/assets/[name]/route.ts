// GET /api/v1/ppt/assets/{name} — a stored picture of the account (content-addressed), for the editor and dashboard
import { ApiError } from "@/lib/api/errors";
import { withApiKey } from "@/lib/api/with-api-key";
import { usableAssets } from "@/lib/asset-grants/usable-assets";
import { ASSET_KEY_PATTERN } from "@/lib/deck/schema";
import { getStorage } from "@/lib/storage";

export const GET = withApiKey<{ name: string }>(async ({ db, user, params }) => {
  const key = `assets/${params.name}`;
  // Another account's picture is answered exactly like an unknown name: no hint that it exists.
  const missing = () => new ApiError("not_found", `No stored picture '${params.name}'.`);
  if (!ASSET_KEY_PATTERN.test(key)) throw missing();
  if (!(await usableAssets(db, user.id, [key])).has(key)) throw missing();
  const bytes = await getStorage().get(key);
  if (!bytes) throw missing();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": key.endsWith(".png") ? "image/png" : "image/jpeg",
      // Named by the SHA-256 of its bytes: the same name is always the same picture. Private: only
      // this account may read it, so no shared cache keeps it.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
});
