/**
 * The per-layout content checks create/from-json applies (lib/api/schemas/generate.ts ZJsonSlide):
 * the layout's required fields are present and a comparison has exactly two columns. Used on the
 * slide an edit starts from and on every slide it answers. Pure, client-safe.
 */
import { missingContent } from "@/lib/deck/layout-content";
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";

/** A problem with a slide's content for its layout, keyed by the content field. */
export type TSlideProblem = { field: keyof TSlideContent; message: string };

/** Everything the layout needs that `content` lacks; empty when the slide can be drawn as laid out. */
export function slideProblems(layout: TLayoutId, content: TSlideContent): TSlideProblem[] {
  const problems: TSlideProblem[] = missingContent(layout, content);
  if (layout === "comparison" && content.columns && content.columns.length !== 2)
    problems.push({ field: "columns", message: "A comparison needs exactly two columns." });
  return problems;
}
