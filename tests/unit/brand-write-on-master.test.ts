/**
 * writeOnMaster on real brand files: LibreOffice's converted Impress templates (a 4:3 one among
 * them), a .potx, a file with a logo on its master and one with a distinctive theme, each given a
 * sample slide with text, a picture only it uses and speaker notes, and an outline view listing
 * it, as a company's template has.
 * The generated input is a branded deck from the real pipeline (layoutDeck, prepareImages,
 * renderPptx) in a plain look of the brand's colours (brand-templates/plain-brand-look.ts). The result is checked part by part, for package consistency, and
 * by converting every result to PDF in one LibreOffice run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import { type TMasterPage, writeOnMaster } from "@/lib/brand/write-on-master";
import type { TDeck } from "@/lib/deck/schema";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { renderPptx } from "@/lib/render/pptx/render-pptx";
import { prepareImages } from "@/lib/render/prepare-images";
import {
  brandTemplateFiles,
  DISTINCTIVE,
  missingLibreOffice,
  type TBrandFile,
  type TLogoRecipe,
  withDistinctiveTheme,
  withLogo,
} from "./brand-templates/brand-template-files";
import { plainBrandLook } from "./brand-templates/plain-brand-look";
import { SAMPLE_DECK } from "./render-sample-deck";

const missing = missingLibreOffice();
if (missing) console.warn(`brand-write-on-master: skipped: ${missing}`);

const SAMPLE_TEXT = "Acme sample slide, not for decks";
const SAMPLE_NOTES = "Acme sample speaker notes";
const SAMPLE_PICTURE = "ppt/media/acme-sample-only.png";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

type TCase = {
  name: string;
  upload: Buffer;
  brand: TBrandTemplate;
  generated: Buffer;
  pages: TMasterPage[];
  merged: Buffer;
  /** The same pages without their titles, so no title box becomes a placeholder. */
  plain: Buffer;
  logo?: TLogoRecipe;
};

/** The sample deck with a picture slide and a chart slide, on the brand template. */
const DECK: TDeck = {
  ...SAMPLE_DECK,
  template: "custom-00000000-0000-4000-8000-000000000018",
  slides: [
    ...SAMPLE_DECK.slides,
    {
      id: "s7",
      layout: "image-right",
      content: {
        title: "The team behind it",
        body: "Twelve people across three offices.",
        image: { query: "team at work", alt: "The team" },
      },
    },
    {
      id: "s8",
      layout: "chart",
      content: {
        title: "Revenue by region",
        chart: {
          type: "column",
          categories: ["Q1", "Q2", "Q3"],
          series: [
            { name: "EU", values: [3, 4, 5] },
            { name: "US", values: [2, 3, 6] },
          ],
        },
      },
    },
  ],
};

const ROLES: Record<string, TMasterPage["role"]> = { title: "title", closing: "title", section: "section" };

/**
 * The file with text, a picture and notes on its first slide, the way a company's template
 * carries a sample slide: nothing of it may reach a generated deck.
 */
