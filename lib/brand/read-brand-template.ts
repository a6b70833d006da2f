import "server-only";
import type { Element } from "@xmldom/xmldom";
import { FileReadError } from "../files/file-read-error";
import { DEFAULT_UPLOAD_LIMITS, type TUploadLimits } from "../files/upload-limits";
import { readRelationships, type TRelationship } from "../files/xml/read-relationships";
import { openZipPackage, relsPathOf, type TZipPackage } from "../files/zip/open-zip-package";
import { looksLikeZip } from "../files/zip/read-zip-directory";
import { BrandTemplateError } from "./brand-template-error";
import {
  type TBrandFill,
  type TBrandFrame,
  type TBrandLayout,
  type TBrandMaster,
  type TBrandPicture,
  type TBrandPlaceholder,
  type TBrandShape,
  type TBrandTemplate,
  type TBrandTextStyle,
  type TBrandTheme,
  type TEffectiveTextStyle,
  type TEmbeddedFont,
  THEME_COLOR_NAMES,
  type TLayoutRef,
  type TThemeColors,
  type TThemeFont,
  ZBrandTemplate,
  ZPlaceholderType,
} from "./brand-template-schema";
import { findColorElement, resolveColor, type TSchemeLookup } from "./resolve-color";
import { attr, child, children, descendants, intAttr, is, parseXml, path, relAttr } from "./xml-dom";

const MAIN_TYPES: Record<string, "pptx" | "potx"> = {
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml": "pptx",
  "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml": "pptx",
  "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml": "pptx",
  "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml": "pptx",
  "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml": "potx",
  "application/vnd.ms-powerpoint.template.macroenabled.main+xml": "potx",
};

/** What other Office packages are, to name them in the refusal. */
const OTHER_MAIN_TYPES: [RegExp, string][] = [
  [/wordprocessingml|ms-word/, "a Word document"],
  [/spreadsheetml|ms-excel/, "an Excel workbook"],
  [/visio|drawingml\.diagram/, "a Visio drawing"],
];

/** The accents of Office's stock themes (2007–2010, 2013, 2013–2022, 2023+), which say nothing of a brand. */
const STOCK_ACCENTS = [
  ["4F81BD", "C0504D", "9BBB59", "8064A2", "4BACC6", "F79646"],
  ["5B9BD5", "ED7D31", "A5A5A5", "FFC000", "4472C4", "70AD47"],
  ["4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47"],
  ["156082", "E97132", "196B24", "0F9ED5", "A02B93", "4EA72E"],
];

/** Office's 2007 scheme, LibreOffice's default: used only when a file has no readable theme. */
const FALLBACK_COLORS: TThemeColors = {
  dk1: "000000",
  lt1: "FFFFFF",
  dk2: "1F497D",
  lt2: "EEECE1",
  accent1: "4F81BD",
  accent2: "C0504D",
  accent3: "9BBB59",
  accent4: "8064A2",
  accent5: "4BACC6",
  accent6: "F79646",
  hlink: "0000FF",
  folHlink: "800080",
};

const EMU_PER_INCH = 914400;
const MARKUP_COMPATIBILITY = "http://schemas.openxmlformats.org/markup-compatibility/2006";
const TITLE_KINDS = new Set(["title", "ctrTitle"]);
const BODY_KINDS = new Set(["body", "obj", "subTitle"]);
const FONT_STYLES = ["regular", "bold", "italic", "boldItalic"] as const;

type TTheme = TBrandTheme & { formats: Element | null };

/** What reading one master or layout part needs. */
type TPartContext = {
  part: string;
  rels: Map<string, TRelationship>;
  scheme: TSchemeLookup;
  theme: TTheme;
};

/**
 * Reads a company's PowerPoint file (.pptx or .potx, also their macro-enabled kinds, whose
 * macros are never run) into a TBrandTemplate: the slide size, the theme's colours and fonts, every
 * master and layout with backgrounds, text styles, placeholder frames, pictures and shapes, and
 * the embedded fonts — read from the package's XML through its relationships. Refuses what is
 * not a presentation, is damaged or passes the upload limits with a BrandTemplateError (declared
 * sizes are checked before anything is inflated). Parts it cannot use are named in `warnings`.
 */
export async function readBrandTemplate(
  bytes: Buffer,
  limits: TUploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<TBrandTemplate> {
  let template: TBrandTemplate;
  try {
    template = readTemplate(bytes, limits);
  } catch (error) {
    // A part over the XML limit, a damaged entry: whatever the package reader refuses.
    throw asBrandError(error);
  }
  const checked = ZBrandTemplate.safeParse(template);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new BrandTemplateError(
      "damaged",
      `holds a value no presentation can have at ${issue?.path.join(".") || "its root"} (${issue?.message}).`,
    );
  }
  return checked.data;
}

