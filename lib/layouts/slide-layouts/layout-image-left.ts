import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TLayoutContext, TPage } from "./frame";
import { layoutImageSide } from "./layout-image-side";

/** A picture on the left; the title, lead and bullets on the right. */
export function layoutImageLeft(content: TSlideContent, context: TLayoutContext): TPage[] {
  return layoutImageSide("left", content, context);
}