async function withSampleSlide(file: TBrandFile): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file.bytes);
  const slide = "ppt/slides/slide1.xml";
  const xml = await zip.file(slide)?.async("string");
  if (!xml) throw new Error(`${file.name} has no ${slide}`);
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(120);
  zip.file(SAMPLE_PICTURE, PNG.sync.write(image));
  const shapes =
    `<p:sp><p:nvSpPr><p:cNvPr id="990" name="Sample text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr><a:xfrm><a:off x="100000" y="100000"/><a:ext cx="4000000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>` +
    `<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>${SAMPLE_TEXT}</a:t></a:r></a:p></p:txBody></p:sp>` +
    `<p:pic><p:nvPicPr><p:cNvPr id="991" name="Sample picture"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="rIdSamplePicture"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr><a:xfrm><a:off x="100000" y="700000"/><a:ext cx="500000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
  zip.file(slide, xml.replace("</p:spTree>", `${shapes}</p:spTree>`));
  const relsPart = "ppt/slides/_rels/slide1.xml.rels";
  const rels = (await zip.file(relsPart)?.async("string")) ?? "";
  zip.file(
    relsPart,
    rels.replace(
      "</Relationships>",
      `<Relationship Id="rIdSamplePicture" Type="${REL}/image" Target="../media/acme-sample-only.png"/>` +
        `<Relationship Id="rIdSampleNotes" Type="${REL}/notesSlide" Target="../notesSlides/notesSlide1.xml"/></Relationships>`,
    ),
  );
  zip.file(
    "ppt/notesSlides/notesSlide1.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:notes xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="${REL}">` +
      `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>` +
      `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Notes"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>${SAMPLE_NOTES}</a:t></a:r></a:p></p:txBody></p:sp>` +
      `</p:spTree></p:cSld></p:notes>`,
  );
  zip.file(
    "ppt/notesSlides/_rels/notesSlide1.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/slide" Target="../slides/slide1.xml"/></Relationships>`,
  );
  // Saved in outline view, PowerPoint lists the slides in viewProps, by relationship.
  if (zip.file("ppt/viewProps.xml")) throw new Error(`${file.name} has a viewProps part already`);
  zip.file(
    "ppt/viewProps.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:viewPr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="${REL}" lastView="outlineView">` +
      `<p:outlineViewPr><p:cViewPr><p:origin x="0" y="0"/></p:cViewPr><p:sldLst><p:sld r:id="rIdOutline1" collapse="1"/></p:sldLst></p:outlineViewPr></p:viewPr>`,
  );
  zip.file(
    "ppt/_rels/viewProps.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdOutline1" Type="${REL}/slide" Target="slides/slide1.xml"/></Relationships>`,
  );
  const presentationRels = "ppt/_rels/presentation.xml.rels";
  zip.file(
    presentationRels,
    ((await zip.file(presentationRels)?.async("string")) ?? "").replace(
      "</Relationships>",
      `<Relationship Id="rIdViewProps" Type="${REL}/viewProps" Target="viewProps.xml"/></Relationships>`,
    ),
  );
  let types = (await zip.file("[Content_Types].xml")?.async("string")) ?? "";
  types = types.replace(
    "</Types>",
    `<Override PartName="/ppt/notesSlides/notesSlide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"/>` +
      `<Override PartName="/ppt/viewProps.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.viewProps+xml"/></Types>`,
  );
  if (!/Extension="png"/i.test(types))
    types = types.replace("<Default ", '<Default Extension="png" ContentType="image/png"/><Default ');
  zip.file("[Content_Types].xml", types);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/**
 * A case: the file with a sample slide, a branded deck generated on it and the two merged.
 * `masterColors` lays the deck out as the look does for a stock theme, in the master's own title
 * colour (here a transformed scheme colour) as its accent.
 */
async function makeCase(
  name: string,
  file: TBrandFile,
  options: { logo?: TLogoRecipe; masterColors?: boolean } = {},
): Promise<TCase> {
  const { logo, masterColors } = options;
  const upload = await withSampleSlide(file);
  const brand = await readBrandTemplate(upload);
  const lookOf = masterColors ? { ...brand, theme: { ...brand.theme, generic: true } } : brand;
  const look = plainBrandLook(lookOf, DECK.template as `custom-${string}`, name);
  const slides = layoutDeck(DECK, undefined, look);
  const generated = await renderPptx(DECK, slides, await prepareImages(slides));
  const pages = slides.map((slide): TMasterPage => {
    const source = DECK.slides.find((s) => s.id === slide.slideId);
    const role = ROLES[source?.layout ?? ""] ?? "content";
    // The look's background stands in for the layout's everywhere but on the section slide, whose
    // accent is the deck's own.
    return { role, title: source?.content.title, ...(role === "section" ? {} : { background: "layout" }) };
  });
  const merged = await writeOnMaster(generated, upload, brand, pages);
  const plain = await writeOnMaster(
    generated,
    upload,
    brand,
    pages.map((page) => ({ role: page.role })),
  );
  return { name, upload, brand, generated, pages, merged, plain, logo };
}

/** A package's parts as text (XML) or bytes, and relationship helpers. */
type TPackage = {
  names: string[];
  bytes(name: string): Promise<Buffer>;
  text(name: string): Promise<string>;
  rels(source: string): Promise<{ id: string; type: string; target: string; external: boolean }[]>;
};

async function open(bytes: Buffer): Promise<TPackage> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
  const find = (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`no part ${name}`);
    return file;
  };
  const pkg: TPackage = {
    names,
    bytes: async (name) => Buffer.from(await find(name).async("uint8array")),
    text: (name) => find(name).async("string"),
    async rels(source) {
      const slash = source.lastIndexOf("/");
      const relsName =
        source === "" ? "_rels/.rels" : `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
      if (!zip.file(relsName)) return [];
      const xml = await pkg.text(relsName);
      return [...xml.matchAll(/<Relationship\b([^>]*)\/>/g)].map(([, attrs]) => {
        const get = (key: string) => new RegExp(`\\b${key}="([^"]*)"`).exec(attrs)?.[1] ?? "";
        const external = get("TargetMode") === "External";
        return {
          id: get("Id"),
          type: get("Type"),
          target: external ? get("Target") : resolve(source, get("Target")),
          external,
        };
      });
    },
  };
  return pkg;
}