function readTemplate(bytes: Buffer, limits: TUploadLimits): TBrandTemplate {
  const pkg = openPackage(bytes, limits);
  const warnings: string[] = [];
  const contentTypes = readContentTypes(pkg);
  const main = findMainPart(pkg, contentTypes);
  const presentation = readPart(pkg, main.part, "damaged");
  const presentationRels = readRelationships(pkg.readXml(relsPathOf(main.part)), main.part);

  const slideSize = readSlideSize(presentation, warnings);
  const defaultSize = intAttr(
    path(child(presentation, "p", "defaultTextStyle"), "a", "lvl1pPr", "defRPr"),
    "sz",
  );
  const themes = new Map<string, TTheme>();
  const masters: TBrandMaster[] = [];
  const schemes: TSchemeLookup[] = [];
  for (const id of children(path(presentation, "p", "sldMasterIdLst") ?? presentation)) {
    if (!is(id, "p", "sldMasterId")) continue;
    const rel = presentationRels.get(relAttr(id, "id") ?? "");
    if (!rel || rel.external || !pkg.has(rel.target)) {
      warnings.push(`A slide master listed in ${main.part} is missing from the file; it was skipped.`);
      continue;
    }
    const read = readMaster(pkg, rel.target, slideSize, themes, contentTypes, warnings);
    masters.push(read.master);
    schemes.push(read.scheme);
  }
  if (masters.length === 0) {
    throw new BrandTemplateError(
      "damaged",
      "has no slide master, so it holds no design to use as a template.",
    );
  }

  const first = masters[0];
  const theme = themes.get(first.themePart) ?? fallbackTheme(first.themePart);
  const scheme = schemes[0];
  // Without any style, PowerPoint draws titles at 44 pt and body text at the presentation's
  // default size (18 pt when it states none).
  const text = {
    title: effective(first.textStyles.title, scheme("tx1") ?? theme.colors.dk1, theme.fonts.major.latin, 44),
    body: effective(
      first.textStyles.body,
      scheme("tx1") ?? theme.colors.dk1,
      theme.fonts.minor.latin,
      (defaultSize ?? 1800) / 100,
    ),
  };
  const { formats: _formats, ...themeOut } = theme;
  return {
    format: main.format,
    slideSize,
    theme: themeOut,
    text,
    ...shownBackground(first, scheme("bg1") ?? theme.colors.lt1),
    masters,
    roles: findRoles(first.layouts),
    embeddedFonts: readEmbeddedFonts(pkg, presentation, presentationRels, contentTypes, warnings),
    warnings: [...new Set(warnings)],
  };
}

/**
 * What a slide on the master shows behind its content: a shape or picture covering the whole
 * slide (how LibreOffice writes gradient and picture backgrounds), else the master's p:bg, else
 * bg1.
 */
function shownBackground(
  master: TBrandMaster,
  bg1: string,
): Pick<TBrandTemplate, "background" | "backgroundSource"> {
  if (master.cover) return { background: master.cover, backgroundSource: "cover" };
  if (master.background) return { background: master.background, backgroundSource: "background" };
  return { background: { kind: "solid", color: bg1 }, backgroundSource: "bg1" };
}

/** Opens the ZIP, turning the package reader's refusals into BrandTemplateErrors. */
function openPackage(bytes: Buffer, limits: TUploadLimits): TZipPackage {
  if (!looksLikeZip(bytes)) {
    if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0) {
      throw new BrandTemplateError(
        "not_presentation",
        "is an old binary Office file (.ppt/.pot) or a password-protected one; save it from PowerPoint as .pptx or .potx without a password.",
      );
    }
    throw new BrandTemplateError("damaged", "is not a PowerPoint file (.pptx or .potx).");
  }
  try {
    return openZipPackage(bytes, limits);
  } catch (error) {
    throw asBrandError(error);
  }
}

function asBrandError(error: unknown): Error {
  if (error instanceof BrandTemplateError || !(error instanceof FileReadError)) return error as Error;
  const m = error.message;
  if (/encrypted/.test(m)) return new BrandTemplateError("encrypted", m);
  if (/zip bomb|inflate to|more than the|holds \d+ entries/.test(m))
    return new BrandTemplateError("too_large", m);
  return new BrandTemplateError("damaged", m);
}

/** An XML part as DOM; a damaged or oversized part is a BrandTemplateError. */
function readPart(pkg: TZipPackage, part: string, reason: "damaged" | "not_presentation"): Element {
  let xml: string;
  try {
    xml = pkg.readXml(part);
  } catch (error) {
    throw asBrandError(error);
  }
  if (!xml) throw new BrandTemplateError(reason, `has no part '${part}'.`);
  try {
    return parseXml(xml, part);
  } catch {
    throw new BrandTemplateError("damaged", `has a damaged part '${part}' (not well-formed XML).`);
  }
}

/** A part that may be skipped: null (with a warning) when it is missing or damaged. */
function readOptionalPart(pkg: TZipPackage, part: string, warnings: string[], what: string): Element | null {
  try {
    return readPart(pkg, part, "damaged");
  } catch (error) {
    if (error instanceof BrandTemplateError && error.reason !== "damaged") throw error;
    warnings.push(`The ${what} '${part}' could not be read; it was skipped.`);
    return null;
  }
}

type TContentTypes = (part: string) => string;

