/**
 * One uploaded file's markdown as a section of the generator's source text: under its own title
 * when it has one (a lone H1 first), else under its readable name with its headings a level down.
 */
export function fileSection(name: string, text: string): string {
  if (documentTitle(text)) return text.trim();
  return `# ${readableName(name)}\n\n${demoteHeadings(text)}`.trim();
}

/** The text of a lone H1 that opens the document (its title), if there is one. */
export function documentTitle(markdown: string): string | undefined {
  const first = /^\s*#\s+(.+?)\s*#*\s*$/.exec(markdown.trimStart().split("\n")[0] ?? "");
  if (!first) return undefined;
  const h1s = markdown.split("\n").filter((line) => /^\s{0,3}#\s/.test(line)).length;
  return h1s === 1 ? first[1] : undefined;
}

/** "q3-results_final.csv" → "Q3 results final": a file name that reads as a heading. */
export function readableName(name: string): string {
  const base = name
    .replace(/\.[a-z0-9]{1,8}$/i, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return base ? base[0].toUpperCase() + base.slice(1) : name;
}

/** Every markdown heading one level deeper (outside code fences), stopping at level 6. */
export function demoteHeadings(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      return line.replace(/^(\s{0,3})(#{1,5})(?=\s)/, "$1#$2");
    })
    .join("\n");
}
