import "server-only";
import type { Element } from "@xmldom/xmldom";
import { writeZip } from "@/lib/files/zip/write-zip";
import type { TBrandFill, TBrandLayout, TBrandTemplate, TLayoutRef } from "./brand-template-schema";
import {
  contentTypeOf,
  extensionOf,
  findPart,
  readContentTypes,
  readParts,
  readRels,
  relKind,
  serializeXml,
  type TContentTypes,
  type TParts,
  type TRel,
  writeContentTypes,
  writeRels,
} from "./pptx-package";
import {
  dropSlideBackground,
  fitChartXml,
  fitSlideXml,
  schemeColors,
  slideBackgroundColor,
  slideFit,
  type TSchemeRef,
  type TSlideFit,
  themeFonts,
  titlePlaceholder,
} from "./pptx-slide-xml";
import { resolveColor } from "./resolve-color";
import { attr, child, children, descendants, is, parseXml, relAttr } from "./xml-dom";

/** Which of the brand's layouts a generated slide goes on, and its title text (for the placeholder). */
export type TMasterPage = {
  role: "title" | "content" | "section";
  title?: string;
  /**
   * "layout" when the slide's own background colour only stood in for its layout's scene (the
   * brand look's): it goes, so the master's background, pictures and shapes show. Left out, the
   * slide's colour goes only when it repeats the layout's plain background.
   */
  background?: "layout";
};

const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PRESENTATION_MAIN =
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml";
const CHART = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml";
/** p14:sectionLst: sections list slide ids, which are the sample slides' and go with them. */
const SECTIONS_EXT = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}";
/** Relationships of the package that describe the uploaded file, not the deck written on it. */
const DOCUMENT_PROPERTIES = new Set(["core-properties", "extended-properties", "thumbnail"]);
/** Relationships of the uploaded parts not followed into the result. */
const DROPPED = new Set(["slide", "vbaProject"]);
/** Theme colours by preference when one value is several of them: accents, then dk2/lt2, dk1/lt1. */
const THEME_PREFERENCE = [
  "accent1",
  "accent2",
  "accent3",
  "accent4",
  "accent5",
  "accent6",
  "dk2",
  "lt2",
  "dk1",
  "lt1",
] as const;
/** How slides name the theme's dk/lt colours when the master maps them the usual way. */
const SLIDE_ALIASES: Record<string, string> = { dk1: "tx1", lt1: "bg1", dk2: "tx2", lt2: "bg2" };

/**
 * Writes a generated deck on an uploaded brand file's slide master: the result is the uploaded
 * package — its masters, layouts (PowerPoint's Layout menu), themes, media, fonts and
 * presentation properties — without its own slides, notes or anything only they used, and with
 * the generated slides (their pictures, charts and workbooks, notes) in their place, each on the
 * brand layout of its page's role. pptxgenjs' own master, layout and theme are dropped; a
 * template (.potx) comes out as a presentation. Slides are fitted to the brand's slide size (one
 * scale, centred: a 16:9 deck on a 4:3 master keeps its proportions), leave plain backgrounds to
 * the master, name theme colours and fonts as scheme references, and their title box becomes the
 * layout's title placeholder.
 */
