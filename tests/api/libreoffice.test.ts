import { describe, expect, it } from "vitest";
import { api, download, libreOfficePdf, pdfPageCount, pdfText, squash } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

describe("a real client opens the PPTX", () => {
  it("LibreOffice converts the generated PPTX to a PDF with one page per slide", async () => {
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: { content: SAMPLE_CONTENT, n_slides: 6, include_table_of_contents: true },
    });
    expect(res.status).toBe(200);
    const pdf = libreOfficePdf((await download(res.json.path)).bytes);
    expect(pdfPageCount(pdf)).toBe(6); // n_slides: title + agenda + 4 content slides
    expect(squash(pdfText(pdf))).toContain("Pilot results");
  });
});
