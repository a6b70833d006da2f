// GET /api/v1/credits — the key's account: balance, enforcement, credit rules and a ledger page
import { invalidFields } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { ZCreditsQuery, ZCreditsResponse } from "@/lib/api/schemas/credits";
import { withApiKey } from "@/lib/api/with-api-key";
import { getCreditOverview } from "@/lib/credits/get-credit-overview";

export const GET = withApiKey(async ({ req, db, user }) => {
  const query = ZCreditsQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw invalidFields(query.error);
  return json(ZCreditsResponse.parse(await getCreditOverview(db, user.id, query.data)));
});
