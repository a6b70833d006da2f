// Brand templates over HTTP against the real server: a company's .pptx/.potx (LibreOffice's own
// Impress templates, converted by soffice — tests/unit/brand-templates/brand-template-files.ts) is
// uploaded, listed, read and deleted; decks named `custom-<id>` are generated (v1 sync, v3 async,
// from-json), previewed and exported in the brand's colours, checked on pixels poppler draws from
// the PDFs. Refusals are problems with the right status; another account's template is a 404.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { brandFonts, brandLook } from "@/lib/brand/brand-look";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import type { TCustomTemplateId, TDeck } from "@/lib/deck/schema";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { renderDeck } from "@/lib/render/render-deck";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import {
  brandTemplateFiles,
  missingLibreOffice,
  type TBrandFile,
  type TBrandFiles,
} from "../unit/brand-templates/brand-template-files";
import { api, baseUrl, download, pdfText, sessionCall, squash, UUID, zipEntry } from "./helpers";
import { structured, toolErrorText } from "./mcp-helpers";

const skip = missingLibreOffice();
const _LOOK_ID = "custom-00000000-0000-4000-8000-000000000000";
/** Blue Curve's master title colour, which its content slides' titles are drawn in. */
const BRAND_TITLE = "#DD4100";

type TUploadOptions = { key?: string; name?: string; fileName?: string };

/** POSTs one file as a brand template (multipart `file`, optional `name`). */
async function upload(bytes: Buffer, options: TUploadOptions & { fileName: string }) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), options.fileName);
  if (options.name !== undefined) form.append("name", options.name);
  const res = await fetch(`${baseUrl()}/api/v1/ppt/templates`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.key ?? inject("keyA")}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", json: JSON.parse(text), text };
}

