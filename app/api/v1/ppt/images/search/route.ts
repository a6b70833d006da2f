// GET /api/v1/ppt/images/search — which picture sources are configured; POST — search stock, AI or offline pictures
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZImageSearchRequest, ZImageSearchResponse, ZImageSourcesResponse } from "@/lib/api/schemas/media";
import { withApiKey } from "@/lib/api/with-api-key";
import { imageSources } from "@/lib/media/image-sources";
import { searchImages } from "@/lib/media/search-images";
import { getStorage } from "@/lib/storage";

export const GET = withApiKey(async () => json(ZImageSourcesResponse.parse(imageSources())));

export const POST = withApiKey(async ({ req, db, user }) => {
  const request = await parseBody(req, ZImageSearchRequest);
  const found = await searchImages(
    { db, userId: user.id, storage: getStorage(), signal: req.signal },
    request,
  );
  return json(ZImageSearchResponse.parse(found));
});
