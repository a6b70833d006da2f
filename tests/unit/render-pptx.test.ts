import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDeck } from "@/lib/render/render-deck";
import { SAMPLE_DECK } from "./render-sample-deck";

let zip: JSZip;
let bytes: Buffer;
let slideCount: number;
const dir = mkdtempSync(path.join(tmpdir(), "deckforge-pptx-"));

const read = async (name: string) => {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is missing`);
  return file.async("string");
};
const slideNames = () => Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));

beforeAll(async () => {
  const rendered = await renderDeck(SAMPLE_DECK, "pptx");
  expect(rendered.contentType).toBe(
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  );
  expect(rendered.extension).toBe("pptx");
  bytes = rendered.bytes;
  slideCount = rendered.slideCount;
  zip = await JSZip.loadAsync(bytes);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderPptx", () => {
  it("writes one slide part per layout", () => {
    expect(slideCount).toBe(6);
    expect(slideNames()).toHaveLength(6);
  });

  it("writes the slide text as native text", async () => {
    const xml = (await Promise.all(slideNames().map(read))).join("");
    for (const text of [
      "Quarterly Business Review",
      "Revenue and margins",
      "Highlights",
      "two weeks early",
      "Needs attention",
      "Thank you",
    ]) {
      expect(xml).toContain(`<a:t>${text}</a:t>`);
    }
  });

  it("uses real bullets, exact line spacing, a wrap inset on the far side and the Arial and Courier New faces", async () => {
    const slide = await read("ppt/slides/slide4.xml");
    expect(slide).toMatch(/<a:pPr[^>]*marL="\d+" indent="-\d+"><a:lnSpc><a:spcPts val="\d+"\/><\/a:lnSpc>/);
    expect(slide).toContain('<a:buFont typeface="Arial"/><a:buChar char="&#x2022;"/>');
    // Left-aligned text starts at the box edge; the right inset gives PowerPoint 1% more room than
    // the layout measured (2% of the width: it wrapped at 97%).
    const inset = /lIns="0" tIns="0" rIns="(\d+)" bIns="0"/.exec(slide);
    expect(inset).not.toBeNull();
    expect(Number(inset?.[1])).toBeGreaterThan(0);
    expect(slide).toContain('<a:latin typeface="Arial"');
    expect(slide).toMatch(
      /<a:latin typeface="Courier New"[^>]*\/><a:ea[^>]*\/><a:cs[^>]*\/><\/a:rPr><a:t>eu-west<\/a:t>/,
    );
    expect(slide).toMatch(/b="1"[^>]*>.*?<a:t>two weeks early<\/a:t>/);
  });

  it("keeps paragraph properties first and single in every paragraph", async () => {
    for (const name of slideNames()) {
      for (const [, paragraph] of (await read(name)).matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)) {
        const count = paragraph.match(/<a:pPr\b/g)?.length ?? 0;
        expect(count).toBeLessThanOrEqual(1);
        if (count) expect(paragraph.startsWith("<a:pPr")).toBe(true);
      }
    }
  });

  it("declares content types only for parts that exist", async () => {
    const types = await read("[Content_Types].xml");
    for (const [, part] of types.matchAll(/PartName="\/([^"]+)"/g)) expect(zip.file(part)).not.toBeNull();
  });

  it("stores pictures as they are (already compressed) and deflates the XML", async () => {
    const { readZipDirectory } = await import("@/lib/files/zip/read-zip-directory");
    const entries = readZipDirectory(bytes, 10_000);
    const media = entries.filter((entry) => entry.name.startsWith("ppt/media/"));
    expect(media.length).toBeGreaterThan(0);
    for (const entry of media) expect(entry.method, entry.name).toBe(0);
    // The real pictures, not the stand-ins pptxgenjs was handed (lib/render/pptx/pptx-media.ts).
    for (const entry of media.filter((e) => !e.name.endsWith("/"))) {
      const picture = await zip.file(entry.name)?.async("nodebuffer");
      const jpeg = picture?.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
      const png = picture?.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(jpeg || png, entry.name).toBe(true);
      expect(picture?.length ?? 0, entry.name).toBeGreaterThan(1_000);
    }
    for (const entry of entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)))
      expect(entry.method, entry.name).toBe(8);
  });

  it("carries speaker notes and deck metadata", async () => {
    const notes = Object.keys(zip.files).filter((name) =>
      /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name),
    );
    expect(notes).toHaveLength(6);
    expect(await read("ppt/notesSlides/notesSlide1.xml")).toContain(
      "Welcome everyone and introduce the agenda.",
    );
    expect(await read("ppt/notesSlides/notesSlide4.xml")).toContain("renewals were pulled forward");
    const core = await read("docProps/core.xml");
    expect(core).toContain("<dc:title>Quarterly Review</dc:title>");
    expect(core).toContain("<dc:creator>Ada Lovelace</dc:creator>");
  });

  it("opens in LibreOffice with every slide", () => {
    const file = path.join(dir, "deck.pptx");
    writeFileSync(file, bytes);
    const profile = `file://${path.join(dir, "profile")}`;
    const result = spawnSync(
      "soffice",
      [`-env:UserInstallation=${profile}`, "--headless", "--convert-to", "pdf", "--outdir", dir, file],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    const info = spawnSync("pdfinfo", [path.join(dir, "deck.pdf")], { encoding: "utf8" });
    expect(info.stdout).toMatch(/^Pages:\s+6$/m);
  }, 150_000);
});
