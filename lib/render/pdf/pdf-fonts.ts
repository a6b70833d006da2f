import "server-only";
import type { TTextRun } from "@/lib/layouts/boxes";
import { CODE_FONT, fontStyleOf, type TFontStyle } from "@/lib/layouts/font-families";
import { fontFilePath, measureRun } from "@/lib/layouts/fonts";

/** A piece of a run drawn with one PDF font, and its measured width. */
export type TSegment = { font: string; text: string; width: number };

/**
 * The fonts of one PDF document: each family face is embedded (subset) on first use under a name
 * of its own. Code runs use the standard Courier, whose 0.6 em advances are what the layout
 * measured; characters outside its WinAnsi encoding fall back to the family's face.
 */
export class PdfFonts {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The registered name of a family's face, embedding it on first use. */
  face(fontKey: string, style: TFontStyle): string {
    const name = `${fontKey}-${style}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontFilePath(fontKey, style));
      this.registered.add(name);
    }
    return name;
  }

  /** A run cut into pieces by the font that draws them, each with its measured width. */
  segments(run: TTextRun, fontKey: string, fontSize: number, boxBold?: boolean): TSegment[] {
    const style = fontStyleOf(boxBold || run.bold, run.italic);
    const measure = (text: string) => measureRun(fontKey, { ...run, text }, fontSize, boxBold);
    if (!run.code) return [{ font: this.face(fontKey, style), text: run.text, width: measure(run.text) }];
    return (run.text.match(/[\x20-\x7e\xa0-\xff]+|[^\x20-\x7e\xa0-\xff]+/g) ?? []).map((text) => ({
      font: /^[\x20-\x7e\xa0-\xff]/.test(text) ? CODE_FONT.pdfStandard[style] : this.face(fontKey, style),
      text,
      width: measure(text),
    }));
  }
}
