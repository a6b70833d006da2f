import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { SLIDE_HEIGHT, SLIDE_WIDTH } from "../boxes";
import { fitText } from "../fit-text";
import { growShortText, paginateText } from "../paginate-text";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader, continuedTitle } from "./content-header";
import { contentPage, type TLayoutContext, type TPage, type TRect } from "./frame";
import { imageBoxFor } from "./image-box";
import { type TTextBoxSpec, textBoxFor } from "./text-box";

/** The share of the slide's width the picture takes (with its margin when inset). */
const PICTURE_SHARE = 0.45;
/** Space between an inset picture and the text column. */
const INSET_GAP = 56;
/** Space kept between an inset picture and the template's decoration. */
const DECOR_CLEARANCE = 24;
/** Beside a picture a short text may grow further than on a plain slide: the column is narrow. */
const SHORT_TEXT_SCALE = 1.6;
/** A text filling less than this share of the column is centred on it vertically. */
const MIDDLE_BELOW = 0.4;

/**
 * A picture on one side and the title, lead and bullets beside it. Square-cornered templates
 * (radius 0) run the picture to the slide's edges; the others inset it in the frame with their
 * corner radius. A short text is set larger (growShortText, up to 1.6×) and centred beside the
 * picture; text that does not fit goes on "… (cont.)" pages beside the same picture.
 */
export function layoutImageSide(
  side: "left" | "right",
  content: TSlideContent,
  context: TLayoutContext,
): TPage[] {
  const { frame, sizes, radius } = context.template;
  const picture = pictureRect(side, context);
  const gap = radius === 0 ? frame.marginX : INSET_GAP;
  const textX = side === "left" ? picture.x + picture.w + gap : frame.marginX;
  const textW = side === "left" ? SLIDE_WIDTH - frame.marginX - textX : picture.x - gap - frame.marginX;
  // The title and its template mark sit over the text column only.
  const column: TLayoutContext = {
    ...context,
    template: { ...context.template, frame: { ...frame, marginX: textX, contentW: textW } },
  };
  const title = inlineRuns(content.title);
  const image = imageBoxFor(content.image, content.title ?? "", picture, context, {
    ...(radius > 0 ? { radius } : {}),
  });
  const grown: TTextBoxSpec = growShortText(
    {
      role: "body",
      x: textX,
      y: frame.body.y,
      w: textW,
      h: frame.body.h,
      paragraphs: [...textParagraphs(content.body), ...bulletParagraphs(content.bullets)],
      font: context.fonts.body,
      // The column is about as wide as a two-column panel, so it takes the panel's size.
      fontSize: sizes.columnBody,
      lineHeight: 1.3,
      paragraphGapEm: 0.5,
      color: context.palette.text,
      align: "left",
      valign: "top",
    },
    SHORT_TEXT_SCALE,
  );
  // A line or two beside a picture sits at the picture's middle, not alone at the top of the column.
  const spec: TTextBoxSpec =
    fitText(grown).height < grown.h * MIDDLE_BELOW ? { ...grown, valign: "middle" } : grown;
  return paginateText(spec).map((fit, page) =>
    contentPage(context, contentHeader(continuedTitle(title, page), column), [
      image,
      ...bodyAndBulletBoxes(textBoxFor(spec, fit), fit),
    ]),
  );
}

/** Where the picture goes: edge to edge on square templates, inset in the frame on rounded ones. */
export function pictureRect(side: "left" | "right", context: TLayoutContext): TRect {
  const { frame, radius } = context.template;
  const share = Math.round(SLIDE_WIDTH * PICTURE_SHARE);
  if (radius === 0) return { x: side === "left" ? 0 : SLIDE_WIDTH - share, y: 0, w: share, h: SLIDE_HEIGHT };
  const w = share - frame.marginX;
  const bottom = frame.body.y + frame.body.h;
  const xOf = (at: "left" | "right") => (at === "left" ? frame.marginX : SLIDE_WIDTH - frame.marginX - w);
  // Both sides start below any corner decoration either would crowd, so left and right pictures match.
  const top = Math.max(
    frame.header.y,
    ...context.template
      .decor("content", context)
      .filter((box) => box.y + box.h <= frame.header.y + DECOR_CLEARANCE)
      .filter((box) => (["left", "right"] as const).some((at) => near(box, { x: xOf(at), w })))
      .map((box) => box.y + box.h + DECOR_CLEARANCE),
  );
  return { x: xOf(side), y: top, w, h: bottom - top };
}

function near(box: TRect, column: { x: number; w: number }): boolean {
  return box.x < column.x + column.w + DECOR_CLEARANCE && box.x + box.w > column.x - DECOR_CLEARANCE;
}