function readContentTypes(pkg: TZipPackage): TContentTypes {
  if (!pkg.has("[Content_Types].xml")) {
    throw new BrandTemplateError(
      "not_presentation",
      "is a ZIP file but not a PowerPoint presentation or template (it has no [Content_Types].xml).",
    );
  }
  const root = readPart(pkg, "[Content_Types].xml", "damaged");
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const el of children(root)) {
    if (el.localName === "Default")
      defaults.set((attr(el, "Extension") ?? "").toLowerCase(), attr(el, "ContentType") ?? "");
    if (el.localName === "Override")
      overrides.set(
        (attr(el, "PartName") ?? "").replace(/^\//, "").toLowerCase(),
        attr(el, "ContentType") ?? "",
      );
  }
  return (part) => {
    const key = part.toLowerCase();
    const ext = key.slice(key.lastIndexOf(".") + 1);
    return overrides.get(key) || defaults.get(ext) || "application/octet-stream";
  };
}

/** The package's main part (the officeDocument relationship) and whether it is a presentation or a template. */
function findMainPart(
  pkg: TZipPackage,
  contentTypes: TContentTypes,
): { part: string; format: "pptx" | "potx" } {
  const rels = readRelationships(pkg.readXml("_rels/.rels"), "");
  const main = [...rels.values()].find((r) => r.type === "officeDocument" && !r.external);
  const part = main?.target ?? (pkg.has("ppt/presentation.xml") ? "ppt/presentation.xml" : "");
  const type = part ? contentTypes(part).toLowerCase() : "";
  const format = MAIN_TYPES[type];
  if (part && format && pkg.has(part)) return { part, format };
  const other = OTHER_MAIN_TYPES.find(([re]) => re.test(type));
  throw new BrandTemplateError(
    "not_presentation",
    other
      ? `is ${other[1]}, not a PowerPoint presentation or template (.pptx or .potx).`
      : "is a ZIP file but not a PowerPoint presentation or template (it has no ppt/presentation.xml main part).",
  );
}

function readSlideSize(presentation: Element, warnings: string[]): TBrandTemplate["slideSize"] {
  const sz = child(presentation, "p", "sldSz");
  let cx = intAttr(sz, "cx") ?? 0;
  let cy = intAttr(sz, "cy") ?? 0;
  if (cx <= 0 || cy <= 0) {
    warnings.push("The file states no slide size; PowerPoint's 4:3 default (10 × 7.5 in) is assumed.");
    cx = 10 * EMU_PER_INCH;
    cy = 7.5 * EMU_PER_INCH;
  }
  const ratio = cx / cy;
  const near = (target: number) => Math.abs(ratio / target - 1) < 0.01;
  return { cx, cy, aspect: near(16 / 9) ? "16:9" : near(4 / 3) ? "4:3" : "other" };
}

function readTheme(pkg: TZipPackage, part: string, warnings: string[]): TTheme {
  const root = readOptionalPart(pkg, part, warnings, "theme");
  const elements = path(root, "a", "themeElements");
  if (!root || !elements) return fallbackTheme(part);
  const scheme = child(elements, "a", "clrScheme");
  const colors = { ...FALLBACK_COLORS };
  for (const name of THEME_COLOR_NAMES) {
    const holder = child(scheme, "a", name);
    const colorEl = holder ? findColorElement(holder) : null;
    const hex = colorEl ? resolveColor(colorEl, () => null) : null;
    if (hex) colors[name] = hex;
    else warnings.push(`The theme's colour ${name} could not be read; Office's default was used.`);
  }
  const fonts = child(elements, "a", "fontScheme");
  const font = (which: string): TThemeFont => {
    const el = child(fonts, "a", which);
    return {
      latin: attr(child(el, "a", "latin"), "typeface") ?? "",
      ea: attr(child(el, "a", "ea"), "typeface") ?? "",
      cs: attr(child(el, "a", "cs"), "typeface") ?? "",
    };
  };
  const major = font("majorFont");
  const minor = font("minorFont");
  if (!major.latin || !minor.latin) warnings.push("The theme names no Latin heading or body font.");
  const accents = [
    colors.accent1,
    colors.accent2,
    colors.accent3,
    colors.accent4,
    colors.accent5,
    colors.accent6,
  ];
  return {
    part,
    name: attr(root, "name") ?? "",
    colors,
    fonts: { major, minor },
    generic: STOCK_ACCENTS.some((stock) => stock.every((c, i) => c === accents[i])),
    formats: child(elements, "a", "fmtScheme"),
  };
}

function fallbackTheme(part: string): TTheme {
  const font = { latin: "Calibri", ea: "", cs: "" };
  return {
    part,
    name: "",
    colors: { ...FALLBACK_COLORS },
    fonts: { major: font, minor: font },
    generic: true,
    formats: null,
  };
}

/** The master's p:clrMap (bg1 → lt1, tx1 → dk1, …), as name → theme colour name. */
function readClrMap(master: Element): Map<string, string> {
  const map = new Map<string, string>([
    ["bg1", "lt1"],
    ["tx1", "dk1"],
    ["bg2", "lt2"],
    ["tx2", "dk2"],
  ]);
  const el = child(master, "p", "clrMap");
  return el ? new Map([...map, ...attributeMap(el)]) : map;
}

