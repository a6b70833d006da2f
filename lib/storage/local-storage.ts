import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import type { TStorageBackend } from "./index";
import { assertStorageKey } from "./storage-key";

/**
 * Files under `root` (DATA_DIR/files by default). Writes go to a temp file first so a reader never
 * sees half a file. Downloads go through the app's signed route, so there is no direct URL.
 */
export function createLocalStorage(root: string): TStorageBackend {
  const resolve = (key: string) => path.join(root, assertStorageKey(key));
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async signedDownloadUrl(key) {
      assertStorageKey(key);
      return null;
    },
  };
}
