/**
 * "Add icons": cards without an icon get the best match from the shipped icon set; a section
 * divider gets one for its title; any other slide becomes an icons grid. Server-only (icon set).
 */
import "server-only";
import { findIcon } from "@/lib/assets/icons/find-icon";
import type { TSlide } from "@/lib/deck/schema";
import { plainText } from "@/lib/generate/offline/tokenize";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { convertTo } from "../convert/convert-to";
import { withIcons } from "../convert/to-icons";
import { count, notesField } from "../move-to-notes";
import { single, type TEditRule } from "../types";

const ASKS =
  /^(?:please\s+)?(?:add|with|include|use|put\s+in|give\s+(?:it|them|each\s+\w+))\s+(?:some\s+|an?\s+)?icons?\b|\bicons?\s+(?:for|to)\s+(?:each|every|the)\b|^icons?$/i;

export const addIconsRule: TEditRule = {
  id: "add-icons",
  help: '"add icons"',
  parse(prompt) {
    return ASKS.test(prompt) ? addIcons : null;
  },
};

function addIcons(slide: TSlide, ctx: TEditContext) {
  const c = slide.content;
  if (c.items?.length) {
    const missing = c.items.filter((item) => !item.icon).length;
    if (missing === 0)
      throw new EditRefusal("Every card already has an icon; pick another in the editor's icon picker.");
    return single(
      slide,
      { layout: slide.layout, content: { ...c, items: withIcons(c.items) }, ...notesField(slide.notes) },
      `gave ${count(missing, "card")} an icon`,
    );
  }
  if (slide.layout === "section") {
    if (c.icon)
      throw new EditRefusal("The divider already has an icon; pick another in the editor's icon picker.");
    const icon = findIcon(plainText(`${c.title ?? ""} ${c.subtitle ?? ""}`));
    return single(
      slide,
      { layout: slide.layout, content: { ...c, icon }, ...notesField(slide.notes) },
      `gave the divider the "${icon}" icon`,
    );
  }
  const converted = convertTo("icons-grid", slide, ctx);
  return single(
    slide,
    { layout: converted.layout, content: converted.content, ...notesField(converted.notes) },
    converted.summary,
    converted.warnings,
  );
}
