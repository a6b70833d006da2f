import { describe, expect, it } from "vitest";
import { altFromFileName } from "@/lib/editor/alt-from-file-name";

describe("altFromFileName", () => {
  it("reads an upload's name as words", () => {
    expect(altFromFileName("beehive-swarm_2024.jpg")).toBe("Beehive swarm 2024");
    expect(altFromFileName("Solar panels on a clinic roof.png")).toBe("Solar panels on a clinic roof");
    expect(altFromFileName("kasese.clinic.webp")).toBe("Kasese clinic");
  });

  it("gives nothing for a camera's name or a number", () => {
    expect(altFromFileName("IMG_4032.JPG")).toBe("");
    expect(altFromFileName("DSC 0001.jpeg")).toBe("");
    expect(altFromFileName("PXL_20240101_123456.jpg")).toBe("");
    expect(altFromFileName("20240101.png")).toBe("");
  });
});
