/**
 * Test inputs for the brand-template reader, made from real files: the Impress templates Debian's
 * libreoffice-impress ships (share/template/common/presnt/*.otp), converted to PPTX by LibreOffice
 * itself in one soffice run and cached in the OS temp folder, keyed by the LibreOffice version
 * and the templates, so later runs are quick. A .potx comes from LibreOffice too. Files
 * LibreOffice cannot make (a logo on the master, a distinctive theme) are derived from converted
 * ones here, by editing their XML parts: no binary fixture is committed. See README.md beside this.
 */
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PNG } from "pngjs";

export const TEMPLATE_DIR = "/usr/lib/libreoffice/share/template/common/presnt";
/** Bump when the conversion steps below change, so stale caches are not reused. */
const RECIPE = "2";

export type TBrandFile = { name: string; bytes: Buffer };

export type TBrandFiles = {
  /** Every shipped Impress template, converted to .pptx. */
  converted: TBrandFile[];
  /** A shipped template saved by LibreOffice as a PowerPoint template (.potx). */
  potx: TBrandFile;
};

/** Whether LibreOffice and its templates are here; the tests skip with this reason when not. */
export function missingLibreOffice(): string | null {
  if (spawnSync("soffice", ["--version"], { encoding: "utf8" }).status !== 0)
    return "soffice (Debian package libreoffice-impress) is not installed; scripts/lib.mjs installs it for CI";
  if (!fs.existsSync(TEMPLATE_DIR) || templatePaths().length === 0)
    return `no Impress templates in ${TEMPLATE_DIR} (Debian package libreoffice-impress)`;
  return null;
}

function templatePaths(): string[] {
  return fs
    .readdirSync(TEMPLATE_DIR)
    .filter((f) => f.endsWith(".otp"))
    .sort()
    .map((f) => path.join(TEMPLATE_DIR, f));
}

/** Converts the shipped templates (once per LibreOffice version) and reads the results. */
export function brandTemplateFiles(): TBrandFiles {
  const sources = templatePaths();
  const version = execFileSync("soffice", ["--version"], { encoding: "utf8" }).trim();
  const key = crypto
    .createHash("sha256")
    .update([RECIPE, version, ...sources.map((s) => `${s}:${fs.statSync(s).size}`)].join("\n"))
    .digest("hex")
    .slice(0, 16);
  const cache = path.join(os.tmpdir(), `deckforge-brand-templates-${key}`);
  if (!fs.existsSync(path.join(cache, "done"))) convertAll(sources, cache);
  const read = (dir: string, name: string) => ({ name, bytes: fs.readFileSync(path.join(cache, dir, name)) });
  return {
    converted: fs
      .readdirSync(path.join(cache, "pptx"))
      .sort()
      .map((name) => read("pptx", name)),
    potx: read("potx", "Vivid.potx"),
  };
}

