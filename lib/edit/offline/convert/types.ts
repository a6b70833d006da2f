/** A slide rebuilt in another layout by the offline editor. Pure. */
import type { TChartType, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import type { TEditContext } from "../../edit-context";

export type TConverted = {
  layout: TLayoutId;
  content: TSlideContent;
  notes?: string;
  /** What was done, as a clause: "turned 4 bullets into a table of 4 rows". */
  summary: string;
  warnings: string[];
};

export type TConvertOptions = {
  /** The chart type asked for ("a pie chart"); the shape of the data decides otherwise. */
  chartType?: TChartType;
};

/** Rebuilds a slide in one layout; throws EditRefusal when its content cannot take that shape. */
export type TConverter = (slide: TSlide, ctx: TEditContext, opts: TConvertOptions) => TConverted;
