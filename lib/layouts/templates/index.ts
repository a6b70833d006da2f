/** The visual templates, by id. */
import type { TTemplateId } from "@/lib/deck/schema";
import type { TTemplateStyle } from "../slide-layouts/frame";
import { GENERAL } from "./general";
import { MODERN } from "./modern";
import { STANDARD } from "./standard";
import { SWIFT } from "./swift";

export const TEMPLATES: Record<TTemplateId, TTemplateStyle> = {
  general: GENERAL,
  modern: MODERN,
  standard: STANDARD,
  swift: SWIFT,
};
