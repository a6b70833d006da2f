import { localName } from "../xml/xml-tokens";

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g;

/**
 * The main part cut after the last top-level block (paragraph, table…) that ends within `budget`
 * characters, with the body and its ancestors closed so it stays well-formed; unchanged when short.
 */
export function trimDocxBody(xml: string, budget: number): { xml: string; cut: boolean } {
  if (xml.length <= budget) return { xml, cut: false };
  const open: string[] = [];
  let ancestors: string[] | null = null;
  let lastBlockEnd = -1;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const [, closing, name, selfClosing] = m;
    if (!closing && !selfClosing) {
      open.push(name);
      if (!ancestors && localName(name) === "body") ancestors = [...open];
      continue;
    }
    if (closing) open.pop();
    // A block of the body just ended (or was empty): a safe place to cut.
    if (ancestors && open.length === ancestors.length) {
      if (m.index > budget) break;
      lastBlockEnd = TAG.lastIndex;
    }
  }
  if (!ancestors || lastBlockEnd < 0) return { xml, cut: false };
  const close = ancestors
    .reverse()
    .map((name) => `</${name}>`)
    .join("");
  return { xml: xml.slice(0, lastBlockEnd) + close, cut: true };
}
