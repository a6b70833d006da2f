/**
 * One page of a parity comparison: our page's raster and words against another renderer's, with
 * the parity bench's measures (pixelmatch share, word placement, content kind). Shared by
 * bench/compare-pdf.ts (built-in templates) and bench/brand-parity.ts (brand templates), so both
 * benches measure alike and are held to the same limits (bench/parity-limits.ts).
 */
import { readFileSync } from "node:fs";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import type { TContentKind, TPageParity } from "../compare-pdf";
import { comparePng } from "../compare-png";
import { compareWords, type TArea, type TWord } from "../compare-words";

/** 1 slide unit = 0.75 pt. */
const PT_PER_UNIT = 0.75;

/** The kind of a laid-out page: chart over picture over table over text. */
export function contentKind(slide: TRenderedSlide): TContentKind {
  const kinds = new Set(slide.boxes.map((box) => box.kind));
  if (kinds.has("chart")) return "chart";
  if (kinds.has("image")) return "image";
  if (kinds.has("table")) return "table";
  return "text";
}

/** Chart boxes of a page in points, where LibreOffice's chart engine places the words. */
export function chartAreas(slide: TRenderedSlide): TArea[] {
  return slide.boxes
    .filter((box) => box.kind === "chart")
    .map((box) => ({
      x: box.x * PT_PER_UNIT,
      y: box.y * PT_PER_UNIT,
      w: box.w * PT_PER_UNIT,
      h: box.h * PT_PER_UNIT,
    }));
}

export type TPageMeasure = Pick<
  TPageParity,
  "kind" | "differing" | "ratio" | "words" | "unmatchedWords" | "maxWordDx"
>;

/**
 * Compares our raster of `page` with the other renderer's (same size, PNG files) and our words with
 * theirs (points, in our page's coordinates); writes the diff image to `diff`.
 */
export function measurePage(
  page: TRenderedSlide,
  rasters: { ours: string; theirs: string; diff: string },
  words: { ours: TWord[]; theirs: TWord[] },
): TPageMeasure {
  const pixels = comparePng(readFileSync(rasters.ours), readFileSync(rasters.theirs), rasters.diff);
  const placed = compareWords(words.ours, words.theirs, chartAreas(page));
  return {
    kind: contentKind(page),
    differing: pixels.differing,
    ratio: pixels.ratio,
    words: placed.words,
    unmatchedWords: placed.unmatched,
    maxWordDx: placed.maxDx,
  };
}
