import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TLayoutContext, TPage } from "./frame";
import { layoutImageSide } from "./layout-image-side";

/** The title, lead and bullets on the left; a picture on the right. */
export function layoutImageRight(content: TSlideContent, context: TLayoutContext): TPage[] {
  return layoutImageSide("right", content, context);
}
