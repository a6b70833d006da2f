// POST /api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject — a rejected proposal's credits back

import { json } from "@/lib/api/respond";
import { ZRejectAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { withApiKey } from "@/lib/api/with-api-key";
import { rejectAiEdit } from "@/lib/edit/reject-ai-edit";

export const POST = withApiKey<{ id: string; proposalId: string }>(async ({ db, user, params }) =>
  json(ZRejectAiEditResponse.parse(await rejectAiEdit(db, user.id, params.id, params.proposalId))),
);
