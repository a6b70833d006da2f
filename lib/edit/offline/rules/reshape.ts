/**
 * "Turn into a table / chart / timeline / two columns / quote / icons grid / metrics / bullets",
 * "change the layout to X", "as a pie chart", "compare", or a layout named alone ("bar chart").
 * Server-only (icons).
 */
import "server-only";
import { convertTo, readLayoutName, type TLayoutTarget } from "../convert/convert-to";
import { single, type TEditRule } from "../types";

const OBJECT = String.raw`(?:\s+(?:it|this|this slide|the slide|them|the (?:bullets|text|content|points|data|figures|numbers|list|items|rows|table|chart)))?`;

const FORMS: RegExp[] = [
  // "turn it into a table", "convert the bullets to a chart", "show as a timeline", "put it in a table"
  new RegExp(
    String.raw`^(?:turn|convert|change|transform|reformat|rewrite|restructure|redo|recast|present|show|display|format|put|lay\s*out|organi[sz]e|arrange)${OBJECT}\s+(?:into|to|as|in)\s+(?:an?\s+|the\s+)?(.+)$`,
    "i",
  ),
  // "change the layout to timeline", "switch layout to image-left", "layout: chart"
  /^(?:change|switch|set|update)\s+(?:the\s+)?(?:slide(?:'s)?\s+)?layout\s+(?:to|into|as)\s+(?:an?\s+|the\s+)?(.+)$/i,
  /^(?:slide\s+)?layout\s*[:=]?\s+(.+)$/i,
  // "use a bar chart", "try the comparison layout", "switch to two columns"
  /^(?:use|apply|try|choose|pick|switch\s+to|go\s+with)\s+(?:an?\s+|the\s+)?(.+?)$/i,
  // "make it a table", "make this a timeline"
  /^make\s+(?:it|this|this slide|the slide)\s+(?:into\s+)?(?:an?\s+|the\s+)(.+)$/i,
  // "as a table", "into two columns", "in a table"
  /^(?:as|into|in)\s+(?:an?\s+|the\s+)?(.+)$/i,
  // "add a chart", "add a picture"
  /^(?:add|insert|include)\s+(?:an?\s+|the\s+)?((?:pie |bar |line |column )?(?:chart|graph|table|timeline|picture|image|photo))$/i,
  // "compare", "compare the two options"
  /^(compare)\b.*$/i,
];

// A layout named alone ("bar chart", "two columns please", "timeline layout") is a request too.
const BARE = /^(?:an?\s+|the\s+)?(.{1,40}?)(?:\s+(?:layout|slide|format|version|style|view))?$/i;

/** The layout the prompt asks the slide to take, or null. */
export function readReshape(prompt: string): TLayoutTarget | null {
  for (const form of FORMS) {
    const m = form.exec(prompt);
    if (!m) continue;
    const target = readLayoutName(m[1]);
    if (target) return target;
  }
  const bare = BARE.exec(prompt);
  if (bare && bare[1].split(/\s+/).length <= 3) {
    const target = readLayoutName(bare[1]);
    // Only when the phrase is nothing but the layout's name ("bar chart", not "shorter bullets").
    if (target && isJustAName(bare[1])) return target;
  }
  return null;
}

const NAME_ONLY =
  /^(?:(?:pie|bar|line|column|doughnut|donut)\s+)?(?:chart|graph|table|timeline|roadmap|quote|quotation|metrics|kpis|bullets|bullet points|bulleted list|list|agenda|table of contents|toc|section|section divider|divider|title slide|cover|closing|closing slide|comparison|two columns|2 columns|two-column|columns|icons grid|icon grid|icons-grid|cards|image-left|image-right|image left|image right|picture left|picture right|key figures)$/i;

function isJustAName(phrase: string): boolean {
  return NAME_ONLY.test(phrase.trim());
}

export const reshapeRule: TEditRule = {
  id: "reshape",
  help: '"turn into a table" / "… a chart" (bar, column, line, pie) / "… a timeline" / "… two columns" / "… a comparison" / "… a quote" / "… an icons grid" / "… metrics" / "… bullet points"; "change the layout to <layout>"',
  parse(prompt) {
    const target = readReshape(prompt);
    if (!target) return null;
    return (slide, ctx) => {
      const converted = convertTo(target.layout, slide, ctx, {
        ...(target.chartType ? { chartType: target.chartType } : {}),
      });
      const { layout, content, notes, summary, warnings } = converted;
      return single(slide, { layout, content, ...(notes ? { notes } : {}) }, summary, warnings);
    };
  },
};
