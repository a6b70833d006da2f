import "server-only";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const resolved = new Map<string, string>();

/**
 * Absolute path of a file shipped in an npm package, e.g. "@expo-google-fonts/arimo/…/x.ttf".
 * The project's node_modules under process.cwd() comes first because inside a Next.js server
 * bundle `import.meta.url` points into .next; Node's own lookup covers scripts run elsewhere.
 */
export function resolvePackageFile(file: string): string {
  const cached = resolved.get(file);
  if (cached) return cached;
  const fromCwd = path.join(process.cwd(), "node_modules", file);
  let found: string | undefined = existsSync(fromCwd) ? fromCwd : undefined;
  if (!found) {
    try {
      found = createRequire(import.meta.url).resolve(file);
    } catch {
      throw new Error(`Package file not found: ${file} (looked in ${fromCwd} and from ${import.meta.url})`);
    }
  }
  resolved.set(file, found);
  return found;
}
