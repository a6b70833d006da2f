import "server-only";
import { ApiError } from "@/lib/api/errors";
import type {
  TRenamePresentationRequest,
  TRenamePresentationResponse,
} from "@/lib/api/schemas/presentations";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";

const ID_PATTERN = /^[0-9a-f-]{36}$/i;
/** Without a `version` from the caller, a rename that loses a race with a save is retried this often. */
const ATTEMPTS = 5;

function conflict(based: number, current: number): ApiError {
  return new ApiError(
    "conflict",
    `This rename is based on version ${based}, but the presentation is at version ${current}: someone saved in between. Reload it and rename it again.`,
    { extensions: { current_version: current } },
  );
}

/**
 * Renames a presentation: its title and its deck's title, raising the version by one, in one
 * conditional write so a concurrent save is never overwritten. With `version`, a presentation saved
 * since is a 409 carrying `current_version` (as PUT answers); without it, the rename is re-applied
 * to whatever version is current.
 */
export async function renamePresentation(
  db: Db,
  userId: string,
  id: string,
  input: TRenamePresentationRequest,
): Promise<TRenamePresentationResponse> {
  const notFound = () => new ApiError("not_found", `No presentation with id '${id}'.`);
  if (!ID_PATTERN.test(id)) throw notFound();
  let lastVersion = input.version ?? 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await db.presentation.findFirst({
      where: { id, userId },
      select: { deck: true, version: true },
    });
    if (!current) throw notFound();
    if (input.version !== undefined && input.version !== current.version)
      throw conflict(input.version, current.version);
    lastVersion = current.version;
    const deck = ZDeck.parse(JSON.parse(current.deck));
    const updatedAt = new Date();
    const { count } = await db.presentation.updateMany({
      where: { id, userId, version: current.version },
      data: {
        title: input.title,
        deck: JSON.stringify({ ...deck, title: input.title }),
        version: { increment: 1 },
        updatedAt,
      },
    });
    if (count === 1)
      return {
        presentation_id: id,
        title: input.title,
        version: current.version + 1,
        updated_at: updatedAt.toISOString(),
      };
  }
  const latest = await db.presentation.findFirst({ where: { id, userId }, select: { version: true } });
  if (!latest) throw notFound();
  throw conflict(input.version ?? lastVersion, latest.version);
}