export async function writeOnMaster(
  generated: Buffer,
  uploaded: Buffer,
  brand: TBrandTemplate,
  pages: TMasterPage[],
): Promise<Buffer> {
  const gen = readParts(generated);
  const up = readParts(uploaded);
  const genTypes = readContentTypes(gen);
  const upTypes = readContentTypes(up);
  const out: TParts = new Map();
  const outRels = new Map<string, TRel[]>();
  const types: TContentTypes = { defaults: new Map(upTypes.defaults), overrides: new Map() };
  const taken = new Set<string>();
  const keep = (name: string, data: Buffer, type: string | undefined) => {
    out.set(name, data);
    taken.add(name.toLowerCase());
    if (!type) return;
    const ext = extensionOf(name);
    if (ext && !types.defaults.has(ext) && !name.endsWith(".xml")) types.defaults.set(ext, type);
    else types.overrides.set(name.toLowerCase(), type);
  };

  // The uploaded package: everything its presentation reaches except through its slides.
  const upRoot = readRels(up, "");
  const main = mainPart(upRoot, "uploaded");
  const upPresentationRels = readRels(up, main);
  const walk = (part: string) => {
    if (out.has(part)) return;
    const data = findPart(up, part);
    if (!data) return;
    // Not the sample slides, nor macros (a .pptm's VBA project): what comes out is a .pptx.
    const all = readRels(up, part);
    const rels = all.filter((rel) => !DROPPED.has(relKind(rel.type)));
    const dropped = all.filter((rel) => DROPPED.has(relKind(rel.type))).map((rel) => rel.id);
    const kept =
      dropped.length > 0 && part !== main ? withoutReferences(data.toString("utf8"), dropped) : null;
    keep(part, kept === null ? data : Buffer.from(kept, "utf8"), contentTypeOf(upTypes, part));
    if (part !== main) outRels.set(part, rels);
    for (const rel of rels) if (!rel.external) walk(rel.target);
  };
  const rootRels = upRoot.filter((rel) => !DOCUMENT_PROPERTIES.has(relKind(rel.type)));
  for (const rel of rootRels) if (!rel.external) walk(rel.target);
  types.overrides.set(main.toLowerCase(), PRESENTATION_MAIN);

  // The generated package: its slides in presentation order, and its document properties.
  const genRoot = readRels(gen, "");
  const genMain = mainPart(genRoot, "generated");
  const genPresentation = parseXml(partText(gen, genMain), genMain);
  const genPresentationRels = readRels(gen, genMain);
  const genSlides = slideOrder(genPresentation, genPresentationRels);
  if (genSlides.length !== pages.length)
    throw new Error(`writeOnMaster: ${genSlides.length} generated slides for ${pages.length} pages`);
  const fit = slideFit(slideSize(genPresentation), brand.slideSize);

  const allocate = (wanted: string) => {
    let name = wanted;
    const dot = wanted.lastIndexOf(".");
    const stem = wanted.slice(0, dot).replace(/\d+$/, "");
    for (let n = 1; taken.has(name.toLowerCase()); n++) name = `${stem}${n}${wanted.slice(dot)}`;
    taken.add(name.toLowerCase());
    return name;
  };

  let notesMaster = upPresentationRels.find((rel) => relKind(rel.type) === "notesMaster")?.target ?? null;
  const addedNotesMaster = { part: null as string | null };
  const copied = new Map<string, string>();
  // Each slide's brand layout, known before any copying: a slide may be reached first through
  // another one (a link that jumps to it).
  const layouts = new Map(
    genSlides.map((part, i) => {
      const ref = roleLayout(brand, pages[i]);
      return [part, { ref, part: brand.masters[ref.master].layouts[ref.layout].part }];
    }),
  );
  const copy = (part: string): string => {
    const done = copied.get(part);
    if (done) return done;
    const data = findPart(gen, part);
    if (!data) throw new Error(`writeOnMaster: the generated deck has no part ${part}`);
    const name = allocate(part);
    copied.set(part, name);
    const rels = readRels(gen, part).map((rel): TRel => {
      if (rel.external) return rel;
      switch (relKind(rel.type)) {
        case "slideLayout": {
          const layout = layouts.get(part);
          if (!layout) throw new Error(`writeOnMaster: ${part} is not a slide but has a layout`);
          return { ...rel, target: layout.part };
        }
        case "notesMaster":
          if (!notesMaster) {
            notesMaster = copy(rel.target);
            addedNotesMaster.part = notesMaster;
          }
          return { ...rel, target: notesMaster };
        default:
          return { ...rel, target: copy(rel.target) };
      }
    });
    const type = contentTypeOf(genTypes, part);
    keep(name, type === CHART ? Buffer.from(fitChartXml(data.toString("utf8"), fit), "utf8") : data, type);
    outRels.set(name, rels);
    return name;
  };

  const slides = genSlides.map((part, i) => {
    const name = copy(part);
    const ref = layouts.get(part)?.ref ?? roleLayout(brand, pages[i]);
    const xml = rewriteSlide(out.get(name)?.toString("utf8") ?? "", up, brand, ref, pages[i], fit);
    out.set(name, Buffer.from(xml, "utf8"));
    return name;
  });

  // The deck's own document properties (title, author, slide count), not the template's.
  for (const rel of genRoot.filter((r) => DOCUMENT_PROPERTIES.has(relKind(r.type)) && !r.external)) {
    const data = findPart(gen, rel.target);
    if (!data || relKind(rel.type) === "thumbnail") continue;
    const name = allocate(rel.target);
    keep(name, data, contentTypeOf(genTypes, rel.target));
    rootRels.push({ ...rel, id: freeId(rootRels), target: name });
  }
  outRels.set("", rootRels);

  // The presentation: the generated slides in its slide list, a notes master if it lacked one.
  const presentationRels = upPresentationRels.filter((rel) => !DROPPED.has(relKind(rel.type)));
  const slideRels = slides.map((target) => {
    const rel = { id: freeId(presentationRels), type: `${REL_TYPE}/slide`, target, external: false };
    presentationRels.push(rel);
    return rel;
  });
  let notesMasterRel: TRel | null = null;
  if (addedNotesMaster.part) {
    notesMasterRel = {
      id: freeId(presentationRels),
      type: `${REL_TYPE}/notesMaster`,
      target: addedNotesMaster.part,
      external: false,
    };
    presentationRels.push(notesMasterRel);
  }
  outRels.set(main, presentationRels);
  out.set(main, rewritePresentation(partText(up, main), main, slideRels, notesMasterRel));

  for (const [source, rels] of outRels) {
    const name = source === "" ? "_rels/.rels" : relsName(source);
    out.set(name, writeRels(source, rels));
  }
  out.set("[Content_Types].xml", writeContentTypes(types, out.keys()));
  const order = [
    "[Content_Types].xml",
    "_rels/.rels",
    ...[...out.keys()].filter((n) => !n.startsWith("[") && n !== "_rels/.rels"),
  ];
  return writeZip(
    order.map((name) => ({ name, data: out.get(name) as Buffer })),
    (name) => /^ppt\/(media|embeddings|fonts)\//.test(name),
  );
}