function schemeFor(theme: TTheme, clrMap: Map<string, string>, phClr?: string | null): TSchemeLookup {
  return (name) => {
    if (name === "phClr") return phClr ?? null;
    const mapped = clrMap.get(name) ?? name;
    return (theme.colors as Record<string, string>)[mapped] ?? null;
  };
}

function readMaster(
  pkg: TZipPackage,
  part: string,
  slide: TBrandTemplate["slideSize"],
  themes: Map<string, TTheme>,
  contentTypes: TContentTypes,
  warnings: string[],
): { master: TBrandMaster; scheme: TSchemeLookup } {
  const root = readPart(pkg, part, "damaged");
  const rels = readRelationships(pkg.readXml(relsPathOf(part)), part);
  const themeRel = [...rels.values()].find((r) => r.type === "theme" && !r.external);
  const themePart = themeRel?.target ?? "";
  if (!themes.has(themePart)) {
    if (!themePart || !pkg.has(themePart)) {
      warnings.push(`The slide master '${part}' has no theme; Office's default colours and fonts were used.`);
      themes.set(themePart, fallbackTheme(themePart));
    } else themes.set(themePart, readTheme(pkg, themePart, warnings));
  }
  const theme = themes.get(themePart) as TTheme;
  const clrMap = readClrMap(root);
  const ctx: TPartContext = { part, rels, scheme: schemeFor(theme, clrMap), theme };
  const reader = new PartReader(pkg, ctx, slide, contentTypes, warnings);
  const tree = reader.readTree(path(root, "p", "cSld", "spTree"), []);

  const txStyles = child(root, "p", "txStyles");
  const titlePh = tree.placeholders.find((p) => TITLE_KINDS.has(p.type));
  const bodyPh = tree.placeholders.find((p) => p.type === "body" || p.type === "obj");
  const titleStyle = reader.textStyle(
    path(child(txStyles, "p", "titleStyle"), "a", "lvl1pPr", "defRPr") ?? undefined,
  );
  const bodyLvl1 = child(child(txStyles, "p", "bodyStyle"), "a", "lvl1pPr");
  const bodyStyle = reader.textStyle(child(bodyLvl1, "a", "defRPr") ?? undefined);
  const bodyPhEl = tree.placeholderElements.get(bodyPh ?? null);
  const phBullet = readBullet(bodyPhEl ?? null);
  const bullet = phBullet !== undefined ? phBullet : (readBulletFrom(bodyLvl1) ?? null);

  const layouts: TBrandLayout[] = [];
  for (const id of children(path(root, "p", "sldLayoutIdLst") ?? root)) {
    if (!is(id, "p", "sldLayoutId")) continue;
    const rel = rels.get(relAttr(id, "id") ?? "");
    if (!rel || rel.external || !pkg.has(rel.target)) {
      warnings.push(`A layout listed in '${part}' is missing from the file; it was skipped.`);
      continue;
    }
    const layout = readLayout(
      pkg,
      rel.target,
      theme,
      clrMap,
      tree.placeholders,
      slide,
      contentTypes,
      warnings,
    );
    if (layout) layouts.push(layout);
  }

  const master: TBrandMaster = {
    part,
    themePart,
    background: reader.background(root),
    cover: tree.cover,
    textStyles: {
      title: merge(titlePh?.text, titleStyle),
      body: merge(bodyPh?.text, bodyStyle),
      bullet,
    },
    placeholders: tree.placeholders,
    pictures: tree.pictures,
    shapes: tree.shapes,
    layouts,
  };
  return { master, scheme: ctx.scheme };
}

function readLayout(
  pkg: TZipPackage,
  part: string,
  theme: TTheme,
  masterClrMap: Map<string, string>,
  masterPlaceholders: TBrandPlaceholder[],
  slide: TBrandTemplate["slideSize"],
  contentTypes: TContentTypes,
  warnings: string[],
): TBrandLayout | null {
  const root = readOptionalPart(pkg, part, warnings, "layout");
  if (!root) return null;
  const rels = readRelationships(pkg.readXml(relsPathOf(part)), part);
  // A layout may map bg1/tx1/… differently from its master (a dark title layout).
  const override = child(path(root, "p", "clrMapOvr"), "a", "overrideClrMapping");
  const clrMap = override ? new Map([...masterClrMap, ...attributeMap(override)]) : masterClrMap;
  const ctx: TPartContext = { part, rels, scheme: schemeFor(theme, clrMap), theme };
  const reader = new PartReader(pkg, ctx, slide, contentTypes, warnings);
  const tree = reader.readTree(path(root, "p", "cSld", "spTree"), masterPlaceholders);
  const first = (kinds: Set<string>) => tree.placeholders.find((p) => kinds.has(p.type))?.frame ?? null;
  return {
    part,
    name: attr(child(root, "p", "cSld"), "name") ?? "",
    type: attr(root, "type") || "cust",
    background: reader.background(root),
    cover: tree.cover,
    placeholders: tree.placeholders,
    frames: {
      title: first(TITLE_KINDS),
      body: first(new Set(["body", "obj"])),
      subtitle: first(new Set(["subTitle"])),
    },
    pictures: tree.pictures,
    shapes: tree.shapes,
    hidesMasterShapes: ["0", "false"].includes(attr(root, "showMasterSp") ?? ""),
  };
}

