/**
 * What each layout reads from a slide's content: the fields it draws and the ones it cannot do
 * without. The templates endpoint publishes these schemas; create/from-json checks them. Client-safe.
 */
import { z } from "zod";
import { type TLayoutId, type TSlideContent, ZImage, ZSlideContent } from "./schema";

/**
 * Slide content as callers and models may write it: a picture is asked for by `query` and `alt`
 * and framed by `fit`, `focus` and `crop`;
 * `asset` and `credit` are set by the service when it fetches a picture, never taken from input
 * (an asset key would let a caller reference a file it did not upload).
 */
export const ZSlideContentInput = ZSlideContent.extend({
  image: ZImage.pick({ query: true, alt: true, fit: true, focus: true, crop: true }).strict().optional(),
});

type TField = keyof TSlideContent;

export type TLayoutSpec = {
  /** One line on what the layout is for. */
  description: string;
  /** Fields the layout draws. */
  reads: TField[];
  /** Fields it must have; a slide without them is refused (422). */
  requires: TField[];
};

export const LAYOUT_SPECS: Record<TLayoutId, TLayoutSpec> = {
  title: {
    description: "The cover: deck title, a lead line and the author.",
    reads: ["title", "subtitle", "body", "image"],
    requires: [],
  },
  section: {
    description: "A divider that opens a part of the deck.",
    reads: ["title", "subtitle", "body", "icon"],
    requires: [],
  },
  agenda: {
    description: "A numbered list of what the deck covers.",
    reads: ["title", "bullets"],
    requires: [],
  },
  bullets: {
    description: "A title, an optional lead and bullet points.",
    reads: ["title", "body", "bullets"],
    requires: [],
  },
  "two-column": {
    description: "Two panels, each a heading over text and bullets.",
    reads: ["title", "body", "columns", "bullets"],
    requires: [],
  },
  "image-left": {
    description: "A picture on the left, text and bullets on the right.",
    reads: ["title", "body", "bullets", "image"],
    requires: [],
  },
  "image-right": {
    description: "Text and bullets on the left, a picture on the right.",
    reads: ["title", "body", "bullets", "image"],
    requires: [],
  },
  "icons-grid": {
    description: "Two to eight cards, each an icon, a short title and a line of text.",
    reads: ["title", "body", "items"],
    requires: ["items"],
  },
  metrics: {
    description: "One to six headline figures with labels.",
    reads: ["title", "body", "metrics"],
    requires: ["metrics"],
  },
  quote: {
    description: "A quotation and who said it.",
    reads: ["title", "quote"],
    requires: ["quote"],
  },
  table: {
    description: "A native, editable table with a header row.",
    reads: ["title", "body", "table"],
    requires: ["table"],
  },
  chart: {
    description: "A native, editable chart (bar, column, line, pie, doughnut) with an optional note.",
    reads: ["title", "body", "bullets", "chart"],
    requires: ["chart"],
  },
  timeline: {
    description: "Two to ten dated steps in order.",
    reads: ["title", "body", "timeline"],
    requires: ["timeline"],
  },
  comparison: {
    description: "Two options side by side, headed and contrasted.",
    reads: ["title", "body", "columns"],
    requires: ["columns"],
  },
  closing: {
    description: "The last slide: a thank-you or call to action and contact lines.",
    reads: ["title", "subtitle", "body", "bullets"],
    requires: [],
  },
};

/** The content schema of one layout: the fields it reads, with the ones it requires made required. */
export function layoutContentSchema(layout: TLayoutId) {
  const spec = LAYOUT_SPECS[layout];
  const picked = ZSlideContentInput.pick(
    Object.fromEntries(spec.reads.map((f) => [f, true])) as Record<TField, true>,
  );
  const required = Object.fromEntries(spec.requires.map((f) => [f, ZSlideContentInput.shape[f].unwrap()]));
  return picked.extend(required);
}

/** Missing required fields of a slide's content, as messages keyed by field. */
export function missingContent(
  layout: TLayoutId,
  content: TSlideContent,
): { field: TField; message: string }[] {
  return LAYOUT_SPECS[layout].requires
    .filter((field) => {
      const value = content[field];
      return value === undefined || (Array.isArray(value) && value.length === 0);
    })
    .map((field) => ({ field, message: `The '${layout}' layout needs '${field}'.` }));
}

/** JSON Schema of every layout's content (for GET /api/v1/ppt/templates and the OpenAPI document). */
export function layoutJsonSchema(layout: TLayoutId): unknown {
  return z.toJSONSchema(layoutContentSchema(layout), { io: "input", unrepresentable: "any" });
}
