import "server-only";
import { ApiError, type TFieldError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import type { TDeck } from "@/lib/deck/schema";
import { usableAssets } from "./usable-assets";

/** Why a picture key is refused: the same words whether or not such a picture is stored anywhere. */
const REFUSED =
  "Not a picture of this account. Upload it (POST /api/v1/ppt/images/upload) or find it with the picture search (POST /api/v1/ppt/images/search), and use the `asset` answered.";

/**
 * Refuses (422, each refused slide named: `<prefix>slides.<n>.content.image.asset`) a deck whose
 * pictures include one the account may not use (usableAssets). Every write of a deck calls this
 * before the deck is stored or drawn, so a deck cannot take another account's picture by its key.
 * The answer does not depend on whether the key names a stored file, so it reveals nothing.
 */
export async function assertDeckAssets(
  db: Db,
  userId: string,
  deck: Pick<TDeck, "slides">,
  prefix = "",
): Promise<void> {
  const named = deck.slides.map((slide) => slide.content.image?.asset);
  const keys = named.filter((key): key is string => typeof key === "string" && key.length > 0);
  if (keys.length === 0) return;
  const usable = await usableAssets(db, userId, keys);
  const errors: TFieldError[] = named.flatMap((key, i) =>
    key && !usable.has(key) ? [{ path: `${prefix}slides.${i}.content.image.asset`, message: REFUSED }] : [],
  );
  const first = errors[0];
  if (!first) return;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  throw new ApiError("invalid_field", `${first.path}: ${first.message}${more}`, { errors });
}