function resolve(source: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = source.split("/").slice(0, -1);
  for (const segment of decodeURI(target).split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

const kind = (type: string) => type.slice(type.lastIndexOf("/") + 1);

/** The slides of a package in presentation order. */
async function slidesOf(pkg: TPackage): Promise<string[]> {
  const rels = await pkg.rels("ppt/presentation.xml");
  const xml = await pkg.text("ppt/presentation.xml");
  return [...xml.matchAll(/<p:sldId [^>]*r:id="([^"]+)"/g)].map(([, id]) => {
    const rel = rels.find((r) => r.id === id);
    if (!rel) throw new Error(`sldId names ${id}, which is no relationship`);
    return rel.target;
  });
}

const texts = (xml: string) => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]);

/**
 * What PowerPoint checks before it offers to repair a file: every part has a content type and
 * every Override names a part; every relationships part belongs to a part; ids are unique and
 * every internal target exists; every r:… reference in an XML part is one of its relationships;
 * slide ids are unique and at least 256, each naming a slide relationship.
 */
async function packageProblems(pkg: TPackage): Promise<string[]> {
  const problems: string[] = [];
  const names = new Set(pkg.names);
  const types = await pkg.text("[Content_Types].xml");
  const defaults = new Set(
    [...types.matchAll(/<Default Extension="([^"]+)"/g)].map((m) => m[1].toLowerCase()),
  );
  const overrides = [...types.matchAll(/<Override PartName="\/([^"]+)"/g)].map((m) => m[1]);
  for (const name of overrides) if (!names.has(name)) problems.push(`Override for a missing part ${name}`);
  if (new Set(overrides).size !== overrides.length) problems.push("an Override given twice");
  for (const name of names) {
    if (name === "[Content_Types].xml") continue;
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
    if (!overrides.includes(name) && !defaults.has(ext)) problems.push(`no content type for ${name}`);
  }
  for (const name of names.values()) {
    if (!name.endsWith(".rels")) continue;
    const source = name === "_rels/.rels" ? "" : name.replace(/_rels\/([^/]+)\.rels$/, "$1");
    if (source && !names.has(source)) problems.push(`${name} belongs to no part`);
    const rels = await pkg.rels(source);
    const ids = rels.map((r) => r.id);
    if (new Set(ids).size !== ids.length) problems.push(`${name} repeats an Id`);
    for (const rel of rels)
      if (!rel.external && !names.has(rel.target))
        problems.push(`${name}: ${rel.id} → missing ${rel.target}`);
    if (source.endsWith(".xml")) {
      const xml = await pkg.text(source);
      for (const [, id] of xml.matchAll(/\br:(?:id|embed|link|pict)="([^"]*)"/g))
        if (id && !ids.includes(id)) problems.push(`${source} refers to ${id}, not in ${name}`);
    }
  }
  const presentation = await pkg.text("ppt/presentation.xml");
  const slideIds = [...presentation.matchAll(/<p:sldId id="(\d+)"/g)].map((m) => Number(m[1]));
  if (new Set(slideIds).size !== slideIds.length) problems.push("a slide id given twice");
  if (slideIds.some((id) => id < 256 || id > 2147483647)) problems.push("a slide id out of range");
  const slideRels = (await pkg.rels("ppt/presentation.xml")).filter((r) => kind(r.type) === "slide");
  if (slideRels.length !== slideIds.length) problems.push("slide relationships and slide ids differ");
  return problems;
}

