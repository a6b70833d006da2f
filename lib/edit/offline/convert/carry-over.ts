/**
 * What a slide keeps when its layout changes: the title, and the lead, subtitle, picture and icon
 * where the new layout draws them. A lead or subtitle the new layout does not draw takes the
 * other's place when that is free, else goes to the notes; a picture it does not draw is dropped
 * with a warning. Pure.
 */
import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";

export type TCarried = {
  content: TSlideContent;
  /** Text for the speaker notes. */
  moved: string[];
  warnings: string[];
};

/** The parts of `content` a slide in `layout` keeps. */
export function carryOver(content: TSlideContent, layout: TLayoutId): TCarried {
  const reads = new Set(LAYOUT_SPECS[layout].reads);
  const out: TSlideContent = {};
  const moved: string[] = [];
  const warnings: string[] = [];
  if (content.title?.trim()) out.title = content.title;
  let subtitle = content.subtitle?.trim() ? content.subtitle : undefined;
  let body = content.body?.trim() ? content.body : undefined;
  if (subtitle && !reads.has("subtitle") && reads.has("body") && !body)
    [body, subtitle] = [subtitle, undefined];
  if (body && !reads.has("body") && reads.has("subtitle") && !subtitle) [subtitle, body] = [body, undefined];
  for (const [field, text] of [
    ["subtitle", subtitle],
    ["body", body],
  ] as const) {
    if (!text) continue;
    if (reads.has(field)) out[field] = text;
    else moved.push(text);
  }
  if (content.image) {
    if (reads.has("image")) out.image = content.image;
    else warnings.push(`A ${layout} slide draws no picture, so the slide's picture was left out.`);
  }
  if (content.icon && reads.has("icon")) out.icon = content.icon;
  return { content: out, moved, warnings };
}