function attributeMap(el: Element): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (a && !a.name.startsWith("xmlns")) map.set(a.localName ?? a.name, a.value);
  }
  return map;
}

/** A child coordinate space → slide space (for shapes inside groups). */
type TTransform = (f: { x: number; y: number; cx: number; cy: number }) => {
  x: number;
  y: number;
  cx: number;
  cy: number;
};

type TTree = {
  placeholders: TBrandPlaceholder[];
  /** The p:sp of each placeholder, for its paragraphs' bullets. */
  placeholderElements: Map<TBrandPlaceholder | null, Element>;
  pictures: TBrandPicture[];
  shapes: TBrandShape[];
  /** The fill of the topmost shape or picture covering the whole slide, if any. */
  cover: TBrandFill | null;
};

/** Reads the shape tree, backgrounds, fills and text of one master or layout part. */
class PartReader {
  constructor(
    private readonly pkg: TZipPackage,
    private readonly ctx: TPartContext,
    private readonly slide: TBrandTemplate["slideSize"],
    private readonly contentTypes: TContentTypes,
    private readonly warnings: string[],
  ) {}

  readTree(spTree: Element | null, inheritFrom: TBrandPlaceholder[]): TTree {
    const tree: TTree = {
      placeholders: [],
      placeholderElements: new Map(),
      pictures: [],
      shapes: [],
      cover: null,
    };
    if (spTree) this.walk(spTree, (f) => f, tree, inheritFrom);
    return tree;
  }

  private walk(group: Element, transform: TTransform, tree: TTree, inheritFrom: TBrandPlaceholder[]): void {
    for (const el of children(group)) {
      if (is(el, "p", "grpSp")) {
        this.walk(el, compose(transform, child(path(el, "p", "grpSpPr"), "a", "xfrm")), tree, inheritFrom);
      } else if (is(el, "p", "sp")) {
        const nv = path(el, "p", "nvSpPr");
        const ph = path(nv, "p", "nvPr", "ph");
        const name = attr(child(nv, "p", "cNvPr"), "name") ?? "";
        const own = readXfrm(child(path(el, "p", "spPr"), "a", "xfrm"));
        if (ph) {
          const placeholder = this.placeholder(el, ph, name, own ? transform(own) : null, inheritFrom);
          tree.placeholders.push(placeholder);
          tree.placeholderElements.set(placeholder, el);
        } else if (own) {
          const shape = this.shape(el, name, transform(own));
          tree.shapes.push(shape);
          if (shape.fill && this.covers(shape.frame) && opaque(path(el, "p", "spPr")))
            tree.cover = shape.fill;
        }
      } else if (is(el, "p", "pic")) {
        const picture = this.picture(el, transform);
        if (picture) tree.pictures.push(picture);
        if (picture && this.covers(picture.frame))
          tree.cover = { kind: "picture", part: picture.part, contentType: picture.contentType, tile: false };
      } else if (el.localName === "AlternateContent" && el.namespaceURI === MARKUP_COMPATIBILITY) {
        // Shapes a newer PowerPoint wraps: read the fallback every reader understands.
        const fallback = children(el).find((c) => c.localName === "Fallback") ?? children(el)[0];
        if (fallback) this.walk(fallback, transform, tree, inheritFrom);
      }
    }
  }

  private placeholder(
    sp: Element,
    ph: Element,
    name: string,
    own: { x: number; y: number; cx: number; cy: number } | null,
    inheritFrom: TBrandPlaceholder[],
  ): TBrandPlaceholder {
    const parsedType = ZPlaceholderType.safeParse(attr(ph, "type") ?? "obj");
    const type = parsedType.success ? parsedType.data : "obj";
    const idx = intAttr(ph, "idx") ?? 0;
    let frame = own ? this.frame(own) : null;
    let inherited = false;
    if (!frame) {
      const parent = findInherited(inheritFrom, type, idx);
      if (parent?.frame) {
        frame = parent.frame;
        inherited = true;
      }
    }
    return { type, idx, name, frame, inherited, text: this.placeholderText(sp) };
  }

  /** The text style a placeholder's own paragraphs set: first run, paragraph end, list style. */
  private placeholderText(sp: Element): TBrandTextStyle {
    const body = child(sp, "p", "txBody");
    const p = child(body, "a", "p");
    const run = child(child(p, "a", "r"), "a", "rPr");
    return merge(
      this.textStyle(run ?? undefined),
      this.textStyle(child(p, "a", "endParaRPr") ?? undefined),
      this.textStyle(path(body, "a", "lstStyle", "lvl1pPr", "defRPr") ?? undefined),
    );
  }

