/**
 * OOXML parts as namespace-aware DOM (@xmldom/xmldom), matched by namespace and local name so a
 * file is read the same whatever prefixes it uses, in Transitional or Strict OOXML.
 */
import { DOMParser, type Element } from "@xmldom/xmldom";

const NAMESPACES = {
  a: ["http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main"],
  p: [
    "http://schemas.openxmlformats.org/presentationml/2006/main",
    "http://purl.oclc.org/ooxml/presentationml/main",
  ],
  r: [
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "http://purl.oclc.org/ooxml/officeDocument/relationships",
  ],
} as const;

export type TNs = keyof typeof NAMESPACES;

/**
 * Parses one XML part; throws (with the parser's reason) when it is not well-formed, or when it
 * has a document type declaration: OOXML parts never do, and entity definitions are how XML
 * bombs ("billion laughs") are built.
 */
export function parseXml(xml: string, part: string): Element {
  if (/<!DOCTYPE/i.test(xml)) throw new Error(`${part}: a document type declaration`);
  const doc = new DOMParser({
    onError(level, message) {
      if (level !== "warning") throw new Error(`${part}: ${message}`);
    },
  }).parseFromString(xml, "text/xml");
  const root = doc.documentElement;
  if (!root) throw new Error(`${part}: no root element`);
  return root;
}

function inNs(el: Element, ns: TNs): boolean {
  return (NAMESPACES[ns] as readonly string[]).includes(el.namespaceURI ?? "");
}

/** Whether an element is DrawingML (a:…). */
export function isDrawingMl(el: Element): boolean {
  return inNs(el, "a");
}

/** Whether `el` is ns:name. */
export function is(el: Element | null | undefined, ns: TNs, name: string): boolean {
  return !!el && el.localName === name && inNs(el, ns);
}

/** The element children of `el`, in order. */
export function children(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** The first child ns:name of `el`. */
export function child(el: Element | null | undefined, ns: TNs, name: string): Element | null {
  if (!el) return null;
  for (const c of children(el)) if (is(c, ns, name)) return c;
  return null;
}

/** Walks a path of children: path(el, "p", "cSld", "bg"). */
export function path(el: Element | null | undefined, ns: TNs, ...names: string[]): Element | null {
  let at: Element | null | undefined = el;
  for (const name of names) at = child(at, ns, name);
  return at ?? null;
}

/** Every descendant ns:name of `el`, in document order. */
export function descendants(el: Element, ns: TNs, name: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Element) => {
    for (const c of children(node)) {
      if (is(c, ns, name)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** An unqualified attribute's value, or null. */
export function attr(el: Element | null | undefined, name: string): string | null {
  if (!el?.hasAttribute(name)) return null;
  return el.getAttribute(name);
}

/** A relationship-id attribute (r:id, r:embed, …), whatever the r prefix is. */
export function relAttr(el: Element | null | undefined, name: string): string | null {
  if (!el) return null;
  for (const uri of NAMESPACES.r) {
    if (el.hasAttributeNS(uri, name)) return el.getAttributeNS(uri, name);
  }
  return null;
}

/** An integer attribute, or null when absent or not a number. */
export function intAttr(el: Element | null | undefined, name: string): number | null {
  const v = attr(el, name);
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n) : null;
}
