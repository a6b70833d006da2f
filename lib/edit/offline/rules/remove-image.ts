/**
 * "Remove the image" / "no picture": the slide loses its picture (a picture layout becomes a
 * plain bullets slide); "remove the icons" takes the icons off. Pure.
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { EditRefusal } from "../../edit-refusal";
import { notesField } from "../move-to-notes";
import { single, type TEditRule } from "../types";

const VERB = String.raw`(?:remove|delete|drop|hide|lose|ditch|get\s+rid\s+of|take\s+(?:out|away|off)|without|no)`;
const IMAGE = new RegExp(
  String.raw`\b${VERB}\b.*\b(?:image|picture|photo|photograph|illustration|graphic|visual|art)s?\b`,
  "i",
);
const ICON = new RegExp(String.raw`\b${VERB}\b.*\bicons?\b`, "i");

export const removeImageRule: TEditRule = {
  id: "remove-image",
  help: '"remove the image" (or "remove the icons")',
  parse(prompt) {
    if (IMAGE.test(prompt)) return removeImage;
    if (ICON.test(prompt)) return removeIcons;
    return null;
  },
};

function removeImage(slide: TSlide) {
  const { image, ...rest } = slide.content;
  const pictured = slide.layout === "image-left" || slide.layout === "image-right";
  if (!image && !pictured) throw new EditRefusal("The slide has no picture to remove.");
  return single(
    slide,
    { layout: pictured ? "bullets" : slide.layout, content: rest, ...notesField(slide.notes) },
    pictured ? "removed the picture (the slide is now a bullets slide)" : "removed the picture",
  );
}

function removeIcons(slide: TSlide) {
  const c = slide.content;
  const hasIcons = Boolean(c.icon) || Boolean(c.items?.some((item) => item.icon));
  if (!hasIcons) throw new EditRefusal("The slide has no icons to remove.");
  const { icon: _icon, ...rest } = c;
  const content: TSlideContent = {
    ...rest,
    ...(c.items ? { items: c.items.map(({ icon: _unused, ...item }) => item) } : {}),
  };
  return single(slide, { layout: slide.layout, content, ...notesField(slide.notes) }, "removed the icons");
}
