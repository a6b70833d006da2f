// GET /s/{token}/assets/{name} — a stored picture of a shared deck, for its public page: only the
// pictures the deck's current slides use, only while the link works (else 404)
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { deckAssetKeys } from "@/lib/images/load-deck-assets";
import { findSharedPresentation } from "@/lib/share-links/find-shared-presentation";
import { getStorage } from "@/lib/storage";

export const GET = withErrors<{ token: string; name: string }>(async ({ params }) => {
  const missing = () => new ApiError("not_found", "No such picture behind this link.");
  const shared = await findSharedPresentation(await getDb(), params.token);
  if (!shared) throw missing();
  const key = `assets/${params.name}`;
  if (!deckAssetKeys(ZDeck.parse(JSON.parse(shared.deck))).includes(key)) throw missing();
  const bytes = await getStorage().get(key);
  if (!bytes) throw missing();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": key.endsWith(".png") ? "image/png" : "image/jpeg",
      // A revoked link must stop showing the pictures too: no copy kept by any cache.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
});
