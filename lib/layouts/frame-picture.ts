/**
 * Where a picture goes in its frame: the one calculation the editor, the PPTX and the PDF share,
 * so a crop, fit or focal point looks the same in all three. Pure and client-safe.
 */
import type { TImageCrop, TImageFit, TImageFocus } from "@/lib/deck/schema";

export type TRectangle = { x: number; y: number; w: number; h: number };

export type TPictureFraming = {
  fit: TImageFit;
  focus?: TImageFocus | undefined;
  crop?: TImageCrop | undefined;
};

export type TFramedPicture = {
  /** The part of the source shown, in source pixels. */
  source: TRectangle;
  /** Where that part is drawn, in the frame's units: the frame itself for cover, a centred part of it for contain. */
  dest: TRectangle;
  /**
   * Where the whole source would be drawn at the same scale (beyond the frame where cut): a
   * renderer that clips to `dest` places the whole picture here.
   */
  placement: TRectangle;
};

const CENTRE: TImageFocus = { x: 0.5, y: 0.5 };

/**
 * Frames a `width` × `height` picture in `frame`: the crop's sides are cut away first; `cover`
 * then scales what is left to fill the frame, keeping the focal point (fractions of the whole
 * picture) as near the frame's centre as the picture allows; `contain` scales it to fit inside
 * the frame, centred, with the frame's spare room left empty.
 */
export function framePicture(
  size: { width: number; height: number },
  framing: TPictureFraming,
  frame: TRectangle,
): TFramedPicture {
  const width = Math.max(1, size.width);
  const height = Math.max(1, size.height);
  const crop = framing.crop ?? { left: 0, top: 0, right: 0, bottom: 0 };
  const kept: TRectangle = {
    x: crop.left * width,
    y: crop.top * height,
    w: width * (1 - crop.left - crop.right),
    h: height * (1 - crop.top - crop.bottom),
  };
  let source: TRectangle;
  let dest: TRectangle;
  if (framing.fit === "contain") {
    const scale = Math.min(frame.w / kept.w, frame.h / kept.h);
    const w = kept.w * scale;
    const h = kept.h * scale;
    source = kept;
    dest = { x: frame.x + (frame.w - w) / 2, y: frame.y + (frame.h - h) / 2, w, h };
  } else {
    const scale = Math.max(frame.w / kept.w, frame.h / kept.h);
    const w = Math.min(kept.w, frame.w / scale);
    const h = Math.min(kept.h, frame.h / scale);
    const focus = framing.focus ?? CENTRE;
    const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
    source = {
      x: clamp(focus.x * width - w / 2, kept.x, kept.x + kept.w - w),
      y: clamp(focus.y * height - h / 2, kept.y, kept.y + kept.h - h),
      w,
      h,
    };
    dest = { ...frame };
  }
  const scaleX = dest.w / source.w;
  const scaleY = dest.h / source.h;
  return {
    source,
    dest,
    placement: {
      x: dest.x - source.x * scaleX,
      y: dest.y - source.y * scaleY,
      w: width * scaleX,
      h: height * scaleY,
    },
  };
}

/** True when the framing is the default (cover, centred, uncropped): nothing to store. */
export function isDefaultFraming(framing: Partial<TPictureFraming>): boolean {
  const crop = framing.crop;
  return (
    (framing.fit ?? "cover") === "cover" &&
    (!framing.focus || (framing.focus.x === 0.5 && framing.focus.y === 0.5)) &&
    (!crop || (crop.left === 0 && crop.top === 0 && crop.right === 0 && crop.bottom === 0))
  );
}
