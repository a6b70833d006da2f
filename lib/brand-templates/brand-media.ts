import "server-only";
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import type { TCustomTemplateId } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { loadTemplateLook } from "./deck-look";

/**
 * The brand look draws the file's own pictures (a full-slide background photo, logos) as data URIs,
 * which the PDF embeds once. A browser gets them by URL instead — a background photo on every page
 * of a layout answer would make it megabytes — at /media/brand/<template>/<sha256>: the URL names
 * the picture by its content, so only someone shown a page of the brand can know it, and it never
 * changes (cached for a year).
 */

const DATA_URI = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s;

/** Digests of the pictures seen lately (each page of a deck names the same few). */
const digests = new LRUCache<string, string>({ max: 64 });

function digest(dataUri: string): string {
  let hash = digests.get(dataUri);
  if (!hash) {
    hash = crypto.createHash("sha256").update(dataUri).digest("hex");
    digests.set(dataUri, hash);
  }
  return hash;
}

/** The pages with the brand's own pictures (brand-* boxes) named by URL rather than inlined. */
export function withBrandMediaUrls(template: TCustomTemplateId, pages: TRenderedSlide[]): TRenderedSlide[] {
  return pages.map((page) => ({
    ...page,
    boxes: page.boxes.map((box) =>
      box.kind === "image" && box.id.startsWith("brand-") && box.src.startsWith("data:")
        ? { ...box, src: `/media/brand/${template}/${digest(box.src)}` }
        : box,
    ),
  }));
}

/** The picture of a brand template whose data URI hashes to `hash`, or null. */
export async function brandMediaFile(
  template: TCustomTemplateId,
  hash: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const look = await loadTemplateLook(template);
  if (!look) return null;
  const picture = look.pictures.find((src) => digest(src) === hash);
  const match = picture ? DATA_URI.exec(picture) : null;
  return match ? { bytes: Buffer.from(match[2], "base64"), contentType: match[1] } : null;
}