/**
 * A kept part without what pointed at the sample slides: hyperlinks that jumped to one (a
 * master's or layout's button) and the outline view's slide list (viewProps), so no reference is
 * left dangling, which PowerPoint would offer to repair.
 */
function withoutReferences(xml: string, ids: string[]): string {
  let out = xml;
  for (const id of ids) {
    const ref = `r:id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`;
    out = out
      .replace(
        new RegExp(`<a:(hlinkClick|hlinkHover)\\b[^>]*\\b${ref}[^>]*?(?:/>|>[\\s\\S]*?</a:\\1>)`, "g"),
        "",
      )
      .replace(new RegExp(`<p:sld\\b[^>]*\\b${ref}[^>]*?(?:/>|>[\\s\\S]*?</p:sld>)`, "g"), "");
  }
  return out.replace(/<p:sldLst>\s*<\/p:sldLst>|<p:sldLst\/>/g, "");
}

/** The brand layout a page goes on: its role's, else the content role's, else the first master's first. */
function roleLayout(brand: TBrandTemplate, page: TMasterPage): TLayoutRef {
  const ref = brand.roles[page.role] ?? brand.roles.content ?? { master: 0, layout: 0 };
  if (!brand.masters[ref.master]?.layouts[ref.layout])
    throw new Error(`writeOnMaster: the brand has no layout ${ref.master}/${ref.layout}`);
  return ref;
}

