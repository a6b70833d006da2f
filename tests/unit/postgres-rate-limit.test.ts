// The shared rate limit store on PostgreSQL (a throwaway cluster): transactions serialised per key by
// an advisory lock, so instances behind a load balancer share one count.
import { describe } from "vitest";
import { openPostgresTestDb } from "@/tests/pg/open-postgres-db";
import { skipWithoutPostgres } from "@/tests/pg/start-postgres";
import { behavesLikeTheSlidingWindow } from "./rate-limit-store-cases";

describe.skipIf(skipWithoutPostgres("postgres-rate-limit"))("DatabaseRateLimitStore on PostgreSQL", () => {
  behavesLikeTheSlidingWindow(openPostgresTestDb, "postgres");
});
