/**
 * YAML front matter at the top of a markdown file (Jekyll, Hugo, Docusaurus, Marp): page
 * settings, not text. Its title names the document and its description says what it is about;
 * the rest (layout, redirects, tags, dates) is left out of the deck.
 */
import fm from "front-matter";

/** The description a page's settings give under any of these names, first found first. */
const DESCRIPTION_KEYS = ["description", "summary", "subtitle", "excerpt"] as const;

/**
 * The content with its front matter read: a `# title` heading (unless the body opens with a
 * heading of its own) and the description as the first paragraph, then the body. Content without
 * front matter, or whose block between `---` lines is not a YAML mapping (a rule, a paragraph,
 * a rule), comes back unchanged.
 */
export function readFrontMatter(content: string): string {
  const text = content.replace(/\r\n?/g, "\n");
  if (!fm.test(text)) return content;
  let attributes: unknown;
  let body: string;
  try {
    ({ attributes, body } = fm<unknown>(text));
  } catch {
    // Not YAML: the lines between the rules are the document's own text.
    return content;
  }
  if (!isMapping(attributes)) return content;
  const title = oneLine(attributes.title);
  const description = DESCRIPTION_KEYS.map((key) => oneLine(attributes[key])).find(Boolean);
  const opensWithHeading = /^\s*#\s+\S/.test(body);
  const head = [
    title && !opensWithHeading ? `# ${title}` : undefined,
    description && !body.includes(description) ? description : undefined,
  ].filter(Boolean);
  return head.length ? `${head.join("\n\n")}\n\n${body.trimStart()}` : body.trimStart();
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string setting on one line; anything else (a list, a date, a number) is not text. */
function oneLine(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const line = value.replace(/\s+/g, " ").trim();
  return line || undefined;
}
