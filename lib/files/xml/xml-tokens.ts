/**
 * A small streaming reader for the XML inside OOXML packages: tags with attributes and text, in
 * document order. Enough for DrawingML and relationships; not a validating parser.
 */

export type TXmlToken =
  | { kind: "open"; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Yields the tokens of an XML string; comments, declarations and processing instructions are skipped. */
export function* xmlTokens(xml: string): Generator<TXmlToken> {
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      yield { kind: "text", text: decodeXmlEntities(xml.slice(at)) };
      return;
    }
    if (lt > at) yield { kind: "text", text: decodeXmlEntities(xml.slice(at, lt)) };
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      at = end < 0 ? xml.length : end + 3;
      continue;
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      yield { kind: "text", text: xml.slice(lt + 9, end < 0 ? xml.length : end) };
      at = end < 0 ? xml.length : end + 3;
      continue;
    }
    const gt = findTagEnd(xml, lt + 1);
    if (gt < 0) return;
    const inner = xml.slice(lt + 1, gt);
    at = gt + 1;
    if (inner.startsWith("?") || inner.startsWith("!")) continue;
    if (inner.startsWith("/")) {
      yield { kind: "close", name: inner.slice(1).trim() };
      continue;
    }
    const selfClosing = inner.endsWith("/");
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    const attrs: Record<string, string> = {};
    if (space >= 0) {
      for (const m of body.slice(space).matchAll(ATTR)) attrs[m[1]] = decodeXmlEntities(m[2] ?? m[3] ?? "");
    }
    yield { kind: "open", name, attrs, selfClosing };
  }
}

/** The '>' closing a tag, skipping any inside quoted attribute values. */
function findTagEnd(xml: string, from: number): number {
  let quote = "";
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return -1;
}

/** Decodes the five XML entities and numeric character references. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    const code = lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The name without its namespace prefix ("a:t" → "t"). */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}