/** Parts of `upload` only its slides reach (the sample slides, their notes and pictures). */
async function sampleOnlyParts(upload: TPackage): Promise<string[]> {
  const reach = async (start: string[], skip: (source: string, type: string) => boolean) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const part = queue.pop() as string;
      if (seen.has(part)) continue;
      seen.add(part);
      for (const rel of await upload.rels(part))
        if (!rel.external && !skip(part, rel.type) && upload.names.includes(rel.target))
          queue.push(rel.target);
    }
    return seen;
  };
  const withoutSlides = await reach(["ppt/presentation.xml"], (_, type) => kind(type) === "slide");
  const slides = await reach(await slidesOf(upload), () => false);
  return [...slides].filter((part) => !withoutSlides.has(part));
}

const cases: TCase[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-write-on-master-"));
let pdfPages = new Map<string, number>();
let pdfText = new Map<string, string>();
/** pdftotext -bbox of each PDF: its pages and words with their boxes in points. */
let pdfWords = new Map<string, string>();
/** The cases also written without title placeholders, to compare LibreOffice's rendering. */
const PLAIN = ["logo", "four-three"];

/** Each page's words with their boxes. */
function wordBoxes(bbox: string): { word: string; box: number[] }[][] {
  return bbox
    .split("<page ")
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({ word: m[5], box: m.slice(1, 5).map(Number) })),
    );
}

