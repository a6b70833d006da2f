// GET /api/health — liveness and database reachability
import { json } from "@/lib/api/respond";
import { withErrors } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => {
  const db = await getDb();
  await db.$queryRawUnsafe("SELECT 1");
  return json({ status: "ok", database: "ok" });
});
