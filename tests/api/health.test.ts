import { describe, expect, it } from "vitest";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("answers ok with the database reachable, without a key", async () => {
    const res = await api("/api/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: "ok" });
  });
});
