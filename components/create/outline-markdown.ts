/**
 * An outline slide as the "new presentation" page edits it, and its markdown both ways: the outline
 * endpoint answers `## Title`, `- bullet` lines, then any table, quote or text; generation takes
 * the same markdown back as each slide's `content`. Client-safe, pure.
 */

export type TOutlineCard = {
  /** Stable key for React and drag-and-drop; never sent. */
  id: string;
  title: string;
  /** One bullet per line. */
  bullets: string;
  /** Whatever follows the bullets (a table, a quote, paragraphs), kept as written. */
  extra: string;
  /** The deck's cover (title slide): its title, and its lines as the subtitle. */
  cover?: boolean;
};

/**
 * The cover's title before the user types one: the text's first line when it reads as a title (a
 * markdown heading or a short line), else the first document's name, else "Presentation".
 */
export function coverTitle(content: string, fileNames: readonly string[]): string {
  const first = content
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean);
  const heading = first ? (HEADING.exec(first)?.[1] ?? first).trim() : "";
  if (heading && heading.length <= 90 && !/[.!?:;,]$/.test(heading)) return heading;
  const file = fileNames[0]
    ?.replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[_-]+/g, " ")
    .trim();
  return file || "Presentation";
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;

/** Reads one slide's markdown; without a heading, the first non-empty line is the title. */
export function parseOutlineSlide(markdown: string, id: string): TOutlineCard {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let title: string | undefined;
  const bullets: string[] = [];
  const extra: string[] = [];
  for (const line of lines) {
    if (title === undefined) {
      if (line.trim() === "") continue;
      title = (HEADING.exec(line)?.[1] ?? BULLET.exec(line)?.[1] ?? line).trim();
      continue;
    }
    const bullet = BULLET.exec(line);
    // Bullets are the list right under the title; a list further down stays with the other content.
    if (bullet && extra.every((l) => l.trim() === "")) bullets.push(bullet[1].trim());
    else extra.push(line);
  }
  return { id, title: title ?? "", bullets: bullets.join("\n"), extra: extra.join("\n").trim() };
}

/** The slide's bullets, one per non-empty line, without a list marker the user may have typed. */
export function bulletList(card: Pick<TOutlineCard, "bullets">): string[] {
  return card.bullets
    .split("\n")
    .map((line) => line.replace(/^\s*[-*+]\s+/, "").trim())
    .filter(Boolean);
}

/** The slide as markdown again: `## Title`, its bullets, then the rest unchanged. */
export function outlineSlideMarkdown(card: TOutlineCard): string {
  const parts = [`## ${card.title.replace(/\s*\n\s*/g, " ").trim()}`];
  const bullets = bulletList(card);
  if (bullets.length) parts.push(bullets.map((bullet) => `- ${bullet}`).join("\n"));
  if (card.extra.trim()) parts.push(card.extra.trim());
  return parts.join("\n\n");
}