function relsName(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function mainPart(rels: TRel[], which: string): string {
  const main = rels.find((rel) => relKind(rel.type) === "officeDocument" && !rel.external)?.target;
  if (!main) throw new Error(`writeOnMaster: the ${which} package has no presentation part`);
  return main;
}

function partText(parts: TParts, name: string): string {
  const data = findPart(parts, name);
  if (!data) throw new Error(`writeOnMaster: no part ${name}`);
  return data.toString("utf8");
}

/** An rId no relationship in `rels` has. */
function freeId(rels: TRel[]): string {
  const ids = new Set(rels.map((rel) => rel.id));
  let n = rels.length + 1;
  while (ids.has(`rId${n}`)) n++;
  return `rId${n}`;
}

function slideOrder(presentation: Element, rels: TRel[]): string[] {
  const byId = new Map(rels.map((rel) => [rel.id, rel.target]));
  return children(child(presentation, "p", "sldIdLst") ?? presentation)
    .filter((el) => is(el, "p", "sldId"))
    .map((el) => {
      const target = byId.get(relAttr(el, "id") ?? "");
      if (!target) throw new Error("writeOnMaster: the generated slide list names a missing slide");
      return target;
    });
}

function slideSize(presentation: Element): { cx: number; cy: number } {
  const size = child(presentation, "p", "sldSz");
  return { cx: Number(attr(size, "cx")), cy: Number(attr(size, "cy")) };
}

/**
 * The uploaded presentation part with the generated slides as its slide list (ids from 256), a
 * notes master entry when one was added, and what named the sample slides (sections, custom
 * shows) removed. Its masters, slide size, embedded fonts and text defaults stay as they were.
 */
function rewritePresentation(xml: string, part: string, slides: TRel[], notesMaster: TRel | null): Buffer {
  const root = parseXml(xml, part);
  const doc = root.ownerDocument;
  if (!doc) throw new Error(`writeOnMaster: ${part} has no document`);
  const prefix = root.prefix ? `${root.prefix}:` : "";
  const make = (name: string) => doc.createElementNS(root.namespaceURI ?? P, `${prefix}${name}`);
  // Relationship ids in the namespace and prefix the part already uses for its masters' (Strict
  // OOXML has its own).
  const masterId = child(child(root, "p", "sldMasterIdLst"), "p", "sldMasterId");
  const idAttr = masterId
    ? [...Array(masterId.attributes.length).keys()]
        .map((i) => masterId.attributes.item(i))
        .find((a) => a?.localName === "id" && a.namespaceURI)
    : null;
  const rNs = idAttr?.namespaceURI ?? R;
  const rName = idAttr?.name ?? "r:id";
  const rAttr = (el: Element, id: string) => el.setAttributeNS(rNs, rName, id);
  const insertBeforeFirst = (el: Element, before: string[]) => {
    const anchor = children(root).find((c) => before.includes(c.localName ?? "")) ?? null;
    root.insertBefore(el, anchor);
  };
  if (notesMaster && !child(root, "p", "notesMasterIdLst")) {
    const list = make("notesMasterIdLst");
    const entry = make("notesMasterId");
    rAttr(entry, notesMaster.id);
    list.appendChild(entry);
    insertBeforeFirst(list, ["handoutMasterIdLst", "sldIdLst", "sldSz", "notesSz"]);
  }
  let list = child(root, "p", "sldIdLst");
  if (!list) {
    list = make("sldIdLst");
    insertBeforeFirst(list, ["sldSz", "notesSz", "smartTags", "embeddedFontLst", "custShowLst"]);
  }
  while (list.firstChild) list.removeChild(list.firstChild);
  slides.forEach((rel, i) => {
    const entry = make("sldId");
    entry.setAttribute("id", String(256 + i));
    rAttr(entry, rel.id);
    list.appendChild(entry);
  });
  const shows = child(root, "p", "custShowLst");
  if (shows) root.removeChild(shows);
  const extensions = child(root, "p", "extLst");
  for (const ext of extensions ? children(extensions) : []) {
    if (attr(ext, "uri") === SECTIONS_EXT) extensions?.removeChild(ext);
  }
  if (extensions && children(extensions).length === 0) root.removeChild(extensions);
  return serializeXml(root);
}

/** What shows behind a slide on `layout`: its cover or background, else its master's, else bg1. */
function layoutBackground(brand: TBrandTemplate, ref: TLayoutRef, layout: TBrandLayout): TBrandFill {
  const master = brand.masters[ref.master];
  return (
    layout.cover ??
    layout.background ??
    (layout.hidesMasterShapes ? null : master.cover) ??
    master.background ?? { kind: "solid", color: brand.theme.colors.lt1 }
  );
}

/**
 * The slide's colours as scheme references for a slide on `ref`: the theme's colours, named as
 * the master's colour map (and the layout's override) reach them (tx1 for dk1 on a usual
 * master); then the transformed scheme colours the master and layout use themselves (a title in
 * accent2 at 75% luminance), which the brand look takes as its text and accent colours.
 */
function schemeNames(up: TParts, brand: TBrandTemplate, ref: TLayoutRef): Map<string, TSchemeRef> {
  const master = brand.masters[ref.master];
  const names = new Map<string, TSchemeRef>();
  if (master.themePart !== brand.theme.part) return names;
  const masterXml = partText(up, master.part);
  const layoutXml = partText(up, master.layouts[ref.layout].part);
  const attributes = (text: string | undefined) =>
    new Map([...(text ?? "").matchAll(/\b(\w+)="(\w+)"/g)].map(([, key, value]) => [key, value]));
  const override = /<a:overrideClrMapping\b([^>]*)\/>/.exec(layoutXml)?.[1];
  const clrMap = attributes(override ?? /<p:clrMap\b([^>]*)\/>/.exec(masterXml)?.[1]);
  const aliasOf = new Map<string, string>();
  for (const [alias, theme] of clrMap) if (!aliasOf.has(theme)) aliasOf.set(theme, alias);
  const colors: Record<string, string> = brand.theme.colors;
  for (const theme of THEME_PREFERENCE) {
    const value = colors[theme];
    const val = aliasOf.get(theme) ?? SLIDE_ALIASES[theme] ?? theme;
    if (!names.has(value)) names.set(value, { val, transforms: "" });
  }
  const lookup = (name: string) => colors[clrMap.get(name) ?? name] ?? null;
  for (const [xml, part] of [
    [masterXml, master.part],
    [layoutXml, master.layouts[ref.layout].part],
  ]) {
    for (const el of descendants(parseXml(xml, part), "a", "schemeClr")) {
      const transforms = children(el);
      const val = attr(el, "val");
      if (transforms.length === 0 || !val || val === "phClr") continue;
      const value = resolveColor(el, lookup);
      if (!value || names.has(value)) continue;
      const xmlOf = (t: Element) => `<a:${t.localName} val="${attr(t, "val") ?? ""}"/>`;
      names.set(value, { val, transforms: transforms.map(xmlOf).join("") });
    }
  }
  return names;
}

function rewriteSlide(
  xml: string,
  up: TParts,
  brand: TBrandTemplate,
  ref: TLayoutRef,
  page: TMasterPage,
  fit: TSlideFit,
): string {
  const layout = brand.masters[ref.master].layouts[ref.layout];
  let out = fitSlideXml(xml, fit);
  const own = slideBackgroundColor(out);
  const behind = layoutBackground(brand, ref, layout);
  // A plain colour that repeats the layout's, or one that stood in for the layout's scene, goes so
  // the master's shows; a colour of the slide's own (a section slide's accent) stays.
  if (own && (page.background === "layout" || (behind.kind === "solid" && behind.color === own)))
    out = dropSlideBackground(out);
  out = schemeColors(out, schemeNames(up, brand, ref));
  if (brand.masters[ref.master].themePart === brand.theme.part) {
    const { major, minor } = brand.theme.fonts;
    out = themeFonts(out, { major: major.latin, minor: minor.latin });
  }
  const title = layout.placeholders.find((ph) => ph.type === "title" || ph.type === "ctrTitle");
  if (title && page.title) out = titlePlaceholder(out, title.type as "title" | "ctrTitle", page.title);
  return out;
}