function convertAll(sources: string[], cache: string): void {
  const work = fs.mkdtempSync(`${cache}-tmp-`);
  const soffice = (args: string[]) => {
    const profile = `file://${path.join(work, "profile")}`;
    const result = spawnSync("soffice", [`-env:UserInstallation=${profile}`, "--headless", ...args], {
      encoding: "utf8",
      timeout: 300_000,
    });
    if (result.status !== 0) throw new Error(`soffice ${args.join(" ")} failed: ${result.stderr}`);
  };
  soffice(["--convert-to", "pptx", "--outdir", path.join(work, "pptx"), ...sources]);
  const converted = fs.readdirSync(path.join(work, "pptx")).filter((f) => f.endsWith(".pptx"));
  if (converted.length !== sources.length)
    throw new Error(`LibreOffice converted ${converted.length} of ${sources.length} templates`);
  soffice([
    "--convert-to",
    "potx:Impress MS PowerPoint 2007 XML Template",
    "--outdir",
    path.join(work, "potx"),
    path.join(TEMPLATE_DIR, "Vivid.otp"),
  ]);
  fs.rmSync(path.join(work, "profile"), { recursive: true, force: true });
  fs.writeFileSync(path.join(work, "done"), new Date().toISOString());
  // Another run may have finished the same conversion meanwhile: keep its copy, drop ours.
  if (!fs.existsSync(path.join(cache, "done"))) {
    fs.rmSync(cache, { recursive: true, force: true });
    try {
      fs.renameSync(work, cache);
      return;
    } catch {
      if (!fs.existsSync(path.join(cache, "done")))
        throw new Error(`could not keep the converted templates in ${cache}`);
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}

/** A PNG of `width`×`height` in one colour: a stand-in for a company's logo. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

function picXml(id: number, name: string, descr: string, rId: string, f: TFrameEmu): string {
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="${name}" descr="${descr}"/>` +
    `<p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr userDrawn="1"/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr><a:xfrm><a:off x="${f.x}" y="${f.y}"/><a:ext cx="${f.cx}" cy="${f.cy}"/></a:xfrm>` +
    `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
  );
}

export type TFrameEmu = { x: number; y: number; cx: number; cy: number };

async function text(zip: JSZip, part: string): Promise<string> {
  const file = zip.file(part);
  if (!file) throw new Error(`no ${part}`);
  return file.async("string");
}

function addRelationship(rels: string, id: string, type: string, target: string): string {
  return rels.replace(
    "</Relationships>",
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`,
  );
}

/** What the logo recipe put where, for the test to compare against. */
export type TLogoRecipe = { logo: TFrameEmu; badge: TFrameEmu; logoPart: string; badgePart: string };

/**
 * A converted file with a company logo on its first master (top right) and a badge on the
 * master's title layout: PNG media parts, their relationships and p:pic elements added.
 */
export async function withLogo(file: TBrandFile): Promise<{ file: TBrandFile; recipe: TLogoRecipe }> {
  const zip = await JSZip.loadAsync(file.bytes);
  const presentation = await text(zip, "ppt/presentation.xml");
  const cx = Number(/<p:sldSz cx="(\d+)"/.exec(presentation)?.[1]);
  const cy = Number(/<p:sldSz [^>]*cy="(\d+)"/.exec(presentation)?.[1]);
  const logo = {
    x: Math.round(cx * 0.8),
    y: Math.round(cy * 0.04),
    cx: Math.round(cx * 0.16),
    cy: Math.round(cx * 0.064),
  };
  const badge = {
    x: Math.round(cx * 0.05),
    y: Math.round(cy * 0.8),
    cx: Math.round(cy * 0.12),
    cy: Math.round(cy * 0.12),
  };
  const master = "ppt/slideMasters/slideMaster1.xml";
  const layout = "ppt/slideLayouts/slideLayout2.xml";
  const layoutXml = await text(zip, layout);
  if (!layoutXml.includes('name="Title Slide"')) throw new Error(`${layout} is not the title layout`);
  zip.file("ppt/media/brand-logo.png", png(250, 100, [200, 16, 46]));
  zip.file("ppt/media/brand-badge.png", png(64, 64, [0, 91, 150]));
  const masterRels = "ppt/slideMasters/_rels/slideMaster1.xml.rels";
  zip.file(
    masterRels,
    addRelationship(await text(zip, masterRels), "rIdBrandLogo", "image", "../media/brand-logo.png"),
  );
  zip.file(
    master,
    (await text(zip, master)).replace(
      "</p:spTree>",
      `${picXml(900, "Brand logo", "Acme logo", "rIdBrandLogo", logo)}</p:spTree>`,
    ),
  );
  const layoutRels = "ppt/slideLayouts/_rels/slideLayout2.xml.rels";
  zip.file(
    layoutRels,
    addRelationship(await text(zip, layoutRels), "rIdBrandBadge", "image", "../media/brand-badge.png"),
  );
  // The badge the way a newer PowerPoint may write a shape: inside mc:AlternateContent, with a
  // fallback for older readers (the same picture here; a reader must take it once).
  const badgePic = picXml(901, "Badge", "", "rIdBrandBadge", badge);
  const alternate =
    `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">` +
    `<mc:Choice xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" Requires="p14">${badgePic}</mc:Choice>` +
    `<mc:Fallback>${badgePic}</mc:Fallback></mc:AlternateContent>`;
  zip.file(layout, layoutXml.replace("</p:spTree>", `${alternate}</p:spTree>`));
  let types = await text(zip, "[Content_Types].xml");
  if (!/Extension="png"/i.test(types))
    types = types.replace("<Default ", '<Default Extension="png" ContentType="image/png"/><Default ');
  zip.file("[Content_Types].xml", types);
  const bytes = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  return {
    file: { name: file.name.replace(".pptx", "-logo.pptx"), bytes },
    recipe: { logo, badge, logoPart: "ppt/media/brand-logo.png", badgePart: "ppt/media/brand-badge.png" },
  };
}

/** The distinctive theme the recipe writes, and what the reader must make of it. */
export const DISTINCTIVE = {
  colors: {
    dk1: "14213D",
    lt1: "FBFBF2",
    dk2: "2D3047",
    lt2: "E7ECEF",
    accent1: "1B998B",
    accent2: "ED217C",
    accent3: "FFFD82",
    accent4: "FF9B71",
    accent5: "E84855",
    accent6: "3A86FF",
    hlink: "6A4C93",
    folHlink: "8D6A9F",
  },
  fonts: {
    major: { latin: "Georgia", ea: "Noto Serif CJK JP", cs: "Noto Naskh Arabic" },
    minor: { latin: "Verdana", ea: "Noto Sans CJK JP", cs: "Noto Sans Arabic" },
  },
  /** accent2 with lumMod 75%: computed independently with Python's colorsys (HLS). */
  titleColor: "BB0F5C",
  /** The title layout's title: accent4 (FF9B71) with tint 50%, in linear light (computed in Python). */
  layoutTitleColor: "FFD5C9",
  /** The title layout's background: the theme's first background style (solid phClr) in accent6. */
  layoutBackground: "3A86FF",
  /** Fonts embedded as PowerPoint does (ppt/fonts/*.fntdata, p:embeddedFontLst). */
  embeddedFont: {
    typeface: "Acme Sans",
    files: {
      regular: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
      bold: "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    },
  },
  /** The master's gradient background: accent1, then accent1 with lumMod 60% (colorsys), at 90°. */
  gradient: { from: "1B998B", to: "105C53", angle: 90 },
};

/**
 * A converted file whose theme has distinctive colours (dk1/lt1 as system colours with lastClr)
 * and fonts, whose master title is a transformed scheme colour in the theme's heading font, and
 * whose master background is a gradient of scheme colours; the title layout gets a theme
 * background style (p:bgRef) and a tinted title colour; the title-and-content layout's title
 * placeholder loses its own frame, so it must inherit the master's; two fonts are embedded.
 */
export async function withDistinctiveTheme(file: TBrandFile): Promise<TBrandFile> {
  const zip = await JSZip.loadAsync(file.bytes);
  const themePart = "ppt/theme/theme1.xml";
  const c = DISTINCTIVE.colors;
  const srgb = (name: keyof typeof c) => `<a:${name}><a:srgbClr val="${c[name]}"/></a:${name}>`;
  const scheme =
    `<a:clrScheme name="Acme">` +
    `<a:dk1><a:sysClr val="windowText" lastClr="${c.dk1}"/></a:dk1>` +
    `<a:lt1><a:sysClr val="window" lastClr="${c.lt1}"/></a:lt1>` +
    (
      [
        "dk2",
        "lt2",
        "accent1",
        "accent2",
        "accent3",
        "accent4",
        "accent5",
        "accent6",
        "hlink",
        "folHlink",
      ] as const
    )
      .map(srgb)
      .join("") +
    `</a:clrScheme>`;
  const font = (tag: string, f: { latin: string; ea: string; cs: string }) =>
    `<a:${tag}><a:latin typeface="${f.latin}"/><a:ea typeface="${f.ea}"/><a:cs typeface="${f.cs}"/></a:${tag}>`;
  const fonts = `<a:fontScheme name="Acme">${font("majorFont", DISTINCTIVE.fonts.major)}${font("minorFont", DISTINCTIVE.fonts.minor)}</a:fontScheme>`;
  const theme = (await text(zip, themePart))
    .replace(/<a:clrScheme[\s\S]*?<\/a:clrScheme>/, scheme)
    .replace(/<a:fontScheme[\s\S]*?<\/a:fontScheme>/, fonts)
    .replace(/(<a:theme [^>]*name=")[^"]*"/, '$1Acme"');
  zip.file(themePart, theme);

  const master = "ppt/slideMasters/slideMaster1.xml";
  let xml = await text(zip, master);
  const title = /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph type="title"\/>[\s\S]*?<\/p:sp>/.exec(xml);
  if (!title) throw new Error("no title placeholder on the master");
  const styled = title[0].replace(
    /(<a:rPr[^>]*>)<a:solidFill>[\s\S]*?<\/a:solidFill><a:latin typeface="[^"]*"\/>/,
    '$1<a:solidFill><a:schemeClr val="accent2"><a:lumMod val="75000"/></a:schemeClr></a:solidFill><a:latin typeface="+mj-lt"/>',
  );
  if (styled === title[0]) throw new Error("the master title's run has no colour and font to replace");
  xml = xml.replace(title[0], styled);
  const bg =
    `<p:bg><p:bgPr><a:gradFill rotWithShape="0"><a:gsLst>` +
    `<a:gs pos="0"><a:schemeClr val="accent1"/></a:gs>` +
    `<a:gs pos="100000"><a:schemeClr val="accent1"><a:lumMod val="60000"/></a:schemeClr></a:gs>` +
    `</a:gsLst><a:lin ang="5400000" scaled="0"/></a:gradFill><a:effectLst/></p:bgPr></p:bg>`;
  xml = xml.replace(/<p:cSld>(<p:bg>[\s\S]*?<\/p:bg>)?/, `<p:cSld>${bg}`);
  zip.file(master, xml);
  // The title-and-content layout's title keeps no frame of its own: it inherits the master's.
  const layout = "ppt/slideLayouts/slideLayout3.xml";
  const layoutXml = await text(zip, layout);
  const layoutTitle = /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph type="title"\/>[\s\S]*?<\/p:sp>/.exec(layoutXml);
  if (!layoutTitle || !layoutXml.includes('name="Title, Content"'))
    throw new Error(`${layout} is not the title-and-content layout`);
  zip.file(
    layout,
    layoutXml.replace(layoutTitle[0], layoutTitle[0].replace(/<a:xfrm>[\s\S]*?<\/a:xfrm>/, "")),
  );

  const titleLayout = "ppt/slideLayouts/slideLayout2.xml";
  let titleXml = await text(zip, titleLayout);
  if (!titleXml.includes('name="Title Slide"')) throw new Error(`${titleLayout} is not the title layout`);
  const titleSp =
    /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph type="title"\/>[\s\S]*?<\/p:sp>/.exec(titleXml)?.[0] ?? "";
  const tinted = titleSp.replace(
    /(<a:(?:rPr|endParaRPr)[^>]*>)<a:solidFill>[\s\S]*?<\/a:solidFill>/,
    '$1<a:solidFill><a:schemeClr val="accent4"><a:tint val="50000"/></a:schemeClr></a:solidFill>',
  );
  if (!titleSp || tinted === titleSp) throw new Error("the title layout's title has no coloured run");
  titleXml = titleXml
    .replace(titleSp, tinted)
    .replace(
      /<p:cSld name="Title Slide">/,
      '<p:cSld name="Title Slide"><p:bg><p:bgRef idx="1001"><a:schemeClr val="accent6"/></p:bgRef></p:bg>',
    );
  zip.file(titleLayout, titleXml);

  const { typeface, files } = DISTINCTIVE.embeddedFont;
  let presentation = await text(zip, "ppt/presentation.xml");
  let presentationRels = await text(zip, "ppt/_rels/presentation.xml.rels");
  const entries = Object.entries(files).map(([style, source], i) => {
    zip.file(`ppt/fonts/font${i + 1}.fntdata`, fs.readFileSync(source));
    presentationRels = addRelationship(
      presentationRels,
      `rIdAcmeFont${i + 1}`,
      "font",
      `fonts/font${i + 1}.fntdata`,
    );
    return `<p:${style} r:id="rIdAcmeFont${i + 1}"/>`;
  });
  presentation = presentation.replace(
    /(<p:notesSz [^>]*\/>)/,
    `$1<p:embeddedFontLst><p:embeddedFont><p:font typeface="${typeface}"/>${entries.join("")}</p:embeddedFont></p:embeddedFontLst>`,
  );
  zip.file("ppt/presentation.xml", presentation);
  zip.file("ppt/_rels/presentation.xml.rels", presentationRels);
  const types = await text(zip, "[Content_Types].xml");
  zip.file(
    "[Content_Types].xml",
    types.replace(
      "<Default ",
      '<Default Extension="fntdata" ContentType="application/x-fontdata"/><Default ',
    ),
  );
  const bytes = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  return { name: file.name.replace(".pptx", "-acme.pptx"), bytes };
}
