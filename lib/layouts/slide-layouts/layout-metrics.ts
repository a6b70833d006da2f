import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TLayoutContext, TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";

/** STUB (being built): drawn as bullets for now. */
export function layoutMetrics(content: TSlideContent, context: TLayoutContext): TPage[] {
  return layoutBullets(content, context);
}
