// GET /s/{token}/status — whether a share link still works, for its open page to notice a revoke or
// an expiry: 204 while it does, 404 (as the page) once it does not. Nothing about the deck is sent.
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db";
import { findSharedPresentation } from "@/lib/share-links/find-shared-presentation";

export const GET = withErrors<{ token: string }>(async ({ params }) => {
  const shared = await findSharedPresentation(await getDb(), params.token);
  if (!shared) throw new ApiError("not_found", "This link is not available.");
  return new Response(null, {
    status: 204,
    headers: { "cache-control": "private, no-store", "referrer-policy": "no-referrer" },
  });
});
