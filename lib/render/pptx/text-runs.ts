import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TParagraph, TTextBox } from "@/lib/layouts/boxes";
import { BULLET_CHAR, bulletIndent } from "@/lib/layouts/bullet-style";
import { CODE_FONT, getFontFamily } from "@/lib/layouts/font-families";
import { paragraphAlign } from "@/lib/layouts/place-lines";
import { runLanguageTag, splitByScript } from "../language-tag";

const hex = (color: string) => color.replace(/^#/, "").toUpperCase();

/** Slide units → points. */
const points = (units: number) => units * 0.75;

/** A text box's paragraphs as pptxgenjs runs (text boxes and table cells alike). */
export function textRuns(box: TTextBox, lang: string | undefined): PptxGenJS.TextProps[] {
  const face = getFontFamily(box.font).pptxFace;
  return box.paragraphs.flatMap((paragraph, index) =>
    paragraphRuns(paragraph, box, face, index === box.paragraphs.length - 1, lang),
  );
}

/**
 * One paragraph's runs. A right-to-left paragraph is marked rtl="1" (PowerPoint then orders its
 * runs and hangs the bullet on the right) with its alignment mirrored as placeLines mirrors it.
 * Runs are cut where the script changes so each carries its language; fix-pptx names the East
 * Asian and complex-script faces of the runs that need them.
 */
function paragraphRuns(
  paragraph: TParagraph,
  box: TTextBox,
  face: string,
  last: boolean,
  lang: string | undefined,
): PptxGenJS.TextProps[] {
  const rtl = Boolean(paragraph.rtl);
  const paragraphText = paragraph.runs.map((run) => run.text).join("");
  const pieces = paragraph.runs.flatMap((run) => splitByScript(run.text).map((text) => ({ run, text })));
  return pieces.map(({ run, text }, index) => {
    const runLang = runLanguageTag(text, lang, paragraphText);
    return {
      text,
      options: {
        bold: Boolean(box.bold || run.bold),
        italic: Boolean(run.italic),
        fontFace: run.code ? CODE_FONT.pptxFace : face,
        ...(run.link ? { hyperlink: { url: run.link, tooltip: run.link } } : {}),
        // Marks: u="sng", a run colour of its own, <a:highlight> (colours resolved by the layout).
        ...(run.underline ? { underline: { style: "sng" as const } } : {}),
        ...(run.fill ? { color: hex(run.fill) } : {}),
        ...(run.highlightFill ? { highlight: hex(run.highlightFill) } : {}),
        // Every run of a paragraph carries its alignment: pptxgenjs starts a paragraph where it changes.
        align: paragraphAlign(box.align, rtl),
        ...(rtl ? { rtlMode: true } : {}),
        ...(runLang ? { lang: runLang } : {}),
        // pptxgenjs starts a paragraph at each run that carries `bullet`, so only the first does.
        ...(paragraph.bullet && index === 0
          ? {
              bullet: {
                characterCode: BULLET_CHAR.codePointAt(0)?.toString(16).padStart(4, "0"),
                indent: points(bulletIndent(box.fontSize)),
              },
            }
          : {}),
        ...(!last && index === pieces.length - 1 ? { breakLine: true } : {}),
      },
    };
  });
}
