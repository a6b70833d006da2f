import "server-only";
import type { TImageBox, TRenderedSlide } from "@/lib/layouts/boxes";

/** A picture ready for a file renderer: PNG or JPEG bytes already cropped to its box's aspect. */
export type TPreparedImage = { data: Buffer; mime: "image/png" | "image/jpeg" };

/** Prepared pictures by imageKey(box). */
export type TPreparedImages = Map<string, TPreparedImage>;

/** Identifies a picture as drawn: the same source at the same size and fit is prepared once. */
export function imageKey(box: TImageBox): string {
  return `${box.w}x${box.h}:${box.fit}:${box.radius ?? 0}:${box.src}`;
}

/** STUB (being built): rasterises and crops every picture of the slides. */
export async function prepareImages(_slides: TRenderedSlide[]): Promise<TPreparedImages> {
  return new Map();
}