  /** A run-properties element (a:rPr, a:defRPr, a:endParaRPr) as a text style. */
  textStyle(rPr: Element | undefined): TBrandTextStyle {
    if (!rPr) return { color: null, font: null, sizePt: null, bold: null };
    const fill = child(rPr, "a", "solidFill");
    const colorEl = fill ? findColorElement(fill) : null;
    const sz = intAttr(rPr, "sz");
    const b = attr(rPr, "b");
    const typeface = attr(child(rPr, "a", "latin"), "typeface");
    return {
      color: colorEl ? resolveColor(colorEl, this.ctx.scheme) : null,
      font: typeface ? this.resolveTypeface(typeface) : null,
      sizePt: sz && sz > 0 ? sz / 100 : null,
      bold: b === null ? null : b === "1" || b === "true",
    };
  }

  /** +mj-lt / +mn-ea … name the theme's fonts. */
  private resolveTypeface(typeface: string): string | null {
    const m = /^\+(mj|mn)-(lt|ea|cs)$/.exec(typeface);
    if (!m) return typeface || null;
    const font = m[1] === "mj" ? this.ctx.theme.fonts.major : this.ctx.theme.fonts.minor;
    const script = m[2] === "lt" ? "latin" : m[2];
    return font[script as keyof TThemeFont] || null;
  }

  /** Whether a frame covers the whole slide (to within 1% at each edge). */
  covers(frame: TBrandFrame): boolean {
    const { x, y, w, h } = frame.fraction;
    return x <= 0.01 && y <= 0.01 && x + w >= 0.99 && y + h >= 0.99;
  }

  frame(f: { x: number; y: number; cx: number; cy: number }): TBrandFrame {
    const { cx: w, cy: h } = this.slide;
    const x = Math.round(f.x);
    const y = Math.round(f.y);
    const cx = Math.max(0, Math.round(f.cx));
    const cy = Math.max(0, Math.round(f.cy));
    return { x, y, cx, cy, fraction: { x: x / w, y: y / h, w: cx / w, h: cy / h } };
  }

  private picture(pic: Element, transform: TTransform): TBrandPicture | null {
    const cNvPr = path(pic, "p", "nvPicPr", "cNvPr");
    const name = attr(cNvPr, "name") ?? "";
    const xfrm = readXfrm(child(path(pic, "p", "spPr"), "a", "xfrm"));
    const blip = child(path(pic, "p", "blipFill"), "a", "blip");
    const part = this.mediaPart(relAttr(blip, "embed"), name || "a picture");
    if (!xfrm || !part) return null;
    return {
      name,
      description: attr(cNvPr, "descr") ?? "",
      part,
      contentType: this.contentTypes(part),
      frame: this.frame(transform(xfrm)),
    };
  }

  /** The package part a relationship id names; null (with a warning) when linked or missing. */
  private mediaPart(rId: string | null, what: string): string | null {
    if (!rId) return null;
    const rel = this.ctx.rels.get(rId);
    if (!rel || rel.external) {
      this.warnings.push(
        `'${this.ctx.part}': ${what} is linked to a file outside the package and cannot be used.`,
      );
      return null;
    }
    if (!this.pkg.has(rel.target)) {
      this.warnings.push(
        `'${this.ctx.part}': ${what} names '${rel.target}', which is missing from the file.`,
      );
      return null;
    }
    return rel.target;
  }

  private shape(
    sp: Element,
    name: string,
    frame: { x: number; y: number; cx: number; cy: number },
  ): TBrandShape {
    const spPr = path(sp, "p", "spPr");
    const style = child(sp, "p", "style");
    const geometry =
      attr(child(spPr, "a", "prstGeom"), "prst") ?? (child(spPr, "a", "custGeom") ? "custom" : "rect");
    const fill = this.fillOf(spPr, `the shape '${name}'`) ?? this.styleFill(child(style, "a", "fillRef"));
    const ln = child(spPr, "a", "ln");
    let line: string | null = null;
    const lineFill = child(ln, "a", "solidFill");
    if (lineFill) {
      const el = findColorElement(lineFill);
      line = el ? resolveColor(el, this.ctx.scheme) : null;
    } else if (!child(ln, "a", "noFill")) {
      const lnRef = child(style, "a", "lnRef");
      const el = lnRef && (intAttr(lnRef, "idx") ?? 0) > 0 ? findColorElement(lnRef) : null;
      line = el ? resolveColor(el, this.ctx.scheme) : null;
    }
    const xfrm = child(spPr, "a", "xfrm");
    const flip = { h: attr(xfrm, "flipH") === "1", v: attr(xfrm, "flipV") === "1" };
    return {
      name,
      geometry,
      frame: this.frame(frame),
      fill: fill === "none" ? null : flipped(fill, flip),
      line,
    };
  }

  /** A master's or layout's own background (p:bg), null when it states none. */
  background(root: Element): TBrandFill | null {
    const bg = path(root, "p", "cSld", "bg");
    if (!bg) return null;
    const bgPr = child(bg, "p", "bgPr");
    if (bgPr) {
      const fill = this.fillOf(bgPr, "the background");
      if (fill === null)
        this.warnings.push(`'${this.ctx.part}': its background is of a kind that cannot be read.`);
      return fill === "none" ? null : fill;
    }
    const ref = child(bg, "p", "bgRef");
    const fill = this.styleFill(ref);
    if (fill === null)
      this.warnings.push(`'${this.ctx.part}': its background refers to a theme style that cannot be read.`);
    return fill === "none" ? null : fill;
  }

