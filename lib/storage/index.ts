import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";

/** Where exports and uploads are kept. Local files now; the scale-out issue adds S3 behind this. */
export type TStorage = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
};

/** Keys are relative paths made by the service ("exports/<id>.pptx"); refuse anything else. */
function resolveKey(root: string, key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes(".."))
    throw new Error(`Invalid storage key: ${key}`);
  return path.join(root, key);
}

/** Storage in DATA_DIR/files; writes go to a temp file first so a reader never sees half a file. */
export function getStorage(): TStorage {
  const root = path.join(getConfig().dataDir, "files");
  return {
    async put(key, bytes) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolveKey(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
