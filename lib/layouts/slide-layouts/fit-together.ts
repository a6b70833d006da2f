import "server-only";
import type { TTextBox } from "../boxes";
import type { TFitResult } from "../fit-text";
import { fitTextBox, hugText, type TTextBoxSpec } from "./text-box";

export type TFittedGroup = {
  /** The common size every box of the group was set at. */
  fontSize: number;
  /** Each box cut to its own text's height (its spec's height is the most it could have used). */
  boxes: TTextBox[];
  fits: TFitResult[];
  /** True when every text was set whole (nothing split off or cut with "…"). */
  complete: boolean;
};

/**
 * Fits boxes of one role (every card's label, every event's date…) at one shared size: each is
 * fitted alone, then all are set at the smallest of those sizes, so a row of cards reads as one.
 * Texts that still do not fit at that size are handled by each spec's `overflow`; `complete` says
 * whether any were.
 */
export function fitTogether(specs: TTextBoxSpec[]): TFittedGroup {
  if (!specs.length) return { fontSize: 0, boxes: [], fits: [], complete: true };
  const fontSize = Math.min(...specs.map((spec) => fitTextBox(spec).fit.fontSize));
  const fitted = specs.map((spec) => fitTextBox({ ...spec, fontSize, minFontSize: fontSize }));
  // fitText reports nothing when it cuts with "…", so wholeness is checked against a split fit.
  const complete = specs.every(
    (spec) =>
      fitTextBox({ ...spec, fontSize, minFontSize: fontSize, overflow: "split" }).fit.overflow.length === 0,
  );
  return {
    fontSize,
    boxes: fitted.map(({ box, fit }) => hugText(box, fit)),
    fits: fitted.map(({ fit }) => fit),
    complete,
  };
}