  /**
   * The fill among `holder`'s children: a TBrandFill, "none" for a:noFill, or null when there is
   * none or it cannot be read (a pattern, a group fill).
   */
  private fillOf(holder: Element | null, what: string, phClr?: string | null): TBrandFill | "none" | null {
    if (!holder) return null;
    const scheme: TSchemeLookup = (name) => (name === "phClr" ? (phClr ?? null) : this.ctx.scheme(name));
    for (const el of children(holder)) {
      if (is(el, "a", "noFill")) return "none";
      if (is(el, "a", "solidFill")) {
        const c = findColorElement(el);
        const color = c ? resolveColor(c, scheme) : null;
        return color ? { kind: "solid", color } : null;
      }
      if (is(el, "a", "gradFill")) {
        const stops = descendants(el, "a", "gs")
          .map((gs) => {
            const c = findColorElement(gs);
            const color = c ? resolveColor(c, scheme) : null;
            const position = Math.min(1, Math.max(0, (intAttr(gs, "pos") ?? 0) / 100000));
            return color ? { position, color } : null;
          })
          .filter((s) => s !== null)
          .sort((a, b) => a.position - b.position);
        if (stops.length === 0) return null;
        const lin = child(el, "a", "lin");
        const pathEl = child(el, "a", "path");
        if (pathEl && !lin) {
          const kind = attr(pathEl, "path");
          return {
            kind: "gradient",
            stops,
            angle: null,
            path: kind === "circle" || kind === "rect" || kind === "shape" ? kind : "circle",
          };
        }
        const angle = ((((intAttr(lin, "ang") ?? 0) / 60000) % 360) + 360) % 360;
        return { kind: "gradient", stops, angle, path: "linear" };
      }
      if (is(el, "a", "blipFill")) {
        const part = this.mediaPart(relAttr(child(el, "a", "blip"), "embed"), `the picture of ${what}`);
        if (!part) return null;
        return {
          kind: "picture",
          part,
          contentType: this.contentTypes(part),
          tile: !!child(el, "a", "tile"),
        };
      }
      if (is(el, "a", "pattFill") || is(el, "a", "grpFill")) return null;
    }
    return null;
  }

  /**
   * A fill taken from the theme's format scheme by a style reference (p:bgRef, a:fillRef): idx
   * 1–999 is the fillStyleLst entry, 1001+ the bgFillStyleLst entry, its phClr the reference's colour.
   */
  private styleFill(ref: Element | null): TBrandFill | "none" | null {
    if (!ref) return null;
    const idx = intAttr(ref, "idx") ?? 0;
    if (idx <= 0 || idx === 1000) return "none";
    const colorEl = findColorElement(ref);
    const phClr = colorEl ? resolveColor(colorEl, this.ctx.scheme) : null;
    const list = child(this.ctx.theme.formats, "a", idx > 1000 ? "bgFillStyleLst" : "fillStyleLst");
    const entry = list ? children(list)[idx > 1000 ? idx - 1001 : idx - 1] : undefined;
    if (!entry?.ownerDocument) return null;
    // fillOf reads the fill among a holder's children: hold a copy of the entry.
    const holder = entry.ownerDocument.createElement("holder");
    holder.appendChild(entry.cloneNode(true));
    return this.fillOf(holder, "a theme style", phClr);
  }
}

/** Whether a shape's own fill has no transparency (a:alpha below 100%) anywhere in it. */
function opaque(spPr: Element | null): boolean {
  if (!spPr) return true;
  return !descendants(spPr, "a", "alpha").some((a) => (intAttr(a, "val") ?? 100000) < 100000);
}

/**
 * A shape's fill as it shows on the unflipped frame: a flipped shape flips its linear gradient with
 * it (PowerPoint rotates fills with the shape), mirroring the angle across the flipped axis.
 */
function flipped(fill: TBrandFill | null, flip: { h: boolean; v: boolean }): TBrandFill | null {
  if (fill?.kind !== "gradient" || fill.angle === null || (!flip.h && !flip.v)) return fill;
  let angle = fill.angle;
  if (flip.h) angle = 180 - angle;
  if (flip.v) angle = -angle;
  return { ...fill, angle: ((angle % 360) + 360) % 360 };
}

function readXfrm(xfrm: Element | null): { x: number; y: number; cx: number; cy: number } | null {
  const off = child(xfrm, "a", "off");
  const ext = child(xfrm, "a", "ext");
  if (!off || !ext) return null;
  return {
    x: intAttr(off, "x") ?? 0,
    y: intAttr(off, "y") ?? 0,
    cx: intAttr(ext, "cx") ?? 0,
    cy: intAttr(ext, "cy") ?? 0,
  };
}

