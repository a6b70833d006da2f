// GET /api/health/ready — readiness: database, job queue and storage, each time-bound; 200 when all
// pass, 503 (the same JSON shape, listing the failing checks) when any fails or the server is
// shutting down, so a load balancer takes the instance out of rotation.
import { json } from "@/lib/api/respond";
import { withErrors } from "@/lib/api/with-api-key";
import { checkReadiness } from "@/lib/health/check-readiness";
import { ZReadinessResponse } from "@/lib/health/readiness-schema";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => {
  const body = ZReadinessResponse.parse(await checkReadiness());
  return json(body, {
    status: body.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
