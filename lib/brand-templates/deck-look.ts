import "server-only";
import { LRUCache } from "lru-cache";
import { brandLook, type TBrandLook } from "@/lib/brand/brand-look";
import { getDb } from "@/lib/db";
import { isCustomTemplateId, type TCustomTemplateId, type TDeck } from "@/lib/deck/schema";
import { getStorage } from "@/lib/storage";
import { storedBrand } from "./brand-template-view";
import { brandTemplateUuid, templateNotFound } from "./find-brand-template";

type TCachedLook = { userId: string; look: TBrandLook };

/** Looks built this process, by template id: a row's file and name never change, so they stay valid. */
const holder = globalThis as typeof globalThis & { __deckforgeBrandLooks?: LRUCache<string, TCachedLook> };
holder.__deckforgeBrandLooks ??= new LRUCache<string, TCachedLook>({ max: 200 });
const looks = holder.__deckforgeBrandLooks;

/**
 * The look a deck is laid out with: undefined for a built-in template; for a brand template
 * (`custom-<uuid>`) the look built from the owner's uploaded file (brandLook), deleted templates
 * included, since decks made on one keep rendering. Built looks are kept in a small in-memory LRU.
 * A template that is not the owner's (or does not exist) is a 404.
 */
export async function loadDeckLook(
  deck: Pick<TDeck, "template">,
  ownerId: string,
): Promise<TBrandLook | undefined> {
  const template = deck.template;
  if (!isCustomTemplateId(template)) return undefined;
  const cached = looks.get(template);
  if (cached) {
    if (cached.userId !== ownerId) throw templateNotFound(template);
    return cached.look;
  }
  const look = await buildLook(template, ownerId);
  if (!look) throw templateNotFound(template);
  return look;
}

/**
 * The look of a brand template whoever owns it, or null when there is none: for serving the
 * pictures its pages name by content hash (brandMediaFile), which only someone shown a page of it
 * can know.
 */
export async function loadTemplateLook(template: TCustomTemplateId): Promise<TBrandLook | null> {
  return looks.get(template)?.look ?? buildLook(template);
}

/** Builds (and caches) the look of a template from its row and stored file; null when there is none. */
async function buildLook(template: TCustomTemplateId, ownerId?: string): Promise<TBrandLook | null> {
  const id = brandTemplateUuid(template);
  const db = await getDb();
  const row = id
    ? await db.brandTemplate.findFirst({
        where: { id, ...(ownerId ? { userId: ownerId } : {}) },
        select: { name: true, brand: true, storageKey: true, userId: true },
      })
    : null;
  if (!row) return null;
  // The file stays while a deck names the template (deleteBrandTemplate), so this is a lost file.
  const bytes = await getStorage().get(row.storageKey);
  if (!bytes)
    throw new Error(`The file of brand template ${template} is missing from storage (${row.storageKey}).`);
  const look = await brandLook(storedBrand(row.brand), bytes, template, row.name);
  looks.set(template, { userId: row.userId, look });
  return look;
}