/** The transform of a group: its children's chOff/chExt space mapped onto its off/ext. */
function compose(outer: TTransform, xfrm: Element | null): TTransform {
  const frame = readXfrm(xfrm);
  const chOff = child(xfrm, "a", "chOff");
  const chExt = child(xfrm, "a", "chExt");
  if (!frame || !chOff || !chExt) return outer;
  const cx0 = intAttr(chOff, "x") ?? 0;
  const cy0 = intAttr(chOff, "y") ?? 0;
  const sx = (intAttr(chExt, "cx") ?? 0) > 0 ? frame.cx / (intAttr(chExt, "cx") as number) : 1;
  const sy = (intAttr(chExt, "cy") ?? 0) > 0 ? frame.cy / (intAttr(chExt, "cy") as number) : 1;
  return (f) =>
    outer({ x: frame.x + (f.x - cx0) * sx, y: frame.y + (f.y - cy0) * sy, cx: f.cx * sx, cy: f.cy * sy });
}

/**
 * The master placeholder a layout placeholder inherits from: the same idx and kind, else the
 * same kind (title ← title/ctrTitle; body, content and subtitle ← the master's body; dates,
 * footers and slide numbers ← their own type).
 */
function findInherited(
  master: TBrandPlaceholder[],
  type: string,
  idx: number,
): TBrandPlaceholder | undefined {
  const kind = (t: string) => (TITLE_KINDS.has(t) ? "title" : BODY_KINDS.has(t) ? "body" : t);
  const want = kind(type);
  return (
    master.find((p) => p.idx === idx && idx !== 0 && kind(p.type) === want) ??
    master.find((p) => p.type === type) ??
    master.find((p) => kind(p.type) === want)
  );
}

function readBullet(sp: Element | null): TBrandMaster["textStyles"]["bullet"] | undefined {
  const body = child(sp, "p", "txBody");
  const pPr = path(body, "a", "p", "pPr");
  const fromParagraph = readBulletFrom(pPr);
  if (fromParagraph !== undefined) return fromParagraph;
  return readBulletFrom(path(body, "a", "lstStyle", "lvl1pPr")) ?? undefined;
}

/** The bullet a paragraph-properties element sets: a bullet, null for buNone, undefined when silent. */
function readBulletFrom(pPr: Element | null): TBrandMaster["textStyles"]["bullet"] | undefined {
  if (!pPr) return undefined;
  if (child(pPr, "a", "buNone")) return null;
  const char = attr(child(pPr, "a", "buChar"), "char");
  if (!char) return undefined;
  return { char, font: attr(child(pPr, "a", "buFont"), "typeface") };
}

function merge(...styles: (TBrandTextStyle | undefined)[]): TBrandTextStyle {
  const out: TBrandTextStyle = { color: null, font: null, sizePt: null, bold: null };
  for (const s of styles) {
    if (!s) continue;
    out.color ??= s.color;
    out.font ??= s.font;
    out.sizePt ??= s.sizePt;
    out.bold ??= s.bold;
  }
  return out;
}

function effective(style: TBrandTextStyle, color: string, font: string, sizePt: number): TEffectiveTextStyle {
  return {
    color: style.color ?? color,
    font: style.font ?? (font || "Calibri"),
    sizePt: style.sizePt ?? sizePt,
    bold: style.bold ?? false,
  };
}

/** The first master's title, title-and-content and section layouts: by type, else by placeholders. */
function findRoles(layouts: TBrandLayout[]): TBrandTemplate["roles"] {
  const ref = (i: number): TLayoutRef | null => (i < 0 ? null : { master: 0, layout: i });
  const kinds = (l: TBrandLayout) => l.placeholders.map((p) => p.type);
  const byType = (t: string) => layouts.findIndex((l) => l.type === t);
  const pick = (t: string, fits: (l: TBrandLayout) => boolean) => {
    const i = byType(t);
    return ref(i >= 0 ? i : layouts.findIndex(fits));
  };
  return {
    title: pick("title", (l) => {
      const k = kinds(l);
      return (
        k.includes("ctrTitle") ||
        (k.includes("title") && k.includes("subTitle") && !k.some((t) => t === "body" || t === "obj"))
      );
    }),
    content: pick("obj", (l) => {
      const k = kinds(l);
      return k.some((t) => TITLE_KINDS.has(t)) && k.filter((t) => t === "body" || t === "obj").length === 1;
    }),
    section: ref(byType("secHead")),
  };
}

function readEmbeddedFonts(
  pkg: TZipPackage,
  presentation: Element,
  rels: Map<string, TRelationship>,
  contentTypes: TContentTypes,
  warnings: string[],
): TEmbeddedFont[] {
  const fonts: TEmbeddedFont[] = [];
  for (const el of children(path(presentation, "p", "embeddedFontLst") ?? presentation)) {
    if (!is(el, "p", "embeddedFont")) continue;
    const typeface = attr(child(el, "p", "font"), "typeface") ?? "";
    const styles: TEmbeddedFont["styles"] = [];
    for (const style of FONT_STYLES) {
      const rel = rels.get(relAttr(child(el, "p", style), "id") ?? "");
      if (!rel) continue;
      if (rel.external || !pkg.has(rel.target)) {
        warnings.push(`The embedded font '${typeface}' (${style}) is missing from the file.`);
        continue;
      }
      styles.push({ style, part: rel.target, contentType: contentTypes(rel.target) });
    }
    if (typeface && styles.length > 0) fonts.push({ typeface, styles });
  }
  return fonts;
}
