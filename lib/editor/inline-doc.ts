/**
 * The deck's inline text (markdown emphasis: `**bold**`, `*italic*`, `` `code` ``, `[text](url)`,
 * backslash escapes, and the marks `[text]{.underline .highlight .accent}`) ↔ Tiptap/ProseMirror JSON for the inline editor. Text always travels as text
 * nodes, never as HTML, so markup in slide text stays literal. Client-safe.
 */
import { TEXT_COLOR_ROLES, type TTextColorRole, type TTextRun } from "@/lib/layouts/boxes";
import { LINK_TARGET, parseInline, sameStyle } from "@/lib/layouts/parse-inline";

/** A run as parseInline answers it (`link` is the target of `[text](url)`). */
export type TRun = TTextRun;

/** Marks of the editor's document: Tiptap's own, and `themeColor` (attrs.role: a TTextColorRole). */
export type TMark = {
  type: "bold" | "italic" | "code" | "link" | "underline" | "highlight" | "themeColor";
  attrs?: Record<string, unknown>;
};

function isColorRole(value: unknown): value is TTextColorRole {
  return typeof value === "string" && (TEXT_COLOR_ROLES as readonly string[]).includes(value);
}

/** A node of Tiptap's JSON document (the subset the editor uses). */
export type TDocNode = {
  type: string;
  text?: string;
  marks?: TMark[];
  content?: TDocNode[];
  attrs?: Record<string, unknown>;
};

/** Links the editor keeps: web pages and e-mail addresses (never javascript: or data:). */
export function isSafeHref(href: string): boolean {
  return LINK_TARGET.test(href.trim());
}

/** Text nodes of one line of inline text. */
export function inlineToNodes(text: string): TDocNode[] {
  return (parseInline(text) as TRun[])
    .filter((run) => run.text)
    .map((run) => {
      const marks: TMark[] = [];
      if (run.bold) marks.push({ type: "bold" });
      if (run.italic) marks.push({ type: "italic" });
      if (run.code) marks.push({ type: "code" });
      if (run.link && isSafeHref(run.link)) marks.push({ type: "link", attrs: { href: run.link } });
      if (run.underline) marks.push({ type: "underline" });
      if (run.highlight) marks.push({ type: "highlight" });
      if (run.color) marks.push({ type: "themeColor", attrs: { role: run.color } });
      // Newlines cannot live inside a paragraph; inline text draws them as spaces anyway.
      const node: TDocNode = { type: "text", text: run.text.replace(/\n/g, " ") };
      if (marks.length) node.marks = marks;
      return node;
    });
}

/** Inline text of a paragraph's nodes: marks become markdown, literal markup characters are escaped. */
export function nodesToInline(nodes: readonly TDocNode[] | undefined): string {
  return serializeRuns(nodesToRuns(nodes ?? []));
}

function nodesToRuns(nodes: readonly TDocNode[]): TRun[] {
  const runs: TRun[] = [];
  for (const node of nodes) {
    const text = node.type === "text" ? (node.text ?? "") : node.type === "hardBreak" ? " " : "";
    if (!text) continue;
    const run: TRun = { text: text.replace(/\n/g, " ") };
    for (const mark of node.marks ?? []) {
      if (mark.type === "bold") run.bold = true;
      else if (mark.type === "italic") run.italic = true;
      else if (mark.type === "code") run.code = true;
      else if (mark.type === "underline") run.underline = true;
      else if (mark.type === "highlight") run.highlight = true;
      else if (mark.type === "themeColor" && isColorRole(mark.attrs?.role)) run.color = mark.attrs.role;
      else if (mark.type === "link" && typeof mark.attrs?.href === "string") {
        const href = encodeHref(mark.attrs.href.trim());
        if (isSafeHref(href)) run.link = href;
      }
    }
    runs.push(run);
  }
  return mergeRuns(runs);
}

function mergeRuns(runs: readonly TRun[]): TRun[] {
  const merged: TRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && sameStyle(last, run)) last.text += run.text;
    else merged.push({ ...run });
  }
  return merged;
}

type TEscape = { underscore: boolean; brackets: boolean };
type TPlan = { outer: "bold" | "italic"; italic: "*" | "_" };

