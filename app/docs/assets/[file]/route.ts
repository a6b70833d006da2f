// GET /docs/assets/{file} — Swagger UI's script and stylesheet from node_modules (no CDN: works offline)
import { readFile } from "node:fs/promises";
import { ApiError } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-api-key";
import { resolvePackageFile } from "@/lib/layouts/resolve-package-file";

/** The only files served, with their media types: nothing else of node_modules is reachable. */
const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

export const GET = withErrors<{ file: string }>(async ({ params }) => {
  const type = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined;
  if (!type) throw new ApiError("not_found", `No documentation asset '${params.file}'.`);
  const bytes = await readFile(resolvePackageFile(`swagger-ui-dist/${params.file}`));
  return new Response(new Uint8Array(bytes), {
    headers: { "content-type": type, "cache-control": "public, max-age=86400" },
  });
});
