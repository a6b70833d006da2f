import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";

const resolved = new Map<string, string>();

/**
 * Absolute path of a file shipped in an npm package, e.g. "@expo-google-fonts/arimo/…/x.ttf",
 * found in the node_modules of the working directory or a parent. Module-relative lookups are
 * avoided on purpose: inside a Next.js server bundle they point into .next.
 */
export function resolvePackageFile(file: string): string {
  const cached = resolved.get(file);
  if (cached) return cached;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", file);
    if (existsSync(candidate)) {
      resolved.set(file, candidate);
      return candidate;
    }
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Package file not found: node_modules/${file} (searched from ${process.cwd()} upwards)`);
}
