// GET /api/account/presentations?ids=a,b — titles of the session's presentations among the ids (usage table)

import { listPresentationTitles } from "@/lib/account/list-presentation-titles";
import { invalidFields } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { ZPresentationTitles, ZPresentationTitlesQuery } from "@/lib/api/schemas/account";
import { withSession } from "@/lib/api/with-api-key";

export const GET = withSession(async ({ req, db, user }) => {
  const query = ZPresentationTitlesQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw invalidFields(query.error);
  return json(ZPresentationTitles.parse(await listPresentationTitles(db, user.id, query.data.ids)));
});
