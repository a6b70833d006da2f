import "server-only";
import type { TTextBox } from "../boxes";
import { fitText, type TFitResult, type TFitSpec } from "../fit-text";

export type TTextBoxSpec = TFitSpec & Pick<TTextBox, "role" | "x" | "y" | "color" | "align" | "valign">;

/** Fits text into a region and returns the positioned box (its id is its role) with the fit. */
export function fitTextBox(spec: TTextBoxSpec): { box: TTextBox; fit: TFitResult } {
  const fit = fitText(spec);
  return { box: textBoxFor(spec, fit), fit };
}

/** The positioned box that shows a fit result (one page of a paginated text, for instance). */
export function textBoxFor(spec: TTextBoxSpec, fit: TFitResult): TTextBox {
  return {
    kind: "text",
    id: spec.role,
    role: spec.role,
    x: spec.x,
    y: spec.y,
    w: spec.w,
    h: spec.h,
    paragraphs: fit.paragraphs,
    font: spec.font,
    fontSize: fit.fontSize,
    lineHeight: spec.lineHeight,
    paragraphGap: fit.paragraphGap,
    color: spec.color,
    ...(spec.bold ? { bold: true } : {}),
    align: spec.align,
    valign: spec.valign,
  };
}

/** The same box cut down to the height of its text, for stacking boxes under each other. */
export function hugText(box: TTextBox, fit: TFitResult): TTextBox {
  return { ...box, h: fit.height };
}
