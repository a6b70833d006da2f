/**
 * Rewrites of a generated (pptxgenjs, fixPptx) slide part for writeOnMaster: fitting it to the
 * brand's slide size, handing plain backgrounds back to the master, theme colours as scheme
 * colours and the title text box as the layout's title placeholder. The slide XML is the one our
 * renderer writes, so the patterns match its output (`a:`/`p:` prefixes, double-quoted attributes).
 */

import { decodeXmlEntities } from "@/lib/files/xml/xml-tokens";

/** How generated coordinates map onto the brand's slide: x' = x·scale + dx, y' = y·scale + dy. */
export type TSlideFit = { scale: number; dx: number; dy: number };

/** Whether a fit changes nothing (same slide size). */
export function isIdentityFit(fit: TSlideFit): boolean {
  return fit.scale === 1 && fit.dx === 0 && fit.dy === 0;
}

/**
 * The fit of a `from` slide onto a `to` slide: one scale for both axes (pictures and text keep
 * their proportions), centred, so a 16:9 deck sits full-width on a 4:3 master with the master's
 * background above and below.
 */
export function slideFit(from: { cx: number; cy: number }, to: { cx: number; cy: number }): TSlideFit {
  if (from.cx === to.cx && from.cy === to.cy) return { scale: 1, dx: 0, dy: 0 };
  const scale = Math.min(to.cx / from.cx, to.cy / from.cy);
  return {
    scale,
    dx: Math.round((to.cx - from.cx * scale) / 2),
    dy: Math.round((to.cy - from.cy * scale) / 2),
  };
}

// Length attributes (EMU, or hundredths of a point for sz) of the elements that carry them.
const LENGTH_TAG = /<a:(rPr|defRPr|endParaRPr|ln|gridCol|tr|pPr|lvl[1-9]pPr|bodyPr|tcPr)\b([^>]*?)(\/?)>/g;
const LENGTH_ATTR = /\b(sz|w|h|marL|marR|marT|marB|indent|lIns|tIns|rIns|bIns)="(-?\d+)"/g;

/**
 * Scales a slide's geometry and text: offsets and extents (groups' child frames alike, so group
 * mapping stays exact), table grid, line widths, insets, indents, font sizes and point spacing.
 */
export function fitSlideXml(xml: string, fit: TSlideFit): string {
  if (isIdentityFit(fit)) return xml;
  const { scale, dx, dy } = fit;
  const len = (v: string) => String(Math.round(Number(v) * scale));
  return xml
    .replace(
      /<a:(off|chOff) x="(-?\d+)" y="(-?\d+)"/g,
      (_, tag: string, x: string, y: string) =>
        `<a:${tag} x="${Math.round(Number(x) * scale + dx)}" y="${Math.round(Number(y) * scale + dy)}"`,
    )
    .replace(/<a:(ext|chExt) cx="(\d+)" cy="(\d+)"/g, (_, tag: string, cx: string, cy: string) => {
      return `<a:${tag} cx="${len(cx)}" cy="${len(cy)}"`;
    })
    .replace(/<a:(spcPts|buSzPts) val="(\d+)"/g, (_, tag: string, v: string) => `<a:${tag} val="${len(v)}"`)
    .replace(LENGTH_TAG, (_, tag: string, attrs: string, close: string) => {
      const scaled = attrs.replace(LENGTH_ATTR, (__, name: string, v: string) => {
        // Font sizes stay within what DrawingML allows (1–4000 pt).
        const value = name === "sz" ? Math.min(400000, Math.max(100, Number(len(v)))) : len(v);
        return `${name}="${value}"`;
      });
      return `<a:${tag}${scaled}${close}>`;
    });
}

