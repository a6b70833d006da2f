import { capText, formatCount } from "../cap-text";
import { extractImages, type TImageRef } from "../extract-images";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import type { TUploadLimits } from "../upload-limits";
import { readRelationships } from "../xml/read-relationships";
import { localName, xmlTokens } from "../xml/xml-tokens";
import { openZipPackage, relsPathOf, type TZipPackage } from "../zip/open-zip-package";
import { chartTable } from "./chart-table";
import { markdownTable } from "./markdown-table";
import { readSlideXml, type TSlideShape } from "./read-slide-xml";

const TITLE_ROLES = new Set(["title", "ctrTitle"]);
/** Placeholders whose paragraphs are bullets unless a paragraph says otherwise. */
const BULLETED_ROLES = new Set(["body", "obj"]);

/**
 * Reads a PPTX slide by slide, in presentation order: the title as a heading (the cover's as the
 * document title), bullets with their levels, other text as paragraphs, tables as markdown
 * tables, and the speaker notes under a "Speaker notes:" label after the slide. Pictures are kept.
 */
export async function parsePptx(bytes: Buffer, limits: TUploadLimits): Promise<TParsedFile> {
  const pkg = openZipPackage(bytes, limits);
  const { slides, height } = slideOrder(pkg);
  const sections: string[] = [];
  const imageRefs: TImageRef[] = [];
  const warnings: string[] = [];
  let chars = 0;
  for (const [i, slide] of slides.entries()) {
    if (chars > limits.maxChars) {
      warnings.push(
        `Only the first ${formatCount(limits.maxChars)} characters are used; slides ${i + 1}–${slides.length} were not read.`,
      );
      break;
    }
    const rels = readRelationships(pkg.readXml(relsPathOf(slide)), slide);
    const shapes = readSlideXml(pkg.readXml(slide));
    const title = slideTitle(shapes, height);
    let notes = "";
    for (const rel of rels.values()) {
      if (rel.type === "notesSlide" && !rel.external)
        notes = notesText(readSlideXml(pkg.readXml(rel.target)));
    }
    const charts = new Map<string, string>();
    for (const shape of shapes) {
      const rel = shape.kind === "chart" ? rels.get(shape.rId) : undefined;
      if (rel && !rel.external) charts.set(rel.target, chartTable(pkg.readXml(rel.target)));
    }
    const section = slideMarkdown(shapes, title, i === 0, notes, (rId) => {
      const rel = rels.get(rId);
      return rel ? (charts.get(rel.target) ?? "") : "";
    });
    if (section) sections.push(section);
    chars += section.length;
    for (const shape of shapes) {
      const rel = shape.kind === "picture" ? rels.get(shape.rId) : undefined;
      if (shape.kind === "picture" && rel && !rel.external) {
        imageRefs.push({ part: rel.target, alt: shape.alt || title?.text || "" });
      }
    }
  }
  const capped = capText(sections.join("\n\n"), limits.maxChars);
  if (capped.cut && warnings.length === 0)
    warnings.push(`Only the first ${formatCount(limits.maxChars)} characters are used.`);
  const images = limits.maxImages > 0 ? await extractImages(pkg, imageRefs, limits, warnings) : [];
  return { type: "pptx", text: capped.text, pages: slides.length, images, warnings };
}

/** Slide parts in the order presentation.xml lists them, and the slide height (EMU). */
function slideOrder(pkg: TZipPackage): { slides: string[]; height: number } {
  const main = "ppt/presentation.xml";
  const rels = readRelationships(pkg.readXml(relsPathOf(main)), main);
  const slides: string[] = [];
  let height = 6_858_000;
  for (const token of xmlTokens(pkg.readXml(main))) {
    if (token.kind !== "open") continue;
    const name = localName(token.name);
    if (name === "sldSz") height = Number(token.attrs.cy) || height;
    if (name === "sldId") {
      const rel = rels.get(token.attrs["r:id"] ?? "");
      if (rel && !rel.external && pkg.has(rel.target)) slides.push(rel.target);
    }
  }
  if (slides.length === 0 && !pkg.has(main)) throw new FileReadError("has no presentation part.");
  return { slides, height };
}

