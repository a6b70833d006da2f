// Bundles the document-reading worker thread (lib/files/parse-pool/parse-file-worker.ts and the
// parsers it imports) into one ES module. `npm run build` writes <build dir>/workers/; a server
// that is not a production build calls buildWorkerScript itself (lib/files/parse-pool/worker-script.ts).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Writes the bundle to `outFile` (beside, then renamed, so no reader sees half of it). Packages
 * stay imports resolved from the project's node_modules, so the file must sit inside the project.
 */
export async function buildWorkerScript(root, outFile) {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [path.join(root, "lib/files/parse-pool/parse-file-worker.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
    tsconfig: path.join(root, "tsconfig.json"),
    // The brand reader marks itself server-only for Next.js; a worker thread is server code, and
    // the package's default entry (outside the react-server condition) throws, so its empty one is bundled.
    alias: { "server-only": path.join(root, "node_modules/server-only/empty.js") },
  });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const temp = `${outFile}.${process.pid}.tmp`;
  fs.writeFileSync(temp, result.outputFiles[0].contents);
  fs.renameSync(temp, outFile);
  return outFile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(import.meta.dirname, "..");
  const out = path.join(root, process.env.NEXT_DIST_DIR || ".next", "workers", "parse-file-worker.mjs");
  await buildWorkerScript(root, out);
  console.log(`[deckforge] worker bundle written to ${path.relative(root, out)}`);
}