/** Scales the font sizes of a chart part (its frame on the slide is scaled by fitSlideXml). */
export function fitChartXml(xml: string, fit: TSlideFit): string {
  if (isIdentityFit(fit)) return xml;
  return xml.replace(/(<a:(?:defRPr|rPr|endParaRPr)\b[^>]*?\bsz=")(\d+)"/g, (_, head: string, v: string) => {
    return `${head}${Math.min(400000, Math.max(100, Math.round(Number(v) * fit.scale)))}"`;
  });
}

const SOLID_BACKGROUND =
  /<p:bg><p:bgPr><a:solidFill><a:srgbClr val="([0-9A-Fa-f]{6})"\/><\/a:solidFill>(?:<a:effectLst\/>)?<\/p:bgPr><\/p:bg>/;

/** The plain colour a slide's own background states, or null when it states none or another fill. */
export function slideBackgroundColor(xml: string): string | null {
  return SOLID_BACKGROUND.exec(xml)?.[1]?.toUpperCase() ?? null;
}

/** The slide without its own plain-colour background, so its layout's and master's show. */
export function dropSlideBackground(xml: string): string {
  return xml.replace(SOLID_BACKGROUND, "");
}

/** A scheme colour as a slide names it: its scheme name and its transforms' XML ("" for none). */
export type TSchemeRef = { val: string; transforms: string };

/**
 * Every sRGB colour whose value is in `schemeOf` becomes that scheme colour, with the scheme
 * colour's transforms and then its own (such as alpha), so changing the theme in PowerPoint
 * recolours the slide.
 */
export function schemeColors(xml: string, schemeOf: ReadonlyMap<string, TSchemeRef>): string {
  if (schemeOf.size === 0) return xml;
  return xml.replace(
    /<a:srgbClr val="([0-9A-Fa-f]{6})"(?:\/>|>((?:(?!<\/a:srgbClr>)[\s\S])*)<\/a:srgbClr>)/g,
    (element, value: string, inner: string | undefined) => {
      const scheme = schemeOf.get(value.toUpperCase());
      if (!scheme) return element;
      const transforms = scheme.transforms + (inner ?? "");
      return transforms
        ? `<a:schemeClr val="${scheme.val}">${transforms}</a:schemeClr>`
        : `<a:schemeClr val="${scheme.val}"/>`;
    },
  );
}

/**
 * Theme fonts as theme references: a run whose Latin face is the theme's heading (major) or
 * body (minor) face names +mj-lt / +mn-lt instead, so a new theme font reaches the slide. When
 * both are one face, the title box takes the heading reference and the rest the body's.
 */
export function themeFonts(xml: string, fonts: { major: string; minor: string }): string {
  if (!fonts.major && !fonts.minor) return xml;
  const swap = (text: string, headingFirst: boolean) =>
    text.replace(/<a:latin typeface="([^"]+)"/g, (element, face: string) => {
      const major = face === fonts.major;
      const minor = face === fonts.minor;
      if (major && (headingFirst || !minor)) return '<a:latin typeface="+mj-lt"';
      if (minor) return '<a:latin typeface="+mn-lt"';
      return element;
    });
  return xml.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*<\/p:sp>/g, (shape) =>
    swap(shape, /<p:cNvPr id="\d+" name="title"/.test(shape)),
  );
}

/**
 * The slide's title text box (the shape our renderer names "title") as the layout's title
 * placeholder, keeping its own frame and text. What a placeholder would inherit from the layout
 * and master and the box does not state is pinned to what the box showed before (no autofit, no
 * line, no effects, no space before, upright, not bold/italic/capitalised/letter-spaced unless the run says so),
 * so the slide looks the same while PowerPoint's outline and "Reset slide" know its title.
 * Returns the XML unchanged when there is no such box or its text is not `title`.
 */
export function titlePlaceholder(xml: string, type: "title" | "ctrTitle", title: string): string {
  const shape = /<p:sp><p:nvSpPr><p:cNvPr id="\d+" name="title"[\s\S]*?<\/p:sp>/.exec(xml)?.[0];
  if (!shape?.includes("<p:nvPr></p:nvPr>")) return xml;
  const text = [...shape.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decodeXmlEntities(m[1])).join("");
  if (normalizeText(text) !== normalizeText(title)) return xml;
  const pinned = shape
    .replace("<p:nvPr></p:nvPr>", `<p:nvPr><p:ph type="${type}"/></p:nvPr>`)
    .replace(/<a:ln><\/a:ln>|<a:ln\/>/, "<a:ln><a:noFill/></a:ln><a:effectLst/>")
    .replace(/<a:bodyPr\b([^>]*?)(?:\/>|><\/a:bodyPr>)/, (_, attrs: string) => {
      const vert = attrs.includes(" vert=") ? "" : ' vert="horz"';
      return `<a:bodyPr${attrs}${vert}><a:noAutofit/></a:bodyPr>`;
    })
    .replace(
      /<a:pPr\b([^>]*)>((?:(?!<\/a:pPr>)[\s\S])*)<\/a:pPr>/g,
      (element, attrs: string, inner: string) => {
        if (inner.includes("<a:spcBef>")) return element;
        const at = inner.startsWith("<a:lnSpc>") ? inner.indexOf("</a:lnSpc>") + "</a:lnSpc>".length : 0;
        return `<a:pPr${attrs}>${inner.slice(0, at)}<a:spcBef><a:spcPts val="0"/></a:spcBef>${inner.slice(at)}</a:pPr>`;
      },
    )
    .replace(/<a:(rPr|endParaRPr)\b([^>]*?)(\/?)>/g, (_, tag: string, attrs: string, close: string) => {
      let out = attrs;
      if (!/\bb="/.test(out)) out += ' b="0"';
      if (!/\bi="/.test(out)) out += ' i="0"';
      if (!/\bcap="/.test(out)) out += ' cap="none"';
      if (!/\bspc="/.test(out)) out += ' spc="0"';
      return `<a:${tag}${out}${close}>`;
    });
  return xml.replace(shape, pinned);
}

/** Text compared without spacing differences or inline-markdown marks (`**bold**`, `_em_`, code). */
function normalizeText(text: string): string {
  return text.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim();
}
