import { describe, expect, it } from "vitest";
import { api, download } from "./helpers";

describe("signed download links", () => {
  it("serve the file with a valid signature and refuse a missing, altered or expired one", async () => {
    const res = await api("/api/v3/presentation/generate", {
      body: { slides: [{ content: "## Signed\n- link" }] },
    });
    const url = new URL(res.json.path);
    expect(url.searchParams.get("signature")).toBeTruthy();
    expect(Number(url.searchParams.get("expires"))).toBeGreaterThan(Date.now() / 1000);
    expect((await download(url.href)).status).toBe(200);

    const unsigned = new URL(url.href);
    unsigned.search = "";
    const altered = new URL(url.href);
    altered.searchParams.set("signature", `${(url.searchParams.get("signature") ?? "").slice(0, -2)}xx`);
    const extended = new URL(url.href);
    extended.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const expired = new URL(url.href);
    expired.searchParams.set("expires", "1000");
    for (const bad of [unsigned, altered, extended, expired]) {
      const refused = await download(bad.href);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.bytes.toString()).code).toBe("unauthorized");
    }
  });
});