type TTitle = { text: string; shape: TSlideShape };

/**
 * The title placeholder's text; failing that (slides built from plain text boxes), a single short
 * paragraph in the top quarter of the slide.
 */
function slideTitle(shapes: TSlideShape[], height: number): TTitle | null {
  for (const shape of shapes) {
    if (shape.kind === "text" && TITLE_ROLES.has(shape.role ?? "")) {
      return { text: shape.paragraphs.map((p) => p.text).join(" "), shape };
    }
  }
  const texts = shapes.filter((s): s is TTextShape => s.kind === "text");
  const sizeOf = (s: TTextShape) => Math.max(0, ...s.paragraphs.map((p) => p.size ?? 0));
  const candidates = texts.filter(
    (s) =>
      s.paragraphs.length === 1 &&
      s.paragraphs[0].text.split(/\s+/).length <= 12 &&
      /\p{L}/u.test(s.paragraphs[0].text),
  );
  // The largest type on the slide names it (a cover's centred title); else the top line does.
  const largest = Math.max(0, ...texts.map(sizeOf));
  const biggest = candidates.filter((s) => largest > 0 && sizeOf(s) === largest);
  const others = texts.filter((s) => !biggest.includes(s)).map(sizeOf);
  if (biggest.length === 1 && others.every((size) => size > 0 && size * 1.25 <= largest)) {
    return { text: biggest[0].paragraphs[0].text, shape: biggest[0] };
  }
  let top: TTextShape | null = null;
  for (const shape of candidates) {
    if (shape.y === null || shape.y > height * 0.25) continue;
    if (!top || shape.y < (top.y ?? 0)) top = shape;
  }
  return top ? { text: top.paragraphs[0].text, shape: top } : null;
}

type TTextShape = Extract<TSlideShape, { kind: "text" }>;

function slideMarkdown(
  shapes: TSlideShape[],
  title: TTitle | null,
  first: boolean,
  notes: string,
  chart: (rId: string) => string,
): string {
  const blocks: string[] = [];
  if (title) blocks.push(`${first ? "#" : "##"} ${title.text}`);
  for (const shape of shapes) {
    if (shape === title?.shape) continue;
    if (shape.kind === "table")
      blocks.push(markdownTable(shape.rows.map((r) => r.map((c) => c.replace(/\|/g, "\\|")))));
    if (shape.kind === "chart" && chart(shape.rId)) blocks.push(chart(shape.rId));
    if (shape.kind !== "text") continue;
    const bulletedByDefault = BULLETED_ROLES.has(shape.role ?? "") && shape.paragraphs.length > 1;
    const lines: string[] = [];
    for (const p of shape.paragraphs) {
      const bullet = p.bullet ?? bulletedByDefault;
      if (bullet) lines.push(`${"  ".repeat(Math.min(p.level, 4))}- ${p.text}`);
      else {
        if (lines.length) blocks.push(lines.splice(0).join("\n"));
        blocks.push(p.text);
      }
    }
    if (lines.length) blocks.push(lines.join("\n"));
  }
  // A short line ending in a colon labels what follows without becoming content itself, so the
  // notes feed the generator as prose (a block quote would be taken for a quotation).
  if (notes) blocks.push(`Speaker notes:\n\n${notes}`);
  return blocks.join("\n\n");
}

/** The speaker notes: the notes page's body placeholder, as one paragraph. */
function notesText(shapes: TSlideShape[]): string {
  return shapes
    .filter((s): s is Extract<TSlideShape, { kind: "text" }> => s.kind === "text" && s.role === "body")
    .flatMap((s) => s.paragraphs.map((p) => p.text))
    .join(" ");
}
