// POST /api/v1/ppt/presentation/create/from-json — structured slides → deck file, no generation
import { parseBodyLenient } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZCreateFromJsonRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { generateNow } from "@/lib/presentations/generate-now";

export const POST = withApiKey(async ({ req, db, user, requestId }) => {
  const { data: request, warnings, headers, sent } = await parseBodyLenient(req, ZCreateFromJsonRequest);
  await assertTemplateUsable(db, user.id, {
    template: request.template,
    themeSent: sent.has("theme"),
    headers,
  });
  return withIdempotency({ req, db, userId: user.id }, request, async () => {
    const result = await generateNow(
      db,
      user.id,
      { kind: "create_from_json", request, warnings },
      { origin: publicOrigin(req), requestId },
    );
    return json(ZPresentationResult.parse(result), { headers });
  });
});