const PLANS: TPlan[] = [
  { outer: "bold", italic: "*" },
  { outer: "italic", italic: "*" },
  { outer: "bold", italic: "_" },
  { outer: "italic", italic: "_" },
];
const ESCAPES: TEscape[] = [
  { underscore: false, brackets: false },
  { underscore: true, brackets: false },
  { underscore: true, brackets: true },
];

/**
 * Markdown for styled runs that parseInline reads back as the same text and styles. Several
 * spellings are tried (delimiter nesting, `*` or `_`, how much to escaping) and the first that reads
 * back exactly wins; when none does, styles are dropped before text is ever changed.
 */
export function serializeRuns(runs: readonly TRun[]): string {
  const wanted = mergeRuns(runs.filter((run) => run.text));
  if (!wanted.length) return "";
  for (const escaping of ESCAPES) {
    for (const plan of PLANS) {
      const candidate = writeRuns(wanted, plan, escaping);
      if (readsBackAs(candidate, wanted)) return candidate;
    }
  }
  // Pathological mixes of styles: keep links and text, drop emphasis; then the text alone.
  const withoutEmphasis = mergeRuns(wanted.map(({ bold: _b, italic: _i, code: _c, ...rest }) => rest));
  for (const escaping of ESCAPES) {
    const candidate = writeRuns(withoutEmphasis, PLANS[0], escaping);
    if (readsBackAs(candidate, withoutEmphasis)) return candidate;
  }
  const plain = [{ text: wanted.map((run) => run.text).join("") }];
  for (const escaping of ESCAPES) {
    const candidate = writeRuns(plain, PLANS[0], escaping);
    if (readsBackAs(candidate, plain)) return candidate;
  }
  return writeRuns(plain, PLANS[0], ESCAPES[1]);
}

/** The class list of a run's span marks (`.underline .highlight .accent`), or "" for none. */
function spanClasses(run: TRun): string {
  const classes: string[] = [];
  if (run.underline) classes.push(".underline");
  if (run.highlight) classes.push(".highlight");
  if (run.color) classes.push(`.${run.color}`);
  return classes.join(" ");
}

/** Span marks outermost (`[…]{.underline}`), then links, then emphasis. */
function writeRuns(runs: readonly TRun[], plan: TPlan, escaping: TEscape): string {
  let out = "";
  for (const group of groupBy(runs, spanClasses)) {
    const classes = spanClasses(group[0]);
    const inner = writeLinks(group, plan, escaping);
    out += classes ? `[${inner}]{${classes}}` : inner;
  }
  return out;
}

function writeLinks(runs: readonly TRun[], plan: TPlan, escaping: TEscape): string {
  let out = "";
  for (const group of groupBy(runs, (run) => run.link ?? "")) {
    const href = group[0].link;
    const inner = writeEmphasis(group, plan, escaping, 0);
    out += href ? `[${inner}](${href})` : inner;
  }
  return out;
}

