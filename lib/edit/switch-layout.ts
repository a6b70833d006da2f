/**
 * The editor's layout switch: the slide's own content rebuilt in the new layout by the offline
 * converters (bullets with figures become key figures, dated bullets a timeline, "Label: text"
 * bullets cards, rows a table or a chart), free of charge and without a model.
 *
 * Nothing the user wrote is lost: what the new layout cannot draw stays in the slide's content,
 * undrawn (lib/deck/hidden-content.ts), and switching back to a layout whose content the slide
 * kept shows that content as it was. Starter content fills a layout only for a slide with nothing
 * to convert, or when the caller asks for it after a refusal. Server-only (the converters look up
 * icons).
 */
import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TSwitchLayoutRequest, TSwitchLayoutResponse } from "@/lib/api/schemas/switch-layout";
import type { Db } from "@/lib/db";
import { hasValue, visibleContent } from "@/lib/deck/hidden-content";
import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import {
  type TChartType,
  type TLayoutId,
  type TSlide,
  type TSlideContent,
  ZDeck,
  ZSlide,
} from "@/lib/deck/schema";
import { fillRequired } from "@/lib/editor/default-content";
import { LAYOUT_NAMES } from "@/lib/editor/names";
import { capitalise } from "@/lib/generate/offline/title-case";
import { plainText } from "@/lib/generate/offline/tokenize";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { buildEditContext, type TEditContext } from "./edit-context";
import { EditRefusal } from "./edit-refusal";
import { convertTo } from "./offline/convert/convert-to";
import { notesField } from "./offline/move-to-notes";
import { slideLines } from "./offline/read-slide";
import { slideProblems } from "./slide-problems";

type TField = keyof TSlideContent;

/** The field that makes each layout what it is; kept content in it is shown again as it was. */
const PRIMARY: Partial<Record<TLayoutId, TField>> = {
  agenda: "bullets",
  bullets: "bullets",
  closing: "bullets",
  "image-left": "bullets",
  "image-right": "bullets",
  "two-column": "columns",
  comparison: "columns",
  "icons-grid": "items",
  metrics: "metrics",
  quote: "quote",
  table: "table",
  chart: "chart",
  timeline: "timeline",
};

export type TSwitchOptions = {
  /** The chart type for a switch to a chart; the data's shape decides otherwise. */
  chartType?: TChartType;
  /** After a refusal: switch anyway, the layout's required fields filled with starter content. */
  starter?: boolean;
};

export type TSwitched = {
  slide: TSlide;
  /** What was done, as a sentence. */
  summary: string;
  warnings: string[];
  /** Whether starter content fills a required field. */
  starter: boolean;
};

/**
 * `slide` switched to `layout`. Throws EditRefusal when the slide has content the converters
 * cannot shape for the layout and `starter` was not asked for.
 */
export function switchLayout(
  slide: TSlide,
  layout: TLayoutId,
  ctx: TEditContext,
  opts: TSwitchOptions = {},
): TSwitched {
  const name = LAYOUT_NAMES[layout];
  if (slide.layout === layout)
    return { slide, summary: `The slide is already ${name}.`, warnings: [], starter: false };
  const content = slide.content;
  const primary = PRIMARY[layout];
  if (primary && hasValue(content[primary]) && !slideProblems(layout, content).length)
    return {
      slide: { ...slide, layout },
      summary: `${name} shows the content this slide kept for it.`,
      warnings: [],
      starter: false,
    };

  const visible = visibleContent(slide.layout, content);
  try {
    const converted = convertTo(layout, { ...slide, content: visible }, ctx, { chartType: opts.chartType });
    const merged = { ...kept(content, slide.layout, layout, converted.content), ...converted.content };
    const dropped = LAYOUT_SPECS[layout].reads.some(
      (field) => hasValue(visible[field]) && !hasValue(merged[field]) && field !== "image",
    );
    return {
      slide: {
        id: slide.id,
        layout,
        content: merged,
        // Undrawn content stays on the slide; only text a converter took off a field the new
        // layout draws goes to the notes, as the AI edit does.
        ...notesField(dropped ? converted.notes : slide.notes),
      },
      summary: `${capitalise(converted.summary)}.`,
      warnings: converted.warnings.filter((w) => !/moved to the (speaker )?notes|left out/.test(w)),
      starter: false,
    };
  } catch (error) {
    if (!(error instanceof EditRefusal)) throw error;
    const empty = slideLines(visible).length === 0;
    const starter = slideProblems(layout, content).length > 0;
    if (!empty && !opts.starter && starter) throw error;
    return {
      slide: { ...slide, layout, content: fillRequired(layout, content) },
      summary: starter
        ? `${name} starts with example content to replace${empty ? "" : "; the slide's own content is kept for the layout it came from"}.`
        : `${name} shows the slide as it is.`,
      warnings: starter || empty ? [] : [error.message],
      starter,
    };
  }
}

/**
 * The fields of `content` the conversion did not see or fill, kept (undrawn, or drawn again when
 * the new layout reads them); a lead or subtitle whose text the converted slide already shows is not kept twice.
 */
function kept(
  content: TSlideContent,
  from: TLayoutId,
  layout: TLayoutId,
  converted: TSlideContent,
): TSlideContent {
  const reads = new Set<TField>(LAYOUT_SPECS[layout].reads);
  const had = new Set<TField>(LAYOUT_SPECS[from].reads);
  const shown = new Set(
    [converted.title, converted.subtitle, converted.body]
      .filter((t): t is string => Boolean(t))
      .map((t) => plainText(t).trim()),
  );
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(content) as [TField, unknown][]) {
    // The converter saw what the old layout drew; what it kept undrawn is shown again when the
    // new layout draws it (a cover's subtitle back on the cover).
    if ((reads.has(field) && had.has(field)) || field in converted || !hasValue(value)) continue;
    if (typeof value === "string" && shown.has(plainText(value).trim())) continue;
    out[field] = value;
  }
  return out as TSlideContent;
}

/**
 * POST /api/v1/ppt/presentation/{id}/switch-layout: `input.slide` switched to `input.layout` in the
 * context of the user's presentation (404 for anyone else's). Free; nothing is saved. A slide whose
 * content the layout cannot take is a 422 on `layout` with the reason, unless `starter` is asked.
 */
export async function switchSlideLayout(
  db: Db,
  userId: string,
  presentationId: string,
  input: TSwitchLayoutRequest,
): Promise<TSwitchLayoutResponse> {
  const presentation = await getPresentationOrThrow(db, userId, presentationId);
  const ctx = buildEditContext(ZDeck.parse(JSON.parse(presentation.deck)), input.slide);
  try {
    const switched = switchLayout(input.slide, input.layout, ctx, {
      chartType: input.chart_type,
      starter: input.starter,
    });
    return { ...switched, slide: ZSlide.parse(switched.slide) };
  } catch (error) {
    if (!(error instanceof EditRefusal)) throw error;
    throw new ApiError(
      "invalid_field",
      `layout: ${error.message} Send "starter": true to switch with example content to replace; the slide's own content is kept.`,
      { errors: [{ path: "layout", message: error.message }] },
    );
  }
}
