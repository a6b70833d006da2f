// GET /api/health — liveness: the process answers and its database takes a query (unchanged shape,
// kept for existing probes). Whether the instance should get traffic is GET /api/health/ready.
import { json } from "@/lib/api/respond";
import { withErrors } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => {
  const db = await getDb();
  await db.$queryRawUnsafe("SELECT 1");
  return json({ status: "ok", database: "ok" }, { headers: { "cache-control": "no-store" } });
});