/** Uploads a converted template of the account; its answer. */
async function uploaded(file: TBrandFile, options: TUploadOptions = {}) {
  const res = await upload(file.bytes, { fileName: file.name, ...options });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

type TRgb = [number, number, number];

const rgbOf = (hex: string): TRgb => {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** Page 1 of a PDF drawn by poppler at 640×360; the colour at (x, y). */
async function pdfPixels(pdf: Buffer): Promise<(x: number, y: number) => TRgb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-brand-"));
  try {
    fs.writeFileSync(path.join(dir, "deck.pdf"), pdf);
    execFileSync("pdftoppm", [
      "-png",
      "-f",
      "1",
      "-l",
      "1",
      "-scale-to-x",
      "640",
      "-scale-to-y",
      "360",
      "-singlefile",
      path.join(dir, "deck.pdf"),
      path.join(dir, "page"),
    ]);
    const { data, info } = await sharp(path.join(dir, "page.png"))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return (x, y) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether two colours are the same up to rasterising noise. */
function near(actual: TRgb, expected: string): boolean {
  return rgbOf(expected).every((v, i) => Math.abs(v - actual[i]) <= 6);
}

/**
 * The deck as the brand's look draws it, built here from the same file: what the server must have
 * drawn (the look does not depend on the template's id or name).
 */
async function lookOf(deck: TDeck, file: TBrandFile) {
  const brand = await readBrandTemplate(file.bytes);
  const look = await brandLook(brand, file.bytes, deck.template as TCustomTemplateId, file.name);
  return { look, pages: layoutDeck(deck, undefined, look) };
}

/** Every page of the server's PDF, rasterised, equals the look's own drawing of the same deck. */
async function expectDrawnInBrand(pdf: Buffer, deck: TDeck, file: TBrandFile): Promise<void> {
  const { look } = await lookOf(deck, file);
  const ours = (await renderDeck(deck, "pdf", undefined, look)).bytes;
  const [theirs, mine] = [await pdfPixels(pdf), await pdfPixels(ours)];
  let differing = 0;
  for (let y = 0; y < 360; y += 4)
    for (let x = 0; x < 640; x += 4) if (!near(theirs(x, y), hex(mine(x, y)))) differing++;
  expect(differing, "pixels of page 1 that differ from the look's drawing").toBeLessThan(30);
  // And not as the built-in General template would have drawn it.
  const general = (await renderDeck({ ...deck, template: "general", theme: "light" }, "pdf")).bytes;
  const plain = await pdfPixels(general);
  let unlike = 0;
  for (let y = 0; y < 360; y += 4)
    for (let x = 0; x < 640; x += 4) if (!near(theirs(x, y), hex(plain(x, y)))) unlike++;
  expect(unlike).toBeGreaterThan(500);
}

const hex = (rgb: TRgb) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/** The stored original of a brand template (local storage under the test server's data folder), or null. */
function storedOriginal(id: string): string | null {
  const root = path.join(inject("dataDir"), "files", "brand-templates");
  for (const owner of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const folder = path.join(root, owner, id);
    if (fs.existsSync(folder))
      return fs.readdirSync(folder).map((name) => path.join(folder, name))[0] ?? null;
  }
  return null;
}

/** Waits for a task to finish; its last view. */
async function finished(taskId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await api(`/api/v3/async-task/status/${taskId}`);
    expect(res.status).toBe(200);
    if (res.json.status === "completed" || res.json.status === "error") return res.json;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${taskId} did not finish`);
}

const SLIDES = [
  { layout: "title", content: { title: "Acme field report", subtitle: "Spring 2026" } },
  { layout: "section", content: { title: "Findings", subtitle: "What the crews saw" } },
  { layout: "bullets", content: { title: "Crews", bullets: ["North: 12 sites", "South: 9 sites"] } },
];

describe.skipIf(skip)("brand templates", () => {
  let files: TBrandFiles;
  const byName = (name: string) => {
    const file = files.converted.find((f) => f.name === name);
    if (!file) throw new Error(`no converted ${name}`);
    return file;
  };
  /** Blue Curve: LibreOffice's generic theme, an orange (#DD4100) master title on white. */
  let blueCurve: TBrandFile;
  let blueCurveBrand: TBrandTemplate;
  /** Lights: a dark gradient background (a full-slide cover) and white titles. */
  let lights: TBrandFile;
  let lightsBrand: TBrandTemplate;

  beforeAll(async () => {
    files = brandTemplateFiles();
    blueCurve = byName("Blue_Curve.pptx");
    lights = byName("Lights.pptx");
    blueCurveBrand = await readBrandTemplate(blueCurve.bytes);
    lightsBrand = await readBrandTemplate(lights.bytes);
  }, 600_000);

  it("uploads real templates (16:9, 4:3, a .potx) and answers what the reader reads from each file", async () => {
    const chosen = [
      byName("Blue_Curve.pptx"),
      byName("Lights.pptx"),
      byName("Vivid.pptx"),
      byName("Vintage.pptx"),
      files.potx,
    ];
    for (const file of chosen) {
      const brand = await readBrandTemplate(file.bytes);
      const res = await upload(file.bytes, { fileName: file.name });
      expect(res.status, `${file.name}: ${res.text}`).toBe(201);
      const answer = res.json;
      expect(answer.id).toMatch(UUID);
      expect(answer.template).toBe(`custom-${answer.id}`);
      const fonts = brandFonts(brand);
      expect(answer, file.name).toEqual({
        template: answer.template,
        id: answer.id,
        name: file.name.replace(/\.(pptx|potx)$/, ""),
        format: brand.format,
        aspect: brand.slideSize.aspect,
        slide_size: { width_emu: brand.slideSize.cx, height_emu: brand.slideSize.cy },
        fonts: {
          heading: {
            typeface: brand.text.title.font,
            drawn_with: fonts.heading.substitute ?? fonts.heading.typeface,
            match: fonts.heading.match,
            substitute: fonts.heading.substitute,
          },
          body: {
            typeface: brand.text.body.font,
            drawn_with: fonts.body.substitute ?? fonts.body.typeface,
            match: fonts.body.match,
            substitute: fonts.body.substitute,
          },
        },
        layouts: [...new Set(brand.masters.flatMap((m) => m.layouts.map((l) => l.name)))],
        warnings: brand.warnings,
        created_at: answer.created_at,
      });
      expect(Date.parse(answer.created_at)).toBeGreaterThan(Date.now() - 120_000);
    }
    // What the files are, so the table above is not vacuous.
    const answers = await api("/api/v1/ppt/templates");
    const mine = answers.json.custom_templates as { name: string; aspect: string; format: string }[];
    expect(mine.find((t) => t.name === "Vintage")?.aspect).toBe("4:3");
    expect(mine.find((t) => t.name === "Blue_Curve")?.aspect).toBe("16:9");
    expect(mine.find((t) => t.format === "potx")?.name).toBe(files.potx.name.replace(/\.potx$/, ""));
    const vivid = mine.find((t) => t.name === "Vivid") as unknown as {
      fonts: { heading: { substitute: string; match: string } };
    };
    // Vivid's Source Sans Pro is not ours: the answer names the stand-in, the closest by class.
    expect(vivid.fonts.heading).toMatchObject({ substitute: "Carlito", match: "substitute" });
  });

  it("takes a name, lists, reads by either id, and deletes; the built-ins stay as they were, on v1 and v3", async () => {
    const before = await api("/api/v1/ppt/templates");
    const made = await uploaded(blueCurve, { name: "  Acme 2026  " });
    expect(made.name).toBe("Acme 2026");
    const list = await api("/api/v1/ppt/templates");
    expect(list.status).toBe(200);
    expect(list.json.templates).toEqual(before.json.templates);
    expect(list.json.themes).toEqual(before.json.themes);
    expect(list.json.templates.map((t: { id: string }) => t.id)).toEqual([
      "general",
      "modern",
      "standard",
      "swift",
    ]);
    const listed = list.json.custom_templates.find((t: { id: string }) => t.id === made.id);
    expect(listed).toEqual({ ...made, custom: true });
    const v3 = await api("/api/v3/templates");
    expect(v3.status).toBe(200);
    expect(v3.json).toEqual(list.json);
    expect((await api(`/api/v1/ppt/templates/${made.template}`)).json).toEqual(made);
    expect((await api(`/api/v1/ppt/templates/${made.id}`)).json).toEqual(made);
    // Without a key: 401, as the built-in list always was.
    expect((await api("/api/v1/ppt/templates", { key: null })).status).toBe(401);

    const other = await api(`/api/v1/ppt/templates/${made.template}`, { key: inject("keyB") });
    const unknown = await api(`/api/v1/ppt/templates/custom-${crypto.randomUUID()}`, { key: inject("keyB") });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.json.code).toBe("not_found");
    expect(other.json.detail).toBe(`Template ${made.template} not found.`);
    const bList = await api("/api/v1/ppt/templates", { key: inject("keyB") });
    expect(bList.json.custom_templates.map((t: { id: string }) => t.id)).not.toContain(made.id);
    expect(
      (await api(`/api/v1/ppt/templates/${made.id}`, { key: inject("keyB"), method: "DELETE" })).status,
    ).toBe(404);
    expect((await api(`/api/v1/ppt/templates/${made.id}`)).status).toBe(200);

    // The original file is stored as uploaded; no deck names this template, so deleting removes it.
    const original = storedOriginal(made.id);
    expect(original && fs.readFileSync(original).equals(blueCurve.bytes)).toBe(true);
    const deleted = await api(`/api/v1/ppt/templates/${made.template}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(storedOriginal(made.id)).toBeNull();
    expect((await api(`/api/v1/ppt/templates/${made.template}`)).status).toBe(404);
    expect((await api(`/api/v1/ppt/templates/${made.template}`, { method: "DELETE" })).status).toBe(404);
    const after = await api("/api/v1/ppt/templates");
    expect(after.json.custom_templates.map((t: { id: string }) => t.id)).not.toContain(made.id);
    expect((await api("/api/v1/ppt/templates/not-an-id")).status).toBe(404);
  });

  it("refuses what is not a usable presentation with the right problem, storing nothing", async () => {
    const count = async () => (await api("/api/v1/ppt/templates")).json.custom_templates.length;
    const before = await count();
    const problem = (
      res: { status: number; type: string; json: { status: number; code: string } },
      status: number,
    ) => {
      expect(res.status).toBe(status);
      expect(res.type).toMatch(/^application\/problem\+json/);
      expect(res.json.status).toBe(status);
    };

    const text = await upload(Buffer.from("Quarterly notes, not slides.\n"), { fileName: "notes.pptx" });
    problem(text, 415);
    expect(text.json.detail).toBe("'notes.pptx' is not a PowerPoint file (.pptx or .potx).");
    expect(text.json.errors).toEqual([{ path: "file", message: text.json.detail }]);

    const truncated = await upload(blueCurve.bytes.subarray(0, Math.floor(blueCurve.bytes.length / 2)), {
      fileName: "half.pptx",
    });
    problem(truncated, 422);

    // A Word document is a ZIP package too: named for what it is.
    const docx = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/files/brief.docx"));
    const word = await upload(docx, { fileName: "brand.pptx" });
    problem(word, 415);
    expect(word.json.detail).toBe(
      "'brand.pptx' is a Word document, not a PowerPoint presentation or template (.pptx or .potx).",
    );
    expect(truncated.json.detail).toMatch(/^'half\.pptx' /);

    // A zip bomb: one entry declares 4 GB inflated; refused from the directory, before inflating.
    const bomb = Buffer.from(blueCurve.bytes);
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const central = bomb.readUInt32LE(end + 16);
    expect(bomb.readUInt32LE(central)).toBe(0x02014b50);
    bomb.writeUInt32LE(0xf0000000, central + 24);
    const refused = await upload(bomb, { fileName: "bomb.pptx" });
    problem(refused, 413);
    expect(refused.json.detail).toMatch(/^'bomb\.pptx' /);

    // Over MAX_UPLOAD_BYTES (25 MB): 413 naming the file, which is not read.
    const huge = await upload(Buffer.alloc(25 * 1024 * 1024 + 1), { fileName: "huge.pptx" });
    problem(huge, 413);
    expect(huge.json.detail).toContain("'huge.pptx' is larger than 25 MB");

    problem(await upload(blueCurve.bytes, { fileName: "x.pptx", name: "   " }), 422);
    const two = new FormData();
    two.append("file", new Blob([new Uint8Array(blueCurve.bytes)]), "a.pptx");
    two.append("file", new Blob([new Uint8Array(blueCurve.bytes)]), "b.pptx");
    const twice = await fetch(`${baseUrl()}/api/v1/ppt/templates`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("keyA")}` },
      body: two,
    });
    expect(twice.status).toBe(422);
    expect((await api("/api/v1/ppt/templates", { body: { file: "x" } })).status).toBe(415);
    expect((await api("/api/v1/ppt/templates", { method: "PUT", body: {} })).status).toBe(405);
    expect(await count()).toBe(before);
  });

  it("v1 generate (sync) draws the deck in the brand: the master's title colour, the brand's background", async () => {
    const { template } = await uploaded(blueCurve);
    // LibreOffice's generic theme: the brand's colour is the master's own title colour.
    expect(blueCurveBrand.text.title.color).toBe("DD4100");
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: {
        content: "# Field report\n\nNorth crews inspected twelve sites. South crews inspected nine sites.",
        n_slides: 3,
        template,
        export_as: "pdf",
      },
    });
    expect(res.status, res.text).toBe(200);
    const pdf = (await download(res.json.path)).bytes;
    expect(squash(pdfText(pdf))).toContain("Field report");
    const deck = await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    expect(deck.json.deck.template).toBe(template);
    await expectDrawnInBrand(pdf, deck.json.deck, blueCurve);
    // Content slides' titles are in the master's title colour, which reads on Blue Curve's white.
    const { pages } = await lookOf(deck.json.deck, blueCurve);
    const titles = pages
      .slice(1)
      .flatMap((page) => page.boxes)
      .filter((box) => box.kind === "text" && box.role === "title");
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.kind === "text" && title.color).toBe("#DD4100");
  });

  it("v3 generate (async) lays a deck on a gradient brand: its background, not the theme's white", async () => {
    const { template } = await uploaded(lights);
    expect(lightsBrand.background.kind).toBe("gradient");
    const queued = await api("/api/v3/presentation/generate/async", {
      body: {
        slides: [
          { content: "# Lights on\nA show of what the night crews do.", layout: "title" },
          { content: "## Crews\n- North\n- South", layout: "bullets" },
        ],
        standard_template: template,
        export_as: "pdf",
      },
    });
    expect(queued.status, queued.text).toBe(202);
    const task = await finished(queued.json.id);
    expect(task.status, JSON.stringify(task.error)).toBe("completed");
    const pdf = (await download(task.data.path)).bytes;
    expect(squash(pdfText(pdf))).toContain("Lights on");
    const deck = await api(`/api/v1/ppt/presentation/${task.data.presentation_id}`);
    await expectDrawnInBrand(pdf, deck.json.deck, lights);
    // The gradient is drawn as the file has it: not one flat colour across the cover.
    const pixel = await pdfPixels(pdf);
    expect(near(pixel(20, 20), hex(pixel(620, 340)))).toBe(false);
  });

  it("refuses another account's, an unknown or a malformed template, and a theme sent with a brand template", async () => {
    const { template } = await uploaded(blueCurve);
    const fromJson = (body: Record<string, unknown>, key?: string) =>
      api("/api/v1/ppt/presentation/create/from-json", { key, body: { slides: SLIDES, ...body } });

    const theirs = await fromJson({ template }, inject("keyB"));
    expect(theirs.status).toBe(404);
    expect(theirs.json.detail).toBe(`Template ${template} not found.`);
    const unknownId = `custom-${crypto.randomUUID()}`;
    expect((await fromJson({ template: unknownId })).json.detail).toBe(`Template ${unknownId} not found.`);
    const v1 = await api("/api/v1/ppt/presentation/generate", {
      key: inject("keyB"),
      body: { content: "Tea.", template },
    });
    expect(v1.status).toBe(404);
    const v1Async = await api("/api/v1/ppt/presentation/generate/async", {
      key: inject("keyB"),
      body: { content: "Tea.", template },
    });
    expect(v1Async.status).toBe(404);

    const malformed = await fromJson({ template: "custom-acme" });
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors[0].path).toBe("template");

    const themed = await fromJson({ template, theme: "dark" });
    expect(themed.status).toBe(422);
    expect(themed.json.errors).toEqual([
      { path: "theme", message: expect.stringContaining("its own colours") },
    ]);
    const themedV3 = await api("/api/v3/presentation/generate", {
      body: { slides: [{ content: "# Tea" }], standard_template: template, theme: "light" },
    });
    expect(themedV3.status).toBe(422);
    expect(themedV3.json.errors[0].path).toBe("theme");
    // null is "not given".
    const untouched = await fromJson({ template, theme: null });
    expect(untouched.status, untouched.text).toBe(200);
    expect(untouched.json.credits_consumed).toBeGreaterThan(0);
  });

  it("a deleted template still previews, saves and exports its decks, but no new deck can use it", async () => {
    const { template, id } = await uploaded(blueCurve);
    const made = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { title: "Acme field report", template, slides: SLIDES, export_as: "pdf" },
    });
    expect(made.status, made.text).toBe(200);
    const presentationId = made.json.presentation_id;
    expect((await api(`/api/v1/ppt/templates/${id}`, { method: "DELETE" })).status).toBe(204);
    // A deck names it: the original file stays.
    expect(storedOriginal(id)).toMatch(/original\.pptx$/);

    // New decks: 404.
    const again = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { template, slides: SLIDES },
    });
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe(`Template ${template} not found.`);

    // The editor's preview lays it out in the brand, as the look draws it.
    const detail = await api(`/api/v1/ppt/presentation/${presentationId}`);
    const preview = await api("/api/v1/ppt/layout", { body: { deck: detail.json.deck } });
    expect(preview.status, preview.text).toBe(200);
    const { pages } = await lookOf(detail.json.deck, blueCurve);
    expect(preview.json.slides.map((page: { background: string }) => page.background)).toEqual(
      pages.map((page) => page.background),
    );
    // The dashboard's thumbnails too.
    const listed = await api("/api/v1/ppt/presentations");
    const item = listed.json.items.find(
      (p: { presentation_id: string }) => p.presentation_id === presentationId,
    );
    expect(item.template).toBe(template);
    expect(item.thumbnail.boxes.length).toBeGreaterThan(0);

    // Saving it (the editor's PUT) keeps its template; a new version exports in the brand.
    const saved = await api(`/api/v1/ppt/presentation/${presentationId}`, {
      method: "PUT",
      body: {
        version: detail.json.version,
        deck: { ...detail.json.deck, title: "Acme field report, revised" },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const exported = await api(`/api/v1/ppt/presentation/${presentationId}/export`, {
      body: { export_as: "pdf" },
    });
    expect(exported.status, exported.text).toBe(200);
    const pdf = (await download(exported.json.path)).bytes;
    const revised = await api(`/api/v1/ppt/presentation/${presentationId}`);
    await expectDrawnInBrand(pdf, revised.json.deck, blueCurve);
    const pptx = await api(`/api/v1/ppt/presentation/${presentationId}/export`, {
      body: { export_as: "pptx" },
    });
    expect(pptx.status, pptx.text).toBe(200);
    // Written on the uploaded file's master: its theme, not pptxgenjs'.
    const written = (await download(pptx.json.path)).bytes;
    expect(zipEntry(written, "ppt/theme/theme1.xml")).toBe(zipEntry(blueCurve.bytes, "ppt/theme/theme1.xml"));

    // Switching another deck to the deleted template: 404; to a live one of the account: saved.
    const plain = await api("/api/v1/ppt/presentation/create/from-json", { body: { slides: SLIDES } });
    const plainDeck = await api(`/api/v1/ppt/presentation/${plain.json.presentation_id}`);
    const switched = await api(`/api/v1/ppt/presentation/${plain.json.presentation_id}`, {
      method: "PUT",
      body: { version: plainDeck.json.version, deck: { ...plainDeck.json.deck, template } },
    });
    expect(switched.status).toBe(404);
    const live = await uploaded(lights);
    const toLive = await api(`/api/v1/ppt/presentation/${plain.json.presentation_id}`, {
      method: "PUT",
      body: { version: plainDeck.json.version, deck: { ...plainDeck.json.deck, template: live.template } },
    });
    expect(toLive.status, toLive.text).toBe(200);
    const theirs = await api(`/api/v1/ppt/presentation/${plain.json.presentation_id}`);
    expect(theirs.json.deck.template).toBe(live.template);
  });
  it("names the brand's own pictures by URL to browsers: a photo background is fetched once, not inlined on every page", async () => {
    const freshes = byName("Freshes.pptx");
    const { template } = await uploaded(freshes);
    const made = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { title: "Acme field report", template, slides: SLIDES },
    });
    expect(made.status, made.text).toBe(200);
    const detail = await api(`/api/v1/ppt/presentation/${made.json.presentation_id}`);
    const preview = await api("/api/v1/ppt/layout", { body: { deck: detail.json.deck } });
    expect(preview.status, preview.text).toBe(200);
    // Every page shows the file's photo, named by URL: the answer stays small.
    expect(preview.text.length).toBeLessThan(200_000);
    expect(preview.text).not.toContain("data:image/jpeg");
    const srcs = new Set<string>(
      preview.json.slides.flatMap((page: { boxes: { kind: string; id: string; src?: string }[] }) =>
        page.boxes.filter((box) => box.kind === "image" && box.id.startsWith("brand-")).map((box) => box.src),
      ),
    );
    expect(srcs.size).toBeGreaterThan(0);
    const { look } = await lookOf(detail.json.deck, freshes);
    for (const src of srcs) {
      expect(src).toMatch(new RegExp(`^/media/brand/${template}/[0-9a-f]{64}$`));
      // Open to whoever holds the URL (a share page's viewer), the picture the look draws.
      const res = await fetch(`${baseUrl()}${src}`);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("cache-control")).toContain("immutable");
      const bytes = Buffer.from(await res.arrayBuffer());
      const drawn = look.pictures.find((p) => p.endsWith(bytes.toString("base64")));
      expect(drawn, src).toBeDefined();
    }
    // Another hash, or a template that does not exist: 404.
    const [one] = [...srcs];
    expect((await fetch(`${baseUrl()}${one.replace(/[0-9a-f]{64}$/, "0".repeat(64))}`)).status).toBe(404);
    expect(
      (await fetch(`${baseUrl()}${one.replace(template, `custom-${crypto.randomUUID()}`)}`)).status,
    ).toBe(404);
  });

  it("the editor, its overview, presenter view and downloads, and a share page draw a brand deck, before and after deletion", async () => {
    const user = uniqueUser("brand-pages");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    const key = (await sessionCall("/api/account/keys", { cookie, body: { name: "brand-pages" } })).json
      .secret;
    const { template, id } = await uploaded(blueCurve, { key });
    const made = await api("/api/v1/ppt/presentation/create/from-json", {
      key,
      body: { title: "Acme field report", template, slides: SLIDES },
    });
    expect(made.status, made.text).toBe(200);
    const deckId = made.json.presentation_id;
    const share = await api(`/api/v3/presentation/${deckId}/share-links`, { key, body: {} });
    expect(share.status, share.text).toBe(201);
    const sharePath = new URL(share.json.url).pathname;

    const check = async () => {
      for (const page of [`/editor/${deckId}`, `/editor/${deckId}/overview`, `/editor/${deckId}/presenter`]) {
        const res = await sessionCall(page, { cookie });
        expect(res.status, page).toBe(200);
        // The pages carry the laid-out boxes: titles in the master's title colour.
        expect(res.text, page).toContain(BRAND_TITLE);
      }
      const shared = await sessionCall(sharePath, { cookie: null });
      expect(shared.status).toBe(200);
      expect(shared.text).toContain(BRAND_TITLE);
      const pdf = await fetch(`${baseUrl()}/editor/${deckId}/export/pdf`, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      const saved = await api(`/api/v1/ppt/presentation/${deckId}`, { key });
      await expectDrawnInBrand(Buffer.from(await pdf.arrayBuffer()), saved.json.deck, blueCurve);
    };
    await check();
    expect((await api(`/api/v1/ppt/templates/${id}`, { key, method: "DELETE" })).status).toBe(204);
    await check();
  });
  it("MCP: list_templates names the account's brand templates, generate_presentation draws one and refuses another account's", async () => {
    const connect = async (key: string) => {
      const client = new Client({ name: "deckforge-brand-tests", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    };
    const alice = await connect(inject("keyA"));
    const bob = await connect(inject("keyB"));
    try {
      const made = await uploaded(blueCurve, { name: "MCP brand" });
      const overview = structured(await alice.callTool({ name: "list_templates", arguments: {} }));
      const rest = await api("/api/v1/ppt/templates");
      expect(overview.custom_templates).toEqual(rest.json.custom_templates);
      expect(overview.custom_templates).toContainEqual({ ...made, custom: true });
      const theirs = structured(await bob.callTool({ name: "list_templates", arguments: {} }));
      expect(theirs.custom_templates.map((t: { id: string }) => t.id)).not.toContain(made.id);

      const args = {
        content: "# Field report\n\nNorth crews inspected twelve sites.",
        n_slides: 2,
        export_as: "pdf",
      };
      const result = structured(
        await alice.callTool({
          name: "generate_presentation",
          arguments: { ...args, template: made.template },
        }),
      );
      const pdf = (await download(result.path)).bytes;
      const deck = await api(`/api/v1/ppt/presentation/${result.presentation_id}`, { key: inject("keyA") });
      await expectDrawnInBrand(pdf, deck.json.deck, blueCurve);
      expect(
        toolErrorText(
          await bob.callTool({
            name: "generate_presentation",
            arguments: { ...args, template: made.template },
          }),
        ),
      ).toContain(`Template ${made.template} not found.`);
      expect(
        toolErrorText(
          await alice.callTool({
            name: "generate_presentation",
            arguments: { ...args, template: made.template, theme: "dark" },
          }),
        ),
      ).toContain("its own colours");
    } finally {
      await alice.close();
      await bob.close();
    }
  });
});
