/** POST /api/v1/ppt/presentation/{id}/switch-layout: a slide's own content in another layout. */
import { z } from "zod";
import { ZChartType, ZLayoutId, ZSlide } from "@/lib/deck/schema";
import { slideProblems } from "@/lib/edit/slide-problems";

export const ZSwitchLayoutRequest = z
  .object({
    layout: ZLayoutId.describe("The layout to switch the slide to."),
    slide: ZSlide.describe(
      "The slide as the editor has it now (it may hold unsaved edits); its content must satisfy its current layout, as for create/from-json.",
    ),
    chart_type: ZChartType.optional().describe(
      "For a switch to `chart`: the chart type to draw; the shape of the data decides otherwise.",
    ),
    starter: z
      .boolean()
      .default(false)
      .describe(
        "After a 422 (the slide's content cannot take the layout's shape): switch anyway, the layout's required fields filled with example content to replace; the slide's own content is kept, undrawn, for the layout it came from.",
      ),
  })
  .strict()
  .superRefine((input, ctx) => {
    for (const { field, message } of slideProblems(input.slide.layout, input.slide.content))
      ctx.addIssue({ code: "custom", path: ["slide", "content", field], message });
  });
export type TSwitchLayoutRequest = z.infer<typeof ZSwitchLayoutRequest>;

export const ZSwitchLayoutResponse = z.object({
  slide: ZSlide.describe(
    "The slide in the new layout, not saved (the editor saves it with PUT on the deck). Content the new layout does not draw stays in `content`, undrawn: switching back shows it again.",
  ),
  summary: z.string().describe("One sentence saying what was done, for the editor to show."),
  warnings: z.array(z.string()).describe("What the switch could not do as well as it would like."),
  starter: z
    .boolean()
    .describe("Whether example content fills a field the layout needs (an empty slide, or `starter` asked)."),
});
export type TSwitchLayoutResponse = z.infer<typeof ZSwitchLayoutResponse>;
