// POST /api/v3/presentation/generate — reviewed outline slides → deck file
import { parseBodyLenient } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { generateNow } from "@/lib/presentations/generate-now";

export const POST = withApiKey(async ({ req, db, user, requestId }) => {
  const { data: request, warnings, headers, sent } = await parseBodyLenient(req, ZGenerateFromSlidesRequest);
  await assertTemplateUsable(db, user.id, {
    template: request.standard_template,
    themeSent: sent.has("theme"),
    headers,
  });
  return withIdempotency({ req, db, userId: user.id }, request, async () => {
    const result = await generateNow(
      db,
      user.id,
      { kind: "generate_from_slides", request, warnings },
      { origin: publicOrigin(req), requestId },
    );
    return json(ZPresentationResult.parse(result), { headers });
  });
});
