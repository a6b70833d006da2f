// POST /api/v3/presentation/outlines/generate — content → n_slides markdown outlines
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZGenerateOutlinesRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { generateOutlines } from "@/lib/presentations/generate-outlines";

export const POST = withApiKey(async ({ req, db, user }) => {
  const request = await parseBody(req, ZGenerateOutlinesRequest);
  return withIdempotency({ req, db, userId: user.id }, request, async () =>
    json(await generateOutlines(db, user.id, request)),
  );
});
