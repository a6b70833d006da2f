import "server-only";
import { generateArt } from "@/lib/assets/art/generate-art";
import { findIcon } from "@/lib/assets/icons/find-icon";
import { iconDataUri, svgDataUri } from "@/lib/assets/icons/svg-data-uri";
import type { TImage } from "@/lib/deck/schema";
import type { TImageBox } from "../boxes";
import { stripInline } from "../parse-inline";
import type { TLayoutContext, TRect } from "./frame";

export type TImageBoxOptions = {
  /** Box id and content role; "image" when absent. */
  id?: string;
  role?: string;
  /** Rounded corners in slide units (the template's radius for inset pictures). */
  radius?: number;
};

/**
 * The picture of a slide in `rect`: the stored picture of `image.asset` when the context has it
 * (context.assets), else an offline illustration in the theme's colours seeded by the image's
 * query, else by `seed` (the slide title), so each topic gets its own picture and the same slide
 * always the same one. Alt text: the image's alt, else its query, else the seed. The image's fit,
 * focus and crop go on the box, for framePicture to place it once its pixel size is known.
 */
export function imageBoxFor(
  image: TImage | undefined,
  seed: string,
  rect: TRect,
  context: TLayoutContext,
  options: TImageBoxOptions = {},
): TImageBox {
  const topic = stripInline(image?.query || seed || context.deckTitle).trim() || "presentation";
  const stored = image?.asset ? context.assets?.get(image.asset) : undefined;
  const src =
    stored ??
    svgDataUri(
      generateArt(topic, context.palette, { width: Math.round(rect.w), height: Math.round(rect.h) }),
    );
  const role = options.role ?? "image";
  return {
    kind: "image",
    id: options.id ?? role,
    role,
    ...rect,
    src,
    alt: stripInline(image?.alt || image?.query || seed).trim() || topic,
    fit: image?.fit ?? "cover",
    ...(image?.focus ? { focus: image.focus } : {}),
    ...(image?.crop ? { crop: image.crop } : {}),
    ...(options.radius ? { radius: options.radius } : {}),
  };
}

export type TIconBoxOptions = {
  /** Box id and content role; "icon" when absent. */
  id?: string;
  role?: string;
  /** Stroke width on Lucide's 24-unit grid. */
  strokeWidth?: number;
};

/**
 * An icon in `rect`, drawn in one colour and fitted inside the box ("contain"). `icon` is a Lucide
 * name or keywords ("growth", "data security"), resolved with findIcon. Alt text defaults to the
 * icon's name.
 */
export function iconBox(
  icon: string,
  rect: TRect,
  color: string,
  alt?: string,
  options: TIconBoxOptions = {},
): TImageBox {
  const name = findIcon(icon);
  const role = options.role ?? "icon";
  return {
    kind: "image",
    id: options.id ?? role,
    role,
    ...rect,
    src: iconDataUri(name, color, options.strokeWidth ?? 2),
    alt: stripInline(alt ?? "").trim() || `${name.replace(/-/g, " ")} icon`,
    fit: "contain",
  };
}
