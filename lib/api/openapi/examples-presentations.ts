/**
 * Examples of the dashboard's presentation endpoints (list, rename, duplicate, export). The unit
 * test parses each with its operation's schema.
 */
import "server-only";
import { EXAMPLE_IDS, EXAMPLE_RESULT } from "./examples";

const ORIGIN = new URL(EXAMPLE_RESULT.edit_path).origin;
const COPY_ID = "4e1d9c7b-8a2f-4b6c-9d3e-5f0a1b2c3d4e";
const SIGNATURE = "expires=1767225600&signature=3oN4T2u6mWq0hYbJr5x8Lk1VfZcPsEaD9gRiQtUwXyA";

/** The first page of a title slide, cut to its background band and its title box. */
const EXAMPLE_THUMBNAIL = {
  slideId: "s1",
  background: "#FFFFFF",
  boxes: [
    { kind: "shape", id: "band", shape: "rect", x: 0, y: 0, w: 1280, h: 12, fill: "#2563EB" },
    {
      kind: "text",
      id: "title",
      role: "title",
      x: 96,
      y: 250,
      w: 1088,
      h: 120,
      paragraphs: [{ runs: [{ text: "Q3 review" }], lines: [{ runs: [{ text: "Q3 review" }], width: 318 }] }],
      font: "heading",
      fontSize: 72,
      lineHeight: 1.1,
      paragraphGap: 0,
      color: "#0F172A",
      bold: true,
      align: "left",
      valign: "bottom",
    },
  ],
};

export const EXAMPLE_PRESENTATION_LIST = {
  items: [
    {
      presentation_id: EXAMPLE_IDS.presentation,
      title: "Q3 review",
      created_at: "2026-11-22T10:15:30.000Z",
      updated_at: "2026-11-23T08:02:11.000Z",
      slide_count: 2,
      version: 3,
      template: "standard",
      theme: "slate",
      edit_path: EXAMPLE_RESULT.edit_path,
      thumbnail: EXAMPLE_THUMBNAIL,
    },
  ],
  page: 1,
  page_size: 20,
  total: 1,
};

export const EXAMPLE_RENAME_REQUEST = { title: "Q3 review (board)", version: 3 };

export const EXAMPLE_RENAME_RESPONSE = {
  presentation_id: EXAMPLE_IDS.presentation,
  title: "Q3 review (board)",
  version: 4,
  updated_at: "2026-11-23T08:05:40.000Z",
};

export const EXAMPLE_DUPLICATE_RESPONSE = {
  presentation_id: COPY_ID,
  title: "Q3 review (copy)",
  edit_path: `${ORIGIN}/editor/${COPY_ID}`,
  version: 1,
};

export const EXAMPLE_EXPORT_REQUEST = { export_as: "pdf" };

export const EXAMPLE_EXPORT_RESPONSE = {
  format: "pdf",
  path: `${ORIGIN}/api/v1/ppt/exports/${EXAMPLE_IDS.export}/q3-review.pdf?${SIGNATURE}`,
  slide_count: 2,
  version: 4,
};
