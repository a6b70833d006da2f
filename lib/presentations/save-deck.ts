import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TSaveDeckRequest, TSaveDeckResponse } from "@/lib/api/schemas/presentations";
import type { Db } from "@/lib/db";

const ID_PATTERN = /^[0-9a-f-]{36}$/i;

/**
 * Saves an edited Deck over the version it was based on, raising the version by one. Optimistic
 * concurrency in one conditional write: when someone saved in between, nothing is written and the
 * answer is a 409 carrying `current_version`, so no edit is lost and none silently overwritten.
 */
export async function saveDeck(
  db: Db,
  userId: string,
  id: string,
  input: TSaveDeckRequest,
): Promise<TSaveDeckResponse> {
  const notFound = () => new ApiError("not_found", `No presentation with id '${id}'.`);
  if (!ID_PATTERN.test(id)) throw notFound();
  const updatedAt = new Date();
  const { count } = await db.presentation.updateMany({
    where: { id, userId, version: input.version },
    data: {
      deck: JSON.stringify(input.deck),
      title: input.deck.title,
      version: { increment: 1 },
      updatedAt,
    },
  });
  if (count === 1)
    return { presentation_id: id, version: input.version + 1, updated_at: updatedAt.toISOString() };
  const current = await db.presentation.findFirst({ where: { id, userId }, select: { version: true } });
  if (!current) throw notFound();
  throw new ApiError(
    "conflict",
    `This edit is based on version ${input.version}, but the presentation is at version ${current.version}: someone saved in between. Reload it and apply the edit again.`,
    { extensions: { current_version: current.version } },
  );
}