beforeAll(async () => {
  if (missing) return;
  const files = brandTemplateFiles();
  const named = (name: string) => {
    const file = files.converted.find((f) => f.name === `${name}.pptx`);
    if (!file) throw new Error(`no converted ${name}`);
    return file;
  };
  const logo = await withLogo(named("Beehive"));
  const distinctive = await withDistinctiveTheme(named("DNA"));
  cases.push(
    await makeCase("potx", files.potx),
    await makeCase("logo", logo.file, { logo: logo.recipe }),
    await makeCase("distinctive", distinctive),
    await makeCase("master-colour", distinctive, { masterColors: true }),
    await makeCase("four-three", named("Vintage")),
    await makeCase("sunset", named("Sunset")),
  );
  const names = [...cases.map((c) => c.name), ...PLAIN.map((name) => `${name}-plain`)];
  for (const c of cases) {
    fs.writeFileSync(path.join(work, `${c.name}.pptx`), c.merged);
    if (PLAIN.includes(c.name)) fs.writeFileSync(path.join(work, `${c.name}-plain.pptx`), c.plain);
  }
  const result = spawnSync(
    "soffice",
    [
      `-env:UserInstallation=file://${work}/profile`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      work,
      ...names.map((name) => path.join(work, `${name}.pptx`)),
    ],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
  pdfPages = new Map(
    cases.map((c) => {
      const info = execFileSync("pdfinfo", [path.join(work, `${c.name}.pdf`)], { encoding: "utf8" });
      return [c.name, Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])];
    }),
  );
  pdfText = new Map(
    cases.map((c) => [
      c.name,
      execFileSync("pdftotext", [path.join(work, `${c.name}.pdf`), "-"], { encoding: "utf8" }),
    ]),
  );
  pdfWords = new Map(
    names.map((name) => [
      name,
      execFileSync("pdftotext", ["-bbox", path.join(work, `${name}.pdf`), "-"], { encoding: "utf8" }),
    ]),
  );
}, 600_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.skipIf(!!missing)("writeOnMaster", () => {
  it("writes a consistent package: content types, relationships, references and slide ids", async () => {
    for (const c of cases) expect(await packageProblems(await open(c.merged)), c.name).toEqual([]);
  });

  it("keeps the uploaded themes, masters and every layout, each listed under its master", async () => {
    for (const c of cases) {
      const [merged, upload] = [await open(c.merged), await open(c.upload)];
      expect(await merged.bytes(c.brand.theme.part), c.name).toEqual(await upload.bytes(c.brand.theme.part));
      const presentation = await merged.rels("ppt/presentation.xml");
      const masters = presentation.filter((r) => kind(r.type) === "slideMaster").map((r) => r.target);
      expect(masters, c.name).toEqual(c.brand.masters.map((m) => m.part));
      for (const master of c.brand.masters) {
        expect(await merged.bytes(master.part)).toEqual(await upload.bytes(master.part));
        expect(await merged.bytes(master.themePart)).toEqual(await upload.bytes(master.themePart));
        const rels = await merged.rels(master.part);
        const listed = [
          ...(await merged.text(master.part)).matchAll(/<p:sldLayoutId [^>]*r:id="([^"]+)"/g),
        ].map(([, id]) => rels.find((r) => r.id === id)?.target);
        expect(listed, `${c.name} ${master.part}`).toEqual(master.layouts.map((l) => l.part));
        for (const layout of master.layouts)
          expect(await merged.bytes(layout.part)).toEqual(await upload.bytes(layout.part));
      }
    }
  });

  it("keeps the upload's embedded fonts and their list", async () => {
    const c = cases.find((x) => x.name === "distinctive") as TCase;
    const [merged, upload] = [await open(c.merged), await open(c.upload)];
    const presentation = await merged.text("ppt/presentation.xml");
    expect(presentation).toContain(`<p:font typeface="${DISTINCTIVE.embeddedFont.typeface}"/>`);
    expect(c.brand.embeddedFonts.flatMap((f) => f.styles)).toHaveLength(2);
    const rels = await merged.rels("ppt/presentation.xml");
    for (const style of c.brand.embeddedFonts.flatMap((f) => f.styles)) {
      expect(await merged.bytes(style.part)).toEqual(await upload.bytes(style.part));
      expect(rels.map((r) => r.target)).toContain(style.part);
    }
  });

  it("drops the sample slides, their notes and the picture only they used", async () => {
    for (const c of cases) {
      const [merged, upload] = [await open(c.merged), await open(c.upload)];
      const only = await sampleOnlyParts(upload);
      expect(only, c.name).toContain(SAMPLE_PICTURE);
      expect(only, c.name).toContain("ppt/notesSlides/notesSlide1.xml");
      for (const part of only) {
        if (!merged.names.includes(part)) continue;
        // A name may be reused by a generated part, never with the sample's bytes.
        expect(await merged.bytes(part), `${c.name} ${part}`).not.toEqual(await upload.bytes(part));
      }
      expect(merged.names).not.toContain(SAMPLE_PICTURE);
      // The outline view's list named a sample slide; the view settings stay, without it.
      const view = await merged.text("ppt/viewProps.xml");
      expect(view, c.name).toContain('lastView="outlineView"');
      expect(view, c.name).not.toContain("rIdOutline1");
      for (const name of merged.names.filter((n) => n.endsWith(".xml") || n.endsWith(".rels"))) {
        const xml = await merged.text(name);
        expect(xml, `${c.name} ${name}`).not.toContain(SAMPLE_TEXT);
        expect(xml, `${c.name} ${name}`).not.toContain(SAMPLE_NOTES);
        expect(xml, `${c.name} ${name}`).not.toContain("acme-sample-only");
      }
    }
  });

  it("holds the generated slides in order, with their text, notes and chart, each on its role's layout", async () => {
    for (const c of cases) {
      const [merged, generated] = [await open(c.merged), await open(c.generated)];
      const mergedSlides = await slidesOf(merged);
      const generatedSlides = await slidesOf(generated);
      expect(mergedSlides.length, c.name).toBe(generatedSlides.length);
      expect(mergedSlides.length).toBe(c.pages.length);
      for (const [i, slide] of mergedSlides.entries()) {
        expect(texts(await merged.text(slide)), `${c.name} slide ${i + 1}`).toEqual(
          texts(await generated.text(generatedSlides[i])),
        );
        const rels = await merged.rels(slide);
        const ref = c.brand.roles[c.pages[i].role] ?? c.brand.roles.content;
        const layout = c.brand.masters[ref?.master ?? 0].layouts[ref?.layout ?? 0].part;
        expect(rels.filter((r) => kind(r.type) === "slideLayout").map((r) => r.target)).toEqual([layout]);
        const notes = rels.find((r) => kind(r.type) === "notesSlide");
        const source = DECK.slides[i];
        if (source.notes) {
          expect(notes, `${c.name} slide ${i + 1} notes`).toBeDefined();
          expect(texts(await merged.text(notes?.target ?? "")).join(" ")).toContain(source.notes);
        }
      }
      // The picture slide's media, copied with the bytes the generated deck had.
      const pictureSlide = DECK.slides.findIndex((s) => s.layout === "image-right");
      const images = (await merged.rels(mergedSlides[pictureSlide])).filter((r) => kind(r.type) === "image");
      const genImages = (await generated.rels(generatedSlides[pictureSlide])).filter(
        (r) => kind(r.type) === "image",
      );
      expect(images.length, c.name).toBeGreaterThan(0);
      expect(images.length).toBe(genImages.length);
      for (const [k, image] of images.entries())
        expect(await merged.bytes(image.target)).toEqual(await generated.bytes(genImages[k].target));
      const chartSlide = mergedSlides[mergedSlides.length - 1];
      const chart = (await merged.rels(chartSlide)).find((r) => kind(r.type) === "chart");
      expect(chart, c.name).toBeDefined();
      const workbook = (await merged.rels(chart?.target ?? "")).find((r) => kind(r.type) === "package");
      expect(merged.names).toContain(workbook?.target);
      // Nothing of pptxgenjs' own master, layout or theme came along.
      const presentation = await merged.rels("ppt/presentation.xml");
      expect(presentation.filter((r) => kind(r.type) === "slideMaster")).toHaveLength(c.brand.masters.length);
      const layouts = merged.names.filter((n) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(n));
      expect(layouts.sort()).toEqual(c.brand.masters.flatMap((m) => m.layouts.map((l) => l.part)).sort());
    }
  });

  it("writes a presentation, at the upload's slide size, with slides fitted inside it", async () => {
    for (const c of cases) {
      const merged = await open(c.merged);
      const types = await merged.text("[Content_Types].xml");
      expect(types).toContain(
        'PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"',
      );
      expect(types).not.toContain("template.main+xml");
      const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(await merged.text("ppt/presentation.xml"));
      expect([Number(size?.[1]), Number(size?.[2])]).toEqual([c.brand.slideSize.cx, c.brand.slideSize.cy]);
      for (const slide of await slidesOf(merged)) {
        const xml = await merged.text(slide);
        for (const [, x, y, cx, cy] of xml.matchAll(
          /<a:off x="(-?\d+)" y="(-?\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"/g,
        )) {
          expect(Number(x)).toBeGreaterThanOrEqual(0);
          expect(Number(y)).toBeGreaterThanOrEqual(0);
          expect(Number(x) + Number(cx), `${c.name} ${slide}`).toBeLessThanOrEqual(c.brand.slideSize.cx + 2);
          expect(Number(y) + Number(cy), `${c.name} ${slide}`).toBeLessThanOrEqual(c.brand.slideSize.cy + 2);
        }
      }
    }
    const fourThree = cases.find((c) => c.name === "four-three");
    expect(fourThree?.brand.slideSize.aspect).toBe("4:3");
    // The 16:9 edge bar of the title slide, full height on a 16:9 slide, sits centred on a 4:3 one.
    const first = (await slidesOf(await open(fourThree?.merged as Buffer)))[0];
    const edge = /name="edge"[\s\S]*?<a:off x="(\d+)" y="(\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"/.exec(
      await (await open(fourThree?.merged as Buffer)).text(first),
    );
    const { cx, cy } = fourThree?.brand.slideSize ?? { cx: 0, cy: 0 };
    expect(Number(edge?.[2])).toBeGreaterThan(0);
    expect(Math.abs(Number(edge?.[2]) * 2 + Number(edge?.[4]) - cy)).toBeLessThanOrEqual(2);
    expect(Number(edge?.[1])).toBe(0);
    expect(Number(edge?.[4])).toBeLessThan(cy);
    expect(cx).toBeGreaterThan(0);
  });

  it("names the theme's colours and fonts as scheme references, so a new theme restyles the deck", async () => {
    for (const c of cases) {
      const merged = await open(c.merged);
      const themeColors = new Set(Object.values(c.brand.theme.colors).slice(0, 10));
      for (const slide of await slidesOf(merged)) {
        const xml = await merged.text(slide);
        for (const [, value] of xml.matchAll(/<a:srgbClr val="([0-9A-F]{6})"/g))
          expect(themeColors.has(value), `${c.name} ${slide} keeps ${value} as sRGB`).toBe(false);
      }
    }
    const distinctive = cases.find((c) => c.name === "distinctive") as TCase;
    const generated = await open(distinctive.generated);
    const merged = await open(distinctive.merged);
    const [genSlides, mergedSlides] = [await slidesOf(generated), await slidesOf(merged)];
    let accents = 0;
    for (const [i, slide] of genSlides.entries()) {
      const before = await generated.text(slide);
      const after = await merged.text(mergedSlides[i]);
      // Where the generated slide had accent1 as sRGB, the merged one has the scheme colour.
      const count =
        before.match(new RegExp(`<a:srgbClr val="${DISTINCTIVE.colors.accent1}"`, "g"))?.length ?? 0;
      accents += count;
      expect(after.match(/<a:schemeClr val="accent1"/g)?.length ?? 0).toBeGreaterThanOrEqual(count);
    }
    expect(accents).toBeGreaterThan(0);
    const text = (await Promise.all(mergedSlides.map((s) => merged.text(s)))).join("");
    expect(text).toMatch(/<a:schemeClr val="tx1"/);
    // The body runs in the theme's body face name it as the theme's.
    if (distinctive.brand.text.body.font === DISTINCTIVE.fonts.minor.latin)
      expect(text).toContain('<a:latin typeface="+mn-lt"');
  });

  it("names a colour the look took from the master as the master does: a transformed scheme colour", async () => {
    const c = cases.find((x) => x.name === "master-colour") as TCase;
    const [generated, merged] = [await open(c.generated), await open(c.merged)];
    const before = (await Promise.all((await slidesOf(generated)).map((s) => generated.text(s)))).join("");
    const after = (await Promise.all((await slidesOf(merged)).map((s) => merged.text(s)))).join("");
    // The master's title is accent2 at 75% luminance, which the look drew as sRGB.
    const used = before.match(new RegExp(`<a:srgbClr val="${DISTINCTIVE.titleColor}"`, "g"))?.length ?? 0;
    expect(used).toBeGreaterThan(0);
    expect(after).not.toContain(`<a:srgbClr val="${DISTINCTIVE.titleColor}"`);
    expect(after.match(/<a:schemeClr val="accent2"><a:lumMod val="75000"\/>/g)?.length).toBe(used);
  });

  it("leaves plain backgrounds to the master and keeps a slide's own colour", async () => {
    for (const c of cases) {
      const merged = await open(c.merged);
      const slides = await slidesOf(merged);
      for (const [i, slide] of slides.entries()) {
        const xml = await merged.text(slide);
        if (c.pages[i].role === "section") continue;
        // Content slides use the brand's background, which is the master's: no p:bg of their own.
        if (c.pages[i].role === "content") expect(xml, `${c.name} slide ${i + 1}`).not.toContain("<p:bg>");
      }
      const section = c.pages.findIndex((p) => p.role === "section");
      const sectionXml = await merged.text(slides[section]);
      // The section slide's accent background is the deck's own choice and stays.
      expect(sectionXml, c.name).toContain("<p:bg>");
    }
  });

  it("makes each slide's title box its layout's title placeholder, with its own frame and text", async () => {
    for (const c of cases) {
      const [merged, generated] = [await open(c.merged), await open(c.generated)];
      const [mergedSlides, genSlides] = [await slidesOf(merged), await slidesOf(generated)];
      for (const [i, slide] of mergedSlides.entries()) {
        const xml = await merged.text(slide);
        const title = /<p:sp><p:nvSpPr><p:cNvPr id="\d+" name="title"[\s\S]*?<\/p:sp>/.exec(xml)?.[0] ?? "";
        expect(title, `${c.name} slide ${i + 1}`).toMatch(/<p:ph type="(title|ctrTitle)"\/>/);
        expect(texts(title).join("")).toBe(
          texts(
            /<p:cNvPr id="\d+" name="title"[\s\S]*?<\/p:sp>/.exec(await generated.text(genSlides[i]))?.[0] ??
              "",
          ).join(""),
        );
        expect(title).toMatch(/<a:xfrm><a:off /);
      }
    }
  });

  it("draws the title placeholders in LibreOffice where the title boxes were", () => {
    for (const name of PLAIN) {
      const placed = wordBoxes(pdfWords.get(name) ?? "");
      const plain = wordBoxes(pdfWords.get(`${name}-plain`) ?? "");
      expect(placed.length, name).toBe(plain.length);
      let compared = 0;
      for (const [i, words] of placed.entries()) {
        expect(
          words.map((w) => w.word),
          `${name} page ${i + 1}`,
        ).toEqual(plain[i].map((w) => w.word));
        for (const [j, word] of words.entries()) {
          for (const [k, edge] of word.box.entries())
            expect(Math.abs(edge - plain[i][j].box[k]), `${name} page ${i + 1} ${word.word}`).toBeLessThan(
              0.5,
            );
          compared++;
        }
      }
      expect(compared, name).toBeGreaterThan(50);
    }
  });

  it("keeps the master's logo and the layout's badge", async () => {
    const c = cases.find((x) => x.logo) as TCase;
    const [merged, upload] = [await open(c.merged), await open(c.upload)];
    const logo = c.logo as TLogoRecipe;
    expect(await merged.bytes(logo.logoPart)).toEqual(await upload.bytes(logo.logoPart));
    expect(await merged.bytes(logo.badgePart)).toEqual(await upload.bytes(logo.badgePart));
    const master = c.brand.masters[0].part;
    expect((await merged.rels(master)).map((r) => r.target)).toContain(logo.logoPart);
    expect(await merged.text(master)).toContain('descr="Acme logo"');
  });

  it("opens in LibreOffice: one PDF page per slide, with the slides' text", async () => {
    for (const c of cases) {
      expect(pdfPages.get(c.name), c.name).toBe(c.pages.length);
      const text = (pdfText.get(c.name) ?? "").replace(/\s+/g, " ");
      expect(text, c.name).toContain("Quarterly Business Review");
      expect(text, c.name).toContain("Revenue by region");
      expect(text, c.name).not.toContain(SAMPLE_TEXT);
    }
  });
});
