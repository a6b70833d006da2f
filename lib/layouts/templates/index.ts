/** The visual templates, by id. */
import type { TBuiltInTemplateId } from "@/lib/deck/schema";
import type { TTemplateStyle } from "../slide-layouts/frame";
import { GENERAL } from "./general";
import { MODERN } from "./modern";
import { STANDARD } from "./standard";
import { SWIFT } from "./swift";

export const TEMPLATES: Record<TBuiltInTemplateId, TTemplateStyle> = {
  general: GENERAL,
  modern: MODERN,
  standard: STANDARD,
  swift: SWIFT,
};
