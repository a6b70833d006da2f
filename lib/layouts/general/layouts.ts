import "server-only";
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";
import type { TLayoutContext, TPage } from "./frame";
import { layoutAgenda } from "./layout-agenda";
import { layoutBullets } from "./layout-bullets";
import { layoutClosing } from "./layout-closing";
import { layoutSection } from "./layout-section";
import { layoutTitle } from "./layout-title";
import { layoutTwoColumn } from "./layout-two-column";

/** The "general" template: one function per layout id, content → one or more pages. */
export const GENERAL_LAYOUTS: Record<
  TLayoutId,
  (content: TSlideContent, context: TLayoutContext) => TPage[]
> = {
  title: layoutTitle,
  section: layoutSection,
  agenda: layoutAgenda,
  bullets: layoutBullets,
  "two-column": layoutTwoColumn,
  closing: layoutClosing,
};
