import { localName } from "../xml/xml-tokens";

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g;

/**
 * The main part cut after the last top-level block (paragraph, table…) that ends within `budget`
 * characters, with the body and its ancestors closed so it stays well-formed; unchanged when short.
 * When no block ends within the budget (one paragraph of a million runs), it is cut inside that
 * block after the last element that ends within it, closing what is still open. One pass.
 */
export function trimDocxBody(xml: string, budget: number): { xml: string; cut: boolean } {
  if (xml.length <= budget) return { xml, cut: false };
  const open: string[] = [];
  let ancestors: string[] | null = null;
  let lastBlockEnd = -1;
  let inner: { end: number; open: string[] } | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const [, closing, name, selfClosing] = m;
    if (m.index > budget) break;
    if (!closing && !selfClosing) {
      open.push(name);
      if (!ancestors && localName(name) === "body") ancestors = [...open];
      continue;
    }
    if (closing) open.pop();
    if (!ancestors || open.length < ancestors.length) continue;
    // A block of the body just ended (or was empty): the best place to cut.
    if (open.length === ancestors.length) lastBlockEnd = TAG.lastIndex;
    // Inside a block, only until a block has ended: the fallback for a block longer than the budget.
    else if (lastBlockEnd < 0) inner = { end: TAG.lastIndex, open: [...open] };
  }
  if (!ancestors) return { xml, cut: false };
  const [end, stillOpen] =
    lastBlockEnd >= 0 ? [lastBlockEnd, ancestors] : inner ? [inner.end, inner.open] : [-1, []];
  if (end < 0) return { xml, cut: false };
  const close = [...stillOpen]
    .reverse()
    .map((name) => `</${name}>`)
    .join("");
  return { xml: xml.slice(0, end) + close, cut: true };
}
