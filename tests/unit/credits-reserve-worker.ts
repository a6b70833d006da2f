// Child process of credits-ledger.test.ts: another process on the same SQLite file (as the CLI or a
// second instance would be) firing reservations at a given moment. Prints {"ok": n, "refused": n}.
// Usage: credits-reserve-worker.ts <userId> <count> <amount> <startAtMs>   (DATA_DIR from the env)

import { reserveCredits } from "@/lib/credits/reserve-credits";
import { getDb } from "@/lib/db";

const [userId, count, amount, startAt] = process.argv.slice(2);
const db = await getDb();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
let ok = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: Number(count) }, () =>
    reserveCredits(db, userId, Number(amount), { reason: "generation" }).then(
      () => ok++,
      (error: { code?: string }) => {
        if (error.code !== "insufficient_credits") throw error;
        refused++;
      },
    ),
  ),
);
console.log(JSON.stringify({ ok, refused }));
await db.$disconnect();
