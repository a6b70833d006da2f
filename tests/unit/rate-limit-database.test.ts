// The shared rate limit store on a real SQLite database (one file, any number of processes): the
// same sliding window as the memory store, two store objects (two instances) sharing one count, and
// parallel hits never letting more than `limit` through.
import { describe } from "vitest";
import { openTestDb } from "./credits-test-db";
import { behavesLikeTheSlidingWindow } from "./rate-limit-store-cases";

describe("DatabaseRateLimitStore on SQLite", () => {
  behavesLikeTheSlidingWindow(openTestDb, "sqlite");
});