/** A link target as markdown can hold it: spaces, parentheses and angle brackets percent-encoded. */
export function encodeHref(href: string): string {
  return href.replace(
    /[\s()<>]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/** Emphasis at nesting `level` (0: the plan's outer style, 1: the other one, 2: code and text). */
function writeEmphasis(runs: readonly TRun[], plan: TPlan, escaping: TEscape, level: number): string {
  if (level === 2) return runs.map((run) => writeLeaf(run, escaping)).join("");
  const style = level === 0 ? plan.outer : plan.outer === "bold" ? "italic" : "bold";
  const marker = style === "bold" ? "**" : plan.italic;
  let out = "";
  for (const group of groupBy(runs, (run) => (run[style] ? "1" : ""))) {
    if (!group[0][style]) {
      out += writeEmphasis(group, plan, escaping, level + 1);
      continue;
    }
    // Delimiters must touch text: leading and trailing spaces go outside them.
    const first = group[0];
    const last = group.at(-1) as TRun;
    const lead = first.code ? "" : (/^\s*/.exec(first.text)?.[0] ?? "");
    const trail = last.code ? "" : (/\s*$/.exec(last.text)?.[0] ?? "");
    const trimmed = group.map((run) => ({ ...run }));
    trimmed[0].text = trimmed[0].text.slice(lead.length);
    const end = trimmed.at(-1) as TRun;
    end.text = end.text.slice(0, end.text.length - trail.length);
    const inner = trimmed.filter((run) => run.text);
    if (!inner.length) {
      out += escapeText(group.map((run) => run.text).join(""), escaping);
      continue;
    }
    out += `${escapeText(lead, escaping)}${marker}${writeEmphasis(inner, plan, escaping, level + 1)}${marker}${escapeText(trail, escaping)}`;
  }
  return out;
}

function writeLeaf(run: TRun, escaping: TEscape): string {
  if (run.code && run.text && !run.text.includes("`")) return `\`${run.text}\``;
  return escapeText(run.text, escaping);
}

function escapeText(text: string, escaping: TEscape): string {
  const pattern = escaping.brackets ? /[\\*`_[\]]/g : escaping.underscore ? /[\\*`_]/g : /[\\*`]/g;
  return text.replace(pattern, (ch) => `\\${ch}`);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups: T[][] = [];
  let lastKey: string | undefined;
  for (const item of items) {
    const key = keyOf(item);
    if (groups.length && key === lastKey) groups[groups.length - 1].push(item);
    else groups.push([item]);
    lastKey = key;
  }
  return groups;
}

/** Whether parseInline reads `markdown` as `runs`: the same text, and the same styles on every non-space character. */
function readsBackAs(markdown: string, runs: readonly TRun[]): boolean {
  const got = styleKeys(parseInline(markdown) as TRun[]);
  const want = styleKeys(runs);
  return got.length === want.length && got.every((key, i) => key === want[i]);
}

/** One key per character: its text and styles. */
function styleKeys(runs: readonly TRun[]): string[] {
  const keys: string[] = [];
  for (const run of runs) {
    for (const ch of run.text) {
      // Emphasis on a space is invisible and cannot always be written; links and code keep theirs.
      const emphasis = run.code || !/\s/.test(ch) ? `${run.bold ? "b" : ""}${run.italic ? "i" : ""}` : "";
      keys.push(`${ch}|${emphasis}${run.code ? "c" : ""}|${run.link ?? ""}|${spanClasses(run)}`);
    }
  }
  return keys;
}

// Documents of the three field kinds.

function paragraph(text: string): TDocNode {
  const content = inlineToNodes(text);
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
}

/** A one-line field as a document of one paragraph. */
export function lineToDoc(text: string): TDocNode {
  return { type: "doc", content: [paragraph(text)] };
}

/** A paragraphs field (one paragraph per line) as a document. */
export function textToDoc(text: string): TDocNode {
  const lines = text.split("\n").filter((line) => line.trim());
  return { type: "doc", content: (lines.length ? lines : [""]).map(paragraph) };
}

/** A body and its bullets as one document: the body's paragraphs, then a bullet list. */
export function richToDoc(value: { body: string; bullets: readonly string[] }): TDocNode {
  const body = value.body.split("\n").filter((line) => line.trim());
  const content: TDocNode[] = body.map(paragraph);
  if (value.bullets.length) {
    content.push({
      type: "bulletList",
      content: value.bullets.map((item) => ({ type: "listItem", content: [paragraph(item)] })),
    });
  }
  if (!content.length) content.push({ type: "paragraph" });
  return { type: "doc", content };
}

/** Every paragraph under `node`, in document order (list items flattened). */
function paragraphsOf(node: TDocNode): TDocNode[] {
  if (node.type === "paragraph" || node.type === "heading") return [node];
  return (node.content ?? []).flatMap(paragraphsOf);
}

/** A one-line field's text: all paragraphs joined by spaces (a paste may bring several). */
export function docToLine(doc: TDocNode): string {
  return paragraphsOf(doc)
    .map((p) => nodesToInline(p.content))
    .filter((text) => text.trim())
    .join(" ");
}

/** A paragraphs field's text: one line per non-empty paragraph. */
export function docToText(doc: TDocNode): string {
  return paragraphsOf(doc)
    .map((p) => nodesToInline(p.content))
    .filter((text) => text.trim())
    .join("\n");
}

/** A body and bullets from a document: top-level paragraphs are the body, list items the bullets. */
export function docToRich(doc: TDocNode): { body: string; bullets: string[] } {
  const body: string[] = [];
  const bullets: string[] = [];
  for (const node of doc.content ?? []) {
    const target = node.type === "bulletList" || node.type === "orderedList" ? bullets : body;
    for (const p of paragraphsOf(node)) {
      const text = nodesToInline(p.content);
      if (text.trim()) target.push(text);
    }
  }
  return { body: body.join("\n"), bullets };
}
