import { localName, xmlTokens } from "../xml/xml-tokens";
import { markdownTable } from "./markdown-table";

/**
 * A chart's cached data as a markdown table: categories down, one column per series. The
 * generator turns a numeric table back into a chart.
 */
export function chartTable(xml: string): string {
  const series: { name: string; values: Map<number, string> }[] = [];
  const categories = new Map<number, string>();
  let current: { name: string; values: Map<number, string> } | null = null;
  let section: "tx" | "cat" | "val" | null = null;
  let point = -1;
  let inValue = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === "text") {
      if (!inValue || !current) continue;
      if (section === "tx") current.name += token.text;
      // Every series repeats the categories; the first series' copy is enough.
      else if (section === "cat" && point >= 0 && series.length === 0)
        categories.set(point, (categories.get(point) ?? "") + token.text);
      else if (section === "val" && point >= 0) current.values.set(point, token.text.trim());
      continue;
    }
    const name = localName(token.name);
    if (token.kind === "open") {
      if (name === "ser") current = { name: "", values: new Map() };
      else if (
        current &&
        (name === "tx" || name === "cat" || name === "val" || name === "xVal" || name === "yVal")
      )
        section = name === "xVal" ? "cat" : name === "yVal" ? "val" : name;
      else if (name === "pt") point = Number(token.attrs.idx);
      else if (name === "v") inValue = !token.selfClosing;
      continue;
    }
    if (name === "v") inValue = false;
    else if (name === "pt") point = -1;
    else if (name === "tx" || name === "cat" || name === "val" || name === "xVal" || name === "yVal")
      section = null;
    else if (name === "ser" && current) {
      series.push(current);
      current = null;
    }
  }
  if (series.length === 0) return "";
  const count = Math.max(categories.size, ...series.map((s) => s.values.size));
  const rows = [["", ...series.map((s, i) => s.name.trim() || `Series ${i + 1}`)]];
  for (let i = 0; i < count; i++) {
    rows.push([categories.get(i)?.trim() || String(i + 1), ...series.map((s) => s.values.get(i) ?? "")]);
  }
  return markdownTable(rows.map((r) => r.map((c) => c.replace(/\|/g, "\\|"))));
}
