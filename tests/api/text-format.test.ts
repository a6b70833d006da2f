// Text marks saved from the editor — underline, highlight, a theme colour — drawn by both exports:
// the PPTX's runs carry u="sng", <a:highlight> and the theme's colour (and a theme change
// recolours them), and the PDF, rasterised by poppler, has the highlighter behind the run's glyphs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { THEMES } from "../../lib/layouts/themes";
import { api } from "./helpers";

const baseUrl = () => inject("baseUrl");

let id: string;
let cookie: string;
let work: string;

async function get(pathname: string) {
  const res = await fetch(`${baseUrl()}${pathname}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Saves the deck as the editor does: the session, the version read last. */
async function save(
  change: (deck: {
    theme: string;
    slides: { layout: string; content: Record<string, unknown>; format?: Record<string, unknown> }[];
  }) => void,
) {
  const detail = await api(`/api/v1/ppt/presentation/${id}`, { key: null, headers: { cookie } });
  expect(detail.status).toBe(200);
  const deck = detail.json.deck;
  change(deck);
  const saved = await fetch(`${baseUrl()}/api/v1/ppt/presentation/${id}`, {
    method: "PUT",
    headers: { cookie, origin: baseUrl(), "content-type": "application/json" },
    body: JSON.stringify({ version: detail.json.version, deck }),
  });
  expect(saved.status).toBe(200);
}

async function slideXml(pptx: Buffer, n: number): Promise<string> {
  const zip = await JSZip.loadAsync(pptx);
  return (await zip.file(`ppt/slides/slide${n}.xml`)?.async("string")) ?? "";
}

/** The `<a:r>` whose text is `text`. */
function runXml(xml: string, text: string): string {
  const run = [...xml.matchAll(/<a:r>(?:(?!<\/a:r>).)*<\/a:r>/gs)].find((match) =>
    match[0].includes(`<a:t>${text}</a:t>`),
  );
  expect(run, `a run "${text}"`).toBeDefined();
  return run?.[0] ?? "";
}

beforeAll(async () => {
  ({ cookie } = await signUpViaHttp(baseUrl(), uniqueUser("text-format")));
  work = mkdtempSync(path.join(tmpdir(), "deckforge-text-format-"));
  const res = await fetch(`${baseUrl()}/api/v1/ppt/presentation/create/from-json`, {
    method: "POST",
    headers: { cookie, origin: baseUrl(), "content-type": "application/json" },
    body: JSON.stringify({
      title: "Marks",
      theme: "light",
      slides: [{ layout: "bullets", content: { title: "Quarter", bullets: ["Revenue grew", "Costs fell"] } }],
    }),
  });
  expect(res.status).toBe(200);
  id = ((await res.json()) as { presentation_id: string }).presentation_id;
  await save((deck) => {
    deck.slides[0].content.bullets = [
      "Revenue [doubled]{.underline} this year",
      "[Record margin]{.highlight} in Q3",
      "Costs [fell sharply]{.accent} again",
    ];
  });
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("text marks in the exports", () => {
  it("PPTX: underline, highlight and the theme's accent on their runs only", async () => {
    const xml = await slideXml(await get(`/editor/${id}/export/pptx`), 1);
    const light = THEMES.light.palette;
    expect(runXml(xml, "doubled")).toContain('u="sng"');
    expect(runXml(xml, "Revenue ")).not.toContain('u="sng"');
    expect(runXml(xml, "Record margin")).toContain(
      `<a:highlight><a:srgbClr val="${light.highlight.slice(1)}"/></a:highlight>`,
    );
    expect(runXml(xml, " in Q3")).not.toContain("<a:highlight>");
    expect(runXml(xml, "fell sharply")).toContain(`<a:solidFill><a:srgbClr val="${light.accent.slice(1)}"/>`);
    expect(runXml(xml, "Costs ")).not.toContain(light.accent.slice(1));
  });

  it("PPTX: a theme change recolours the marked text (the deck stores the role)", async () => {
    await save((deck) => {
      deck.theme = "dark";
    });
    const xml = await slideXml(await get(`/editor/${id}/export/pptx`), 1);
    const dark = THEMES.dark.palette;
    expect(runXml(xml, "fell sharply")).toContain(`<a:srgbClr val="${dark.accent.slice(1)}"/>`);
    expect(runXml(xml, "Record margin")).toContain(
      `<a:highlight><a:srgbClr val="${dark.highlight.slice(1)}"/>`,
    );
    await save((deck) => {
      deck.theme = "light";
    });
  });

  it("PPTX: a box's alignment and size step; formatting of a box the slide no longer has is dropped on save", async () => {
    const before = await slideXml(await get(`/editor/${id}/export/pptx`), 1);
    const size = (xml: string, text: string) => Number(/ sz="(\d+)"/.exec(runXml(xml, text))?.[1]);
    await save((deck) => {
      deck.slides[0].format = {
        title: { align: "center", size: -1 },
        bullets: { size: 1 },
        subtitle: { align: "right" },
      };
    });
    const xml = await slideXml(await get(`/editor/${id}/export/pptx`), 1);
    expect(xml).toMatch(/<a:pPr[^>]*algn="ctr"[^>]*>(?:(?!<\/a:p>).)*<a:t>Quarter<\/a:t>/s);
    expect(size(xml, "Quarter")).toBeLessThan(size(before, "Quarter"));
    expect(size(xml, " in Q3")).toBeGreaterThan(size(before, " in Q3"));
    // The slide has no subtitle: its format was not kept.
    const stored = await api(`/api/v1/ppt/presentation/${id}`, { key: null, headers: { cookie } });
    expect(stored.json.deck.slides[0].format).toEqual({
      title: { align: "center", size: -1 },
      bullets: { size: 1 },
    });
    // A size step outside -2…2 or a box name that is not one is a 422 naming the field.
    const bad = await fetch(`${baseUrl()}/api/v1/ppt/presentation/${id}`, {
      method: "PUT",
      headers: { cookie, origin: baseUrl(), "content-type": "application/json" },
      body: JSON.stringify({
        version: stored.json.version,
        deck: {
          ...stored.json.deck,
          slides: [{ ...stored.json.deck.slides[0], format: { bullets: { size: 3 }, "Not a box": {} } }],
        },
      }),
    });
    expect(bad.status).toBe(422);
    const problem = (await bad.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors.map((e) => e.message).join(" ")).toContain("A size step is from -2 to 2.");
    await save((deck) => {
      delete deck.slides[0].format;
    });
  });

  it("PDF: the highlighter is drawn behind the run's glyphs, and nowhere else", async () => {
    const pdfPath = path.join(work, "marks.pdf");
    writeFileSync(pdfPath, await get(`/editor/${id}/export/pdf`));
    // 1280 × 720 px: one pixel per slide unit.
    let png = new PNG();
    const rasterise = () => {
      const args = ["-scale-to-x", "1280", "-scale-to-y", "720", "-png", "-singlefile"];
      execFileSync("pdftoppm", [...args, pdfPath, path.join(work, "page")]);
      png = PNG.sync.read(readFileSync(path.join(work, "page.png")));
    };
    rasterise();
    const near = (x: number, y: number, hex: string, tolerance: number) => {
      const i = (y * png.width + x) * 4;
      const want = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
      return want.every((value, c) => Math.abs(png.data[i + c] - value) <= tolerance);
    };
    const countNear = (hex: string) => {
      let n = 0;
      for (let y = 0; y < png.height; y += 1)
        for (let x = 0; x < png.width; x += 1) if (near(x, y, hex, 24)) n += 1;
      return n;
    };
    const light = THEMES.light.palette;
    let left = png.width;
    let right = 0;
    let top = png.height;
    let bottom = 0;
    let count = 0;
    for (let y = 0; y < png.height; y += 1)
      for (let x = 0; x < png.width; x += 1)
        if (near(x, y, light.highlight, 6)) {
          count += 1;
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
    // One rectangle about one line tall and a couple of words wide, mostly filled.
    expect(count).toBeGreaterThan(1500);
    expect(bottom - top).toBeGreaterThan(20);
    expect(bottom - top).toBeLessThan(60);
    expect(right - left).toBeGreaterThan(120);
    expect(count / ((right - left + 1) * (bottom - top + 1))).toBeGreaterThan(0.5);
    // The run's dark glyphs are inside it, drawn over the highlighter.
    let glyphs = 0;
    for (let y = top; y <= bottom; y += 1)
      for (let x = left; x <= right; x += 1) if (near(x, y, light.text, 40)) glyphs += 1;
    expect(glyphs).toBeGreaterThan(100);
    // The accent run is drawn in the accent colour: the same slide without the mark has
    // (the template's own accent decorations aside) that many accent pixels fewer.
    const marked = countNear(light.accent);
    await save((deck) => {
      deck.slides[0].content.bullets = [
        "Revenue [doubled]{.underline} this year",
        "[Record margin]{.highlight} in Q3",
        "Costs fell sharply again",
      ];
    });
    writeFileSync(pdfPath, await get(`/editor/${id}/export/pdf`));
    rasterise();
    expect(marked - countNear(light.accent)).toBeGreaterThan(150);
  });
});
