import { describe, expect, it } from "vitest";
import { api, download, pdfPageCount, pdfText, squash } from "./helpers";

describe("edit_path", () => {
  it("opens the deck drawn from its boxes, and re-exports it as PDF and PPTX", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: {
        title: "Viewer check",
        slides: [
          { layout: "title", content: { title: "Viewer check", subtitle: "Drawn in the browser" } },
          {
            layout: "bullets",
            content: { title: "Points", bullets: ["<script>window.pwned=1</script> stays text"] },
          },
        ],
      },
    });
    const page = await fetch(res.json.edit_path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Drawn in the browser");
    expect(html).not.toContain("<script>window.pwned=1</script>");
    expect(html).toContain("&lt;script&gt;window.pwned=1&lt;/script&gt;");

    const url = new URL(res.json.edit_path);
    const pdf = await download(`${url.origin}${url.pathname}/export/pdf${url.search}`);
    expect(pdf.status).toBe(200);
    expect(pdfPageCount(pdf.bytes)).toBe(2);
    expect(squash(pdfText(pdf.bytes))).toContain("Drawn in the browser");
    const pptx = await download(`${url.origin}${url.pathname}/export/pptx${url.search}`);
    expect(pptx.headers.get("content-type")).toContain("presentationml");
  });

  it("refuses an edit link without a valid signature", async () => {
    const res = await api("/api/v3/presentation/generate", {
      body: { slides: [{ content: "## Secret plans\n- hidden" }] },
    });
    const url = new URL(res.json.edit_path);
    const page = await fetch(`${url.origin}${url.pathname}`);
    const html = await page.text();
    expect(html).toContain("This link cannot be opened");
    expect(html).not.toContain("Secret plans");
    const exported = await download(
      `${url.origin}${url.pathname}/export/pdf?expires=9999999999&signature=forged`,
    );
    expect(exported.status).toBe(401);
  });
});
