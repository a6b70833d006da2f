// GET /api/v1/ppt/presentations — a page of the account's presentations with thumbnails, newest updated first
import { invalidFields } from "@/lib/api/errors";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZListPresentationsQuery, ZListPresentationsResponse } from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { listPresentations } from "@/lib/presentations/list-presentations";

export const GET = withApiKey(async ({ req, db, user }) => {
  const query = ZListPresentationsQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw invalidFields(query.error);
  const page = await listPresentations(db, user.id, query.data, publicOrigin(req));
  return json(ZListPresentationsResponse.parse(page));
});
