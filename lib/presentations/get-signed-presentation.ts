import "server-only";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { checkSignedPath } from "@/lib/storage/signed-url";

/**
 * The presentation an `edit_path` link points at, when its signature is valid; the signature
 * stands for the owner until the web app signs accounts in.
 */
export async function getSignedPresentation(id: string, params: URLSearchParams) {
  const refusal = checkSignedPath(`/editor/${id}`, params);
  if (refusal) return { refusal } as const;
  const db = await getDb();
  const row = await db.presentation.findUnique({
    where: { id },
    select: { id: true, title: true, deck: true, version: true },
  });
  if (!row) return { refusal: "This presentation no longer exists." } as const;
  return { presentation: { ...row, deck: ZDeck.parse(JSON.parse(row.deck)) } } as const;
}
