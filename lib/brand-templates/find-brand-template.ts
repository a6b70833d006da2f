import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { BRAND_TEMPLATE_SELECT, type TBrandTemplateRow } from "./brand-template-view";

const ID = /^(?:custom-)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The uuid of a brand template named as `custom-<uuid>` or by the bare uuid; null for anything else. */
export function brandTemplateUuid(idOrTemplate: string): string | null {
  return ID.exec(idOrTemplate.toLowerCase())?.[1] ?? null;
}

/** The 404 for a brand template the caller cannot use: unknown, another account's or deleted alike. */
export function templateNotFound(template: string): ApiError {
  return new ApiError("not_found", `Template ${template} not found.`);
}

/**
 * The account's brand template (`custom-<uuid>` or the uuid), not deleted — or 404, for another
 * account's id too, so existence is not revealed.
 */
export async function getBrandTemplateOrThrow(
  db: Db,
  userId: string,
  idOrTemplate: string,
): Promise<TBrandTemplateRow> {
  const id = brandTemplateUuid(idOrTemplate);
  const row = id
    ? await db.brandTemplate.findFirst({
        where: { id, userId, deletedAt: null },
        select: BRAND_TEMPLATE_SELECT,
      })
    : null;
  if (!row) throw templateNotFound(idOrTemplate);
  return row;
}
