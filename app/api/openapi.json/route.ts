// GET /api/openapi.json — the OpenAPI 3.1 reference, generated from the handlers' zod schemas; no key
import { getOpenApiDocument } from "@/lib/api/openapi/build-openapi-document";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { withErrors } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

export const GET = withErrors(async ({ req }) => {
  const { openapi, info, ...rest } = getOpenApiDocument();
  // The server is where this copy was fetched from, so "Try it out" calls the same deployment.
  return json(
    { openapi, info, servers: [{ url: publicOrigin(req) }], ...rest },
    { headers: { "cache-control": "public, max-age=300" } },
  );
});
