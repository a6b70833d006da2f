/**
 * The brand-template reader on real PowerPoint files: every Impress template Debian ships,
 * converted by LibreOffice (tests/unit/brand-templates), plus a .potx, a file with a logo on its
 * master and title layout, and one with a distinctive theme. What the reader returns is checked
 * against the files' XML read independently here (plain DOM queries by tag name).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DOMParser, type Element } from "@xmldom/xmldom";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { BrandTemplateError } from "@/lib/brand/brand-template-error";
import { type TBrandFrame, type TBrandTemplate, ZBrandTemplate } from "@/lib/brand/brand-template-schema";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import { DEFAULT_UPLOAD_LIMITS } from "@/lib/files/upload-limits";
import { libreOfficePdf } from "../api/helpers";
import {
  brandTemplateFiles,
  DISTINCTIVE,
  missingLibreOffice,
  type TBrandFile,
  type TBrandFiles,
  type TLogoRecipe,
  withDistinctiveTheme,
  withLogo,
} from "./brand-templates/brand-template-files";

const missing = missingLibreOffice();
if (missing) console.warn(`brand-template-reader: skipped: ${missing}`);

/** A package opened for the test's own reading. */
type TPackage = { zip: JSZip; xml(part: string): Promise<Document> };

async function open(bytes: Buffer): Promise<TPackage> {
  const zip = await JSZip.loadAsync(bytes);
  return {
    zip,
    async xml(part) {
      const file = zip.file(part);
      if (!file) throw new Error(`no part ${part}`);
      return new DOMParser().parseFromString(await file.async("string"), "text/xml") as unknown as Document;
    },
  };
}

const tags = (root: Document | Element, name: string) =>
  Array.from((root as Document).getElementsByTagName(name)) as unknown as Element[];
const first = (root: Document | Element, name: string) => tags(root, name)[0] as Element | undefined;

/** A relationship target resolved against its source part. */
async function relTarget(pkg: TPackage, source: string, id: string): Promise<string> {
  const dir = source.slice(0, source.lastIndexOf("/"));
  const rels = await pkg.xml(`${dir}/_rels/${source.slice(source.lastIndexOf("/") + 1)}.rels`);
  const rel = tags(rels, "Relationship").find((r) => r.getAttribute("Id") === id);
  if (!rel) throw new Error(`${source} has no relationship ${id}`);
  const parts = dir.split("/");
  for (const segment of (rel.getAttribute("Target") ?? "").split("/")) {
    if (segment === "..") parts.pop();
    else parts.push(segment);
  }
  return parts.join("/");
}

async function relOfType(pkg: TPackage, source: string, type: string): Promise<string[]> {
  const dir = source.slice(0, source.lastIndexOf("/"));
  const rels = await pkg.xml(`${dir}/_rels/${source.slice(source.lastIndexOf("/") + 1)}.rels`);
  const ids = tags(rels, "Relationship")
    .filter((r) => (r.getAttribute("Type") ?? "").endsWith(`/${type}`))
    .map((r) => r.getAttribute("Id") ?? "");
  return Promise.all(ids.map((id) => relTarget(pkg, source, id)));
}

/** The p:sp holding a placeholder of `type` in a part. */
function placeholderShape(doc: Document, type: string): Element | undefined {
  return tags(doc, "p:sp").find((sp) => first(sp, "p:ph")?.getAttribute("type") === type);
}

function colorOf(el: Element | undefined): string | null {
  const srgb = el && first(el, "a:srgbClr");
  return srgb ? (srgb.getAttribute("val") ?? "").toUpperCase() : null;
}

function inside(frame: TBrandFrame, size: { cx: number; cy: number }): boolean {
  return frame.x >= 0 && frame.y >= 0 && frame.x + frame.cx <= size.cx && frame.y + frame.cy <= size.cy;
}

function overlaps(frame: TBrandFrame, size: { cx: number; cy: number }): boolean {
  return frame.x < size.cx && frame.y < size.cy && frame.x + frame.cx > 0 && frame.y + frame.cy > 0;
}

