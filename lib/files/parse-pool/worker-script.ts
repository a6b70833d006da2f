import "server-only";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { resolvePackageFile } from "@/lib/layouts/resolve-package-file";

/** The folder holding node_modules: the worker bundle's package imports resolve from there. */
function projectRoot(): string {
  return path.resolve(resolvePackageFile("piscina"), "..", "..");
}

let building: Promise<string> | undefined;

/**
 * The path of the document-reading worker's script. A production server uses the bundle that
 * `npm run build` wrote (scripts/build-worker.mjs); a development server, the tests and the benches
 * bundle the current sources once per process (esbuild, ~0.2 s), so a stale bundle never runs.
 */
export function workerScript(): Promise<string> {
  building ??= locate();
  building.catch(() => {
    building = undefined;
  });
  return building;
}

async function locate(): Promise<string> {
  const root = projectRoot();
  const workers = path.join(root, process.env.NEXT_DIST_DIR || ".next", "workers");
  const built = path.join(workers, "parse-file-worker.mjs");
  if (process.env.NODE_ENV === "production" && fs.existsSync(built)) return built;
  const builder = pathToFileURL(path.join(root, "scripts", "build-worker.mjs")).href;
  const { buildWorkerScript } = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ builder);
  const own = path.join(workers, `parse-file-worker.${process.pid}.mjs`);
  process.once("exit", () => fs.rmSync(own, { force: true }));
  return buildWorkerScript(root, own);
}
