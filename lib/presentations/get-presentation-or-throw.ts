import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/** The user's presentation, or 404 — for another account's id too, so existence is not revealed. */
export async function getPresentationOrThrow(db: Db, userId: string, id: string) {
  const presentation = /^[0-9a-f-]{36}$/i.test(id)
    ? await db.presentation.findFirst({
        where: { id, userId },
        select: {
          id: true,
          title: true,
          deck: true,
          version: true,
          createdAt: true,
          updatedAt: true,
          exports: {
            orderBy: { createdAt: "desc" },
            select: { id: true, format: true, slideCount: true, createdAt: true },
          },
        },
      })
    : null;
  if (!presentation) throw new ApiError("not_found", `No presentation with id '${id}'.`);
  return presentation;
}
