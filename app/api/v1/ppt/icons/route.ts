// GET /api/v1/ppt/icons — search the shipped Lucide icon set (name, keywords, topics) for the icon picker
import { invalidFields } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { ZIconsQuery, ZIconsResponse } from "@/lib/api/schemas/media";
import { withApiKey } from "@/lib/api/with-api-key";
import { listIcons } from "@/lib/media/list-icons";

export const GET = withApiKey(async ({ req }) => {
  const query = ZIconsQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw invalidFields(query.error);
  return json(ZIconsResponse.parse(listIcons(query.data)));
});
