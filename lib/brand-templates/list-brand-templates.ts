import "server-only";
import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import type { Db } from "@/lib/db";
import { BRAND_TEMPLATE_SELECT, brandTemplateView } from "./brand-template-view";

/** The account's brand templates that are not deleted, oldest first (upload order). */
export async function listBrandTemplates(db: Db, userId: string): Promise<TBrandTemplateView[]> {
  const rows = await db.brandTemplate.findMany({
    where: { userId, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: BRAND_TEMPLATE_SELECT,
  });
  return rows.map((row) => brandTemplateView(row));
}