describe.skipIf(missing !== null)("readBrandTemplate on LibreOffice's Impress templates", () => {
  let files: TBrandFiles;
  const read = new Map<string, TBrandTemplate>();

  beforeAll(async () => {
    files = brandTemplateFiles();
    for (const file of files.converted) read.set(file.name, await readBrandTemplate(file.bytes));
  }, 300_000);

  it("reads every shipped template, and the result passes its own schema with nothing to warn about", () => {
    expect(files.converted.length).toBe(23);
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      expect(ZBrandTemplate.safeParse(template).success, file.name).toBe(true);
      expect(template.format, file.name).toBe("pptx");
      expect(template.warnings, file.name).toEqual([]);
    }
  });

  it("takes the slide size and its aspect from presentation.xml", async () => {
    const aspects = new Set<string>();
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const size = first(await (await open(file.bytes)).xml("ppt/presentation.xml"), "p:sldSz") as Element;
      const cx = Number(size.getAttribute("cx"));
      const cy = Number(size.getAttribute("cy"));
      expect(template.slideSize, file.name).toEqual({
        cx,
        cy,
        aspect:
          Math.abs(cx / cy - 16 / 9) < 0.01 ? "16:9" : Math.abs(cx / cy - 4 / 3) < 0.01 ? "4:3" : "other",
      });
      aspects.add(template.slideSize.aspect);
    }
    // Vintage and Nature Illustration are 4:3 in LibreOffice itself; the rest 16:9.
    expect(read.get("Vintage.pptx")?.slideSize.aspect).toBe("4:3");
    expect(read.get("Nature_Illustration.pptx")?.slideSize.aspect).toBe("4:3");
    expect([...aspects].sort()).toEqual(["16:9", "4:3"]);
  });

  it("reads the first master's theme colours and fonts as the theme part states them", async () => {
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      const presentation = await pkg.xml("ppt/presentation.xml");
      const masterPart = await relTarget(
        pkg,
        "ppt/presentation.xml",
        first(presentation, "p:sldMasterId")?.getAttribute("r:id") ?? "",
      );
      expect(template.masters[0].part, file.name).toBe(masterPart);
      const [themePart] = await relOfType(pkg, masterPart, "theme");
      expect(template.theme.part, file.name).toBe(themePart);
      const theme = await pkg.xml(themePart);
      for (const name of Object.keys(template.theme.colors) as (keyof TBrandTemplate["theme"]["colors"])[]) {
        const holder = first(theme, `a:${name}`) as Element;
        const sys = first(holder, "a:sysClr");
        const want =
          (sys ? sys.getAttribute("lastClr") : first(holder, "a:srgbClr")?.getAttribute("val")) ?? "";
        expect(template.theme.colors[name], `${file.name} ${name}`).toBe(want.toUpperCase());
      }
      for (const [which, tag] of [
        ["major", "a:majorFont"],
        ["minor", "a:minorFont"],
      ] as const) {
        const font = first(theme, tag) as Element;
        expect(template.theme.fonts[which], `${file.name} ${which}`).toEqual({
          latin: first(font, "a:latin")?.getAttribute("typeface"),
          ea: first(font, "a:ea")?.getAttribute("typeface"),
          cs: first(font, "a:cs")?.getAttribute("typeface"),
        });
      }
      // LibreOffice writes Office's stock scheme into every export: the look is in the masters.
      expect(template.theme.generic, file.name).toBe(true);
    }
  });

  it("takes the title and body text from the master's own styles, not from the generic theme", async () => {
    const titleColors = new Set<string>();
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      const master = await pkg.xml(template.masters[0].part);
      for (const [role, type] of [
        ["title", "title"],
        ["body", "body"],
      ] as const) {
        const sp = placeholderShape(master, type) as Element;
        const rPr = first(sp, "a:rPr") as Element;
        const want = {
          color: colorOf(first(rPr, "a:solidFill")),
          font: first(rPr, "a:latin")?.getAttribute("typeface"),
          sizePt: Number(rPr.getAttribute("sz")) / 100,
          bold: rPr.getAttribute("b") === "1",
        };
        expect(template.text[role], `${file.name} ${role}`).toEqual(want);
        expect(template.masters[0].textStyles[role], `${file.name} ${role}`).toEqual(want);
      }
      titleColors.add(template.text.title.color);
      const buChar = first(placeholderShape(master, "body") as Element, "a:buChar");
      const buNone = first(
        first(placeholderShape(master, "body") as Element, "a:pPr") as Element,
        "a:buNone",
      );
      if (buNone) expect(template.masters[0].textStyles.bullet, file.name).toBeNull();
      else expect(template.masters[0].textStyles.bullet?.char, file.name).toBe(buChar?.getAttribute("char"));
    }
    // The generic theme's dk1 is black; the masters give the brand its colours.
    expect(titleColors.size).toBeGreaterThan(5);
    expect(read.get("Blue_Curve.pptx")?.text.title.color).toBe("DD4100");
    expect(read.get("Vivid.pptx")?.text.title.font).toBe("Source Sans Pro Light");
  });

  it("finds every master's background, with picture parts present in the package", async () => {
    const kinds = new Set<string>();
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      for (const master of template.masters) {
        const bg = first(await pkg.xml(master.part), "p:bg");
        const blip = bg && first(bg, "a:blip");
        if (!bg) expect(master.background, master.part).toBeNull();
        else if (blip) {
          const part = await relTarget(pkg, master.part, blip.getAttribute("r:embed") ?? "");
          expect(master.background, `${file.name} ${master.part}`).toMatchObject({ kind: "picture", part });
          expect(pkg.zip.file(part), part).not.toBeNull();
          expect(master.background).toHaveProperty(
            "contentType",
            part.endsWith(".png") ? "image/png" : "image/jpeg",
          );
        } else {
          expect(master.background, `${file.name} ${master.part}`).toEqual({
            kind: "solid",
            color: colorOf(first(bg, "a:solidFill")),
          });
        }
        kinds.add(master.background?.kind ?? "none");
      }
    }
    expect([...kinds].sort()).toEqual(["none", "picture", "solid"]);
    // A first master that states no background shows bg1 (the theme's lt1 here).
    expect(read.get("Beehive.pptx")?.background).toEqual({ kind: "solid", color: "FFFFFF" });
    expect(read.get("Sunset.pptx")?.background).toEqual({ kind: "solid", color: "813709" });
  });

  it("takes as the background what covers the whole slide, as LibreOffice writes gradient and picture backgrounds", async () => {
    const sources = new Set<string>();
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      const { cx, cy } = template.slideSize;
      for (const master of template.masters) {
        const doc = await pkg.xml(master.part);
        // The topmost opaque, filled, non-placeholder shape or picture whose frame is the whole slide.
        const inOrder = tags(doc, "*").filter((el) => el.nodeName === "p:sp" || el.nodeName === "p:pic");
        const covering = inOrder
          .filter((el) => {
            if (first(el, "p:ph")) return false;
            const spPr = first(el, "p:spPr") as Element;
            const filled =
              el.nodeName === "p:pic" ||
              ["a:solidFill", "a:gradFill", "a:blipFill"].some((t) => first(spPr, t));
            const seeThrough = tags(spPr, "a:alpha").some((a) => Number(a.getAttribute("val")) < 100000);
            const off = first(el, "a:off");
            const ext = first(el, "a:ext");
            if (!filled || seeThrough || !off || !ext) return false;
            const [x, y, w, h] = [
              off.getAttribute("x"),
              off.getAttribute("y"),
              ext.getAttribute("cx"),
              ext.getAttribute("cy"),
            ].map(Number);
            return x <= cx * 0.01 && y <= cy * 0.01 && x + w >= cx * 0.99 && y + h >= cy * 0.99;
          })
          .at(-1);
        if (!covering) {
          expect(master.cover, `${file.name} ${master.part}`).toBeNull();
          continue;
        }
        const spPr = first(covering, "p:spPr") as Element;
        const kind =
          covering.nodeName === "p:pic"
            ? "picture"
            : first(spPr, "a:gradFill")
              ? "gradient"
              : first(spPr, "a:solidFill")
                ? "solid"
                : "picture";
        expect(master.cover?.kind, `${file.name} ${master.part}`).toBe(kind);
        if (kind === "solid")
          expect(master.cover).toEqual({ kind: "solid", color: colorOf(first(spPr, "a:solidFill")) });
        if (kind === "gradient")
          expect(master.cover).toMatchObject({
            stops: tags(first(spPr, "a:gradFill") as Element, "a:gs").map((gs) => ({
              position: Number(gs.getAttribute("pos")) / 100000,
              color: colorOf(gs),
            })),
          });
      }
      const firstMaster = template.masters[0];
      expect(template.background, file.name).toEqual(
        firstMaster.cover ?? firstMaster.background ?? { kind: "solid", color: template.theme.colors.lt1 },
      );
      sources.add(template.backgroundSource);
    }
    expect([...sources].sort()).toEqual(["background", "bg1", "cover"]);
    expect(read.get("Lights.pptx")?.background.kind).toBe("gradient");
    expect(read.get("Metropolis.pptx")?.background).toMatchObject({
      kind: "picture",
      part: "ppt/media/image1.png",
    });
  });

  it("lists each master's layouts in order with their type and placeholder frames", async () => {
    const outside = new Set<string>();
    let inheritedSeen = 0;
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      for (const master of template.masters) {
        const ids = tags(await pkg.xml(master.part), "p:sldLayoutId");
        const parts = await Promise.all(
          ids.map((id) => relTarget(pkg, master.part, id.getAttribute("r:id") ?? "")),
        );
        expect(
          master.layouts.map((l) => l.part),
          master.part,
        ).toEqual(parts);
        for (const layout of master.layouts) {
          const doc = await pkg.xml(layout.part);
          expect(layout.name).toBe(first(doc, "p:cSld")?.getAttribute("name"));
          expect(layout.type).toBe(doc.documentElement.getAttribute("type") || "cust");
          const shapes = tags(doc, "p:sp").filter((sp) => first(sp, "p:ph"));
          expect(layout.placeholders.length, layout.part).toBe(shapes.length);
          for (const [i, sp] of shapes.entries()) {
            const off = first(sp, "a:off");
            const ext = first(sp, "a:ext");
            const frame = layout.placeholders[i].frame as TBrandFrame;
            if (!off || !ext) {
              // No frame of its own (LibreOffice's footers): the master's placeholder of its type.
              const type = first(sp, "p:ph")?.getAttribute("type");
              expect(layout.placeholders[i].inherited).toBe(true);
              expect(frame).toEqual(master.placeholders.find((p) => p.type === type)?.frame);
              inheritedSeen++;
              continue;
            }
            expect(layout.placeholders[i].inherited).toBe(false);
            expect([frame.x, frame.y, frame.cx, frame.cy], `${layout.part} ${i}`).toEqual(
              [
                off.getAttribute("x"),
                off.getAttribute("y"),
                ext.getAttribute("cx"),
                ext.getAttribute("cy"),
              ].map(Number),
            );
            // As the file states it, even where LibreOffice's own template lets a placeholder run
            // past the slide's edge (Progress, Vintage, …): drawing clips, the PPTX keeps the frame.
            expect(overlaps(frame, template.slideSize), `${layout.part} ${i}`).toBe(true);
            if (!inside(frame, template.slideSize)) outside.add(file.name);
          }
        }
        for (const placeholder of master.placeholders)
          expect(overlaps(placeholder.frame as TBrandFrame, template.slideSize), master.part).toBe(true);
      }
      // The title, title-and-content (LibreOffice has no section layout) frames are known.
      const layouts = template.masters[0].layouts;
      const title = layouts[template.roles.title?.layout ?? -1];
      const content = layouts[template.roles.content?.layout ?? -1];
      expect(title.name, file.name).toBe("Title Slide");
      expect(title.frames.title && title.frames.subtitle, file.name).toBeTruthy();
      expect(content.name, file.name).toBe("Title, Content");
      expect(content.type).toBe("obj");
      expect(content.frames.title && content.frames.body, file.name).toBeTruthy();
      expect(template.roles.section).toBeNull();
      for (const f of [title.frames.title, content.frames.title])
        expect(inside(f as TBrandFrame, template.slideSize), file.name).toBe(true);
      const frame = content.frames.body as TBrandFrame;
      expect(frame.fraction.x).toBeCloseTo(frame.x / template.slideSize.cx, 9);
      expect(frame.fraction.h).toBeCloseTo(frame.cy / template.slideSize.cy, 9);
    }
    // Most templates keep every placeholder inside the slide.
    expect(outside.size).toBeLessThan(6);
    expect(inheritedSeen).toBeGreaterThan(0);
  });

  it("finds the masters' decorative shapes, their geometry and fills, inside groups too", async () => {
    let groups = 0;
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      for (const master of template.masters) {
        const doc = await pkg.xml(master.part);
        groups += tags(doc, "p:grpSp").length;
        const shapes = tags(doc, "p:sp").filter((sp) => !first(sp, "p:ph") && first(sp, "a:xfrm"));
        expect(master.shapes.length, master.part).toBe(shapes.length);
        for (const [i, sp] of shapes.entries()) {
          const spPr = first(sp, "p:spPr") as Element;
          const custom = !!first(spPr, "a:custGeom");
          expect(master.shapes[i].geometry).toBe(
            custom ? "custom" : first(spPr, "a:prstGeom")?.getAttribute("prst"),
          );
          const fill = Array.from(spPr.childNodes as unknown as Element[]).find(
            (n) => n.nodeName === "a:solidFill",
          );
          const srgb = fill && first(fill, "a:srgbClr");
          if (srgb)
            expect(master.shapes[i].fill).toEqual({
              kind: "solid",
              color: srgb.getAttribute("val")?.toUpperCase(),
            });
        }
      }
    }
    expect(groups).toBeGreaterThan(10);
    // Beehive's honeycomb: custom hexagons in pale yellow with a yellow outline.
    expect(read.get("Beehive.pptx")?.masters[0].shapes[0]).toMatchObject({
      geometry: "custom",
      fill: { kind: "solid", color: "FFF5CE" },
      line: "FFDE59",
    });
    // Blue Curve's wave is flipped both ways with a right-to-left gradient (ang 180°): it shows
    // left to right, light to dark, as LibreOffice draws it.
    const blueCurve = await open(
      (files.converted.find((f) => f.name === "Blue_Curve.pptx") as TBrandFile).bytes,
    );
    const wave = tags(await blueCurve.xml("ppt/slideMasters/slideMaster1.xml"), "p:sp")[0];
    expect(first(wave, "a:xfrm")?.getAttribute("flipH")).toBe("1");
    expect(first(wave, "a:xfrm")?.getAttribute("flipV")).toBe("1");
    expect(first(wave, "a:lin")?.getAttribute("ang")).toBe("10800000");
    expect(read.get("Blue_Curve.pptx")?.masters[0].shapes[0].fill).toMatchObject({
      kind: "gradient",
      angle: 0,
    });
  });

  it("finds the pictures LibreOffice's masters carry, each with its media part", async () => {
    let count = 0;
    for (const file of files.converted) {
      const template = read.get(file.name) as TBrandTemplate;
      const pkg = await open(file.bytes);
      for (const master of template.masters) {
        const pics = tags(await pkg.xml(master.part), "p:pic");
        expect(master.pictures.length, master.part).toBe(pics.length);
        for (const [i, pic] of pics.entries()) {
          const part = await relTarget(pkg, master.part, first(pic, "a:blip")?.getAttribute("r:embed") ?? "");
          expect(master.pictures[i].part).toBe(part);
          expect(pkg.zip.file(part)).not.toBeNull();
          const off = first(pic, "a:off") as Element;
          expect(master.pictures[i].frame.x).toBe(Number(off.getAttribute("x")));
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it("reads a .potx LibreOffice saved as a PowerPoint template", async () => {
    const types = await (await open(files.potx.bytes)).zip.file("[Content_Types].xml")?.async("string");
    expect(types).toContain("presentationml.template.main+xml");
    const template = await readBrandTemplate(files.potx.bytes);
    expect(template.format).toBe("potx");
    expect(template.text.title).toEqual(read.get("Vivid.pptx")?.text.title);
  });

  it("finds a logo added to the master and a badge on the title layout, where they were put", async () => {
    const { file, recipe } = await withLogo(
      files.converted.find((f) => f.name === "Beehive.pptx") as TBrandFiles["potx"],
    );
    const template = await readBrandTemplate(file.bytes);
    const size = template.slideSize;
    const expectFrame = (frame: TBrandFrame, want: TLogoRecipe["logo"]) => {
      expect({ x: frame.x, y: frame.y, cx: frame.cx, cy: frame.cy }).toEqual(want);
      expect(frame.fraction.x).toBeCloseTo(want.x / size.cx, 9);
      expect(frame.fraction.y).toBeCloseTo(want.y / size.cy, 9);
      expect(frame.fraction.w).toBeCloseTo(want.cx / size.cx, 9);
    };
    const [logo] = template.masters[0].pictures;
    expect(logo).toMatchObject({
      name: "Brand logo",
      description: "Acme logo",
      part: recipe.logoPart,
      contentType: "image/png",
    });
    expectFrame(logo.frame, recipe.logo);
    expect(logo.frame.fraction.x).toBeCloseTo(0.8, 6);
    const title = template.masters[0].layouts[template.roles.title?.layout ?? -1];
    expect(title.pictures).toHaveLength(1);
    expect(title.pictures[0].part).toBe(recipe.badgePart);
    expectFrame(title.pictures[0].frame, recipe.badge);
    expect(template.warnings).toEqual([]);

    // The derived file is a presentation LibreOffice opens, drawing both pictures on the title slide.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-brand-logo-"));
    fs.writeFileSync(path.join(dir, "logo.pdf"), libreOfficePdf(file.bytes));
    const images = spawnSync("pdfimages", ["-list", "-f", "1", "-l", "1", path.join(dir, "logo.pdf")], {
      encoding: "utf8",
    });
    expect(images.stdout).toMatch(/\bimage\s+250\s+100\b/);
    expect(images.stdout).toMatch(/\bimage\s+64\s+64\b/);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 150_000);

  it("reads a distinctive theme: its colours (system colours by lastClr), fonts, transformed scheme colours and a gradient", async () => {
    const file = await withDistinctiveTheme(
      files.converted.find((f) => f.name === "DNA.pptx") as TBrandFiles["potx"],
    );
    const template = await readBrandTemplate(file.bytes);
    expect(template.theme.name).toBe("Acme");
    expect(template.theme.colors).toEqual(DISTINCTIVE.colors);
    expect(template.theme.fonts).toEqual(DISTINCTIVE.fonts);
    expect(template.theme.generic).toBe(false);
    // The master's title: accent2 with lumMod 75%, in +mj-lt (the theme's heading font).
    expect(template.text.title).toMatchObject({ color: DISTINCTIVE.titleColor, font: "Georgia" });
    expect(template.background).toEqual({
      kind: "gradient",
      stops: [
        { position: 0, color: DISTINCTIVE.gradient.from },
        { position: 1, color: DISTINCTIVE.gradient.to },
      ],
      angle: DISTINCTIVE.gradient.angle,
      path: "linear",
    });
    // The title-and-content layout's title lost its frame: it inherits the master's title frame.
    const master = template.masters[0];
    const content = master.layouts[template.roles.content?.layout ?? -1];
    const title = content.placeholders.find((p) => p.type === "title");
    expect(title?.inherited).toBe(true);
    expect(title?.frame).toEqual(master.placeholders.find((p) => p.type === "title")?.frame);
    expect(content.frames.title).toEqual(title?.frame);
    // The title layout: a theme background style in accent6, and its own tinted title colour.
    const titleLayout = master.layouts[template.roles.title?.layout ?? -1];
    expect(titleLayout.background).toEqual({ kind: "solid", color: DISTINCTIVE.layoutBackground });
    expect(titleLayout.placeholders.find((p) => p.type === "title")?.text.color).toBe(
      DISTINCTIVE.layoutTitleColor,
    );
    expect(template.embeddedFonts).toEqual([
      {
        typeface: DISTINCTIVE.embeddedFont.typeface,
        styles: [
          { style: "regular", part: "ppt/fonts/font1.fntdata", contentType: "application/x-fontdata" },
          { style: "bold", part: "ppt/fonts/font2.fntdata", contentType: "application/x-fontdata" },
        ],
      },
    ]);
    expect(template.warnings).toEqual([]);
  });

  it("refuses a Word document, naming what it is", async () => {
    const docx = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/files/brief.docx"));
    const error = await readBrandTemplate(docx).catch((e) => e);
    expect(error).toBeInstanceOf(BrandTemplateError);
    expect(error).toMatchObject({ reason: "not_presentation" });
    expect(error.message).toMatch(/Word document/);
  });
});

describe("readBrandTemplate on a PowerPoint file from another writer (pptxgenjs)", () => {
  it("takes the text styles from the master's p:txStyles, resolving tx1 and +mj-lt through the theme", async () => {
    const bytes = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/files/deck.pptx"));
    const template = await readBrandTemplate(bytes);
    const pkg = await open(bytes);
    const theme = await pkg.xml(template.theme.part);
    const dk1 =
      first(first(theme, "a:dk1") as Element, "a:srgbClr")?.getAttribute("val") ??
      first(first(theme, "a:dk1") as Element, "a:sysClr")?.getAttribute("lastClr");
    const major = first(first(theme, "a:majorFont") as Element, "a:latin")?.getAttribute("typeface");
    const minor = first(first(theme, "a:minorFont") as Element, "a:latin")?.getAttribute("typeface");
    const master = await pkg.xml(template.masters[0].part);
    expect(tags(master, "p:ph")).toHaveLength(0);
    const titleRPr = first(first(master, "p:titleStyle") as Element, "a:defRPr") as Element;
    const bodyLvl1 = first(first(master, "p:bodyStyle") as Element, "a:lvl1pPr") as Element;
    expect(template.text.title).toEqual({
      color: dk1?.toUpperCase(),
      font: major,
      sizePt: Number(titleRPr.getAttribute("sz")) / 100,
      bold: false,
    });
    expect(template.text.body).toMatchObject({ color: dk1?.toUpperCase(), font: minor });
    expect(template.text.body.sizePt).toBe(Number(first(bodyLvl1, "a:defRPr")?.getAttribute("sz")) / 100);
    expect(template.masters[0].textStyles.bullet).toEqual({
      char: first(bodyLvl1, "a:buChar")?.getAttribute("char"),
      font: first(bodyLvl1, "a:buFont")?.getAttribute("typeface"),
    });
    expect(template.slideSize.aspect).toBe("16:9");
    expect(template.warnings).toEqual([]);
  });
});

describe("readBrandTemplate refuses what is not a presentation", () => {
  const refusal = async (bytes: Buffer) => {
    const error = await readBrandTemplate(bytes).catch((e) => e);
    expect(error).toBeInstanceOf(BrandTemplateError);
    return error as BrandTemplateError;
  };

  it("a ZIP file without ppt/presentation.xml", async () => {
    const zip = new JSZip();
    zip.file("photos/one.txt", "not a slide");
    const error = await refusal(await zip.generateAsync({ type: "nodebuffer" }));
    expect(error.reason).toBe("not_presentation");
    expect(error.message).toMatch(/not a PowerPoint presentation or template/);
  });

  it("a file that is not a ZIP, and an old binary .ppt", async () => {
    expect((await refusal(Buffer.from("%PDF-1.7 not a template"))).reason).toBe("damaged");
    const ole = Buffer.alloc(512);
    ole.writeUInt32BE(0xd0cf11e0, 0);
    ole.writeUInt32BE(0xa1b11ae1, 4);
    const error = await refusal(ole);
    expect(error.reason).toBe("not_presentation");
    expect(error.message).toMatch(/\.pptx or \.potx/);
  });

  it.skipIf(missing !== null)("a truncated presentation", async () => {
    const { converted } = brandTemplateFiles();
    const bytes = converted[0].bytes;
    expect((await refusal(bytes.subarray(0, Math.floor(bytes.length / 2)))).reason).toBe("damaged");
  });

  it.skipIf(missing !== null)("an XML part with entity definitions (a billion-laughs bomb)", async () => {
    const zip = await JSZip.loadAsync(brandTemplateFiles().converted[0].bytes);
    const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
    const lol =
      '<!DOCTYPE p:presentation [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    zip.file("ppt/presentation.xml", presentation.replace("?>", `?>${lol}`));
    const error = await refusal(await zip.generateAsync({ type: "nodebuffer" }));
    expect(error.reason).toBe("damaged");
    expect(error.message).toMatch(/ppt\/presentation\.xml/);
  });

  it.skipIf(missing !== null)("a part larger than the XML part limit, before it is inflated", async () => {
    const bytes = brandTemplateFiles().converted[0].bytes;
    const error = await readBrandTemplate(bytes, { ...DEFAULT_UPLOAD_LIMITS, maxXmlPartBytes: 2000 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BrandTemplateError);
    expect(error).toMatchObject({ reason: "too_large" });
    expect(error.message).toMatch(/has a part '.+' of \d+ bytes, more than the 2000/);
  });

  it("a zip bomb, by its declared sizes before anything is inflated", async () => {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file("ppt/presentation.xml", Buffer.alloc(40 * 1024 * 1024));
    const bytes = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    const error = await refusal(bytes);
    expect(error.reason).toBe("too_large");
    expect(error.message).toMatch(/zip bomb/);
  });
});
