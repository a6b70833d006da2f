import "server-only";
import PptxGenJS from "pptxgenjs";
import type { TDeck } from "@/lib/deck/schema";
import type { TRenderedSlide, TShapeBox, TTextBox } from "@/lib/layouts/boxes";
import { getFontFamily } from "@/lib/layouts/font-families";
import { languageTag } from "../language-tag";
import type { TPreparedImages } from "../prepare-images";
import { addChart } from "./add-chart";
import { addImage } from "./add-image";
import { addTable } from "./add-table";
import { fixPptx } from "./fix-pptx";
import { PptxMedia } from "./pptx-media";
import { textRuns } from "./text-runs";
import { wrapInsets } from "./wrap-insets";

type TSlide = PptxGenJS.Slide;

/** Slide units (1/96 in) → inches. */
const inches = (units: number) => units / 96;
/** Slide units → points. */
const points = (units: number) => units * 0.75;
/** "#RRGGBB" → "RRGGBB", as OOXML writes colours. */
const hex = (color: string) => color.replace(/^#/, "").toUpperCase();

/**
 * Renders laid-out slides as a native, editable PPTX: real text boxes that PowerPoint wraps
 * itself (the layout engine has measured the same lines with metric-compatible fonts), native
 * shapes, solid backgrounds and speaker notes.
 */
export async function renderPptx(
  deck: TDeck,
  slides: TRenderedSlide[],
  images: TPreparedImages = new Map(),
): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = deck.title;
  pptx.subject = deck.title;
  pptx.author = deck.author ?? "Deckforge";
  pptx.company = "Deckforge";
  const face = getFontFamily("sans").pptxFace;
  // Text a person adds in PowerPoint gets the deck's face too.
  pptx.theme = { headFontFace: face, bodyFontFace: face };
  const lang = languageTag(deck.language);

  const media = new PptxMedia();
  for (const rendered of slides) {
    const slide = pptx.addSlide();
    slide.background = { color: hex(rendered.background) };
    for (const box of rendered.boxes) {
      switch (box.kind) {
        case "shape":
          addShape(pptx, slide, box);
          break;
        case "text":
          addTextBox(slide, box, lang);
          break;
        case "image":
          addImage(slide, box, images, media);
          break;
        case "table":
          addTable(slide, box, lang);
          break;
        case "chart":
          addChart(pptx, slide, box, images);
          break;
      }
    }
    if (rendered.notes) slide.addNotes(rendered.notes);
  }
  const bytes = (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
  return fixPptx(bytes, media);
}

const SHAPES = { rect: "rect", roundRect: "roundRect", ellipse: "ellipse", line: "line" } as const;

function addShape(pptx: PptxGenJS, slide: TSlide, box: TShapeBox) {
  const transparency = box.opacity === undefined ? undefined : Math.round((1 - box.opacity) * 100);
  const fill =
    box.fill === "none" || box.shape === "line"
      ? { type: "none" as const }
      : { color: hex(box.fill), ...(transparency ? { transparency } : {}) };
  slide.addShape(pptx.ShapeType[SHAPES[box.shape]], {
    ...position(box),
    fill,
    line: box.stroke
      ? {
          color: hex(box.stroke.color),
          width: points(box.stroke.width),
          ...(transparency ? { transparency } : {}),
        }
      : { type: "none" },
    // pptxgenjs takes the corner radius in inches (and writes it as a share of the shorter side).
    ...(box.shape === "roundRect"
      ? { rectRadius: inches(Math.min(box.radius ?? 0, Math.min(box.w, box.h) / 2)) }
      : {}),
    objectName: box.id,
  });
}

function addTextBox(slide: TSlide, box: TTextBox, lang: string | undefined) {
  const face = getFontFamily(box.font).pptxFace;
  const runs = textRuns(box, lang);
  slide.addText(runs, {
    ...position(box),
    objectName: box.role,
    // [left, right, bottom, top] in points.
    margin: textInsets(box),
    fit: "none",
    wrap: true,
    align: box.align,
    valign: box.valign,
    fontFace: face,
    fontSize: points(box.fontSize),
    color: hex(box.color),
    // "Exactly" spacing, so PowerPoint's lines are as tall as the measured ones.
    lineSpacing: points(box.fontSize * box.lineHeight),
    paraSpaceAfter: points(box.paragraphGap),
    ...(lang ? { lang } : {}),
  });
}

function textInsets(box: TTextBox): [number, number, number, number] {
  const { left, right } = wrapInsets(box.w, box.align, box.paragraphs);
  return [points(left), points(right), 0, 0];
}

function position(box: { x: number; y: number; w: number; h: number }) {
  return { x: inches(box.x), y: inches(box.y), w: inches(box.w), h: inches(box.h) };
}
