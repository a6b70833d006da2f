import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ApiError } from "@/lib/api/errors";
import type { TStorageBackend } from "./index";
import { assertStorageKey } from "./storage-key";

/**
 * Files under `root` (DATA_DIR/files by default). Writes go to a temp file of their own first (two
 * writes of one key at once must not share one), so a reader never sees half a file. A full or
 * read-only disk is a 503 that leaves nothing behind. Downloads go through the app's signed route,
 * so there is no direct URL.
 */
export function createLocalStorage(root: string): TStorageBackend {
  const resolve = (key: string) => path.join(root, assertStorageKey(key));
  return {
    async put(key, bytes) {
      const file = resolve(key);
      const temp = `${file}.${process.pid}-${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => {});
        throw storageFullError(error) ?? error;
      }
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

/** Codes of a disk that cannot take the file: full, over quota, or mounted read-only. */
const NO_SPACE = new Set(["ENOSPC", "EDQUOT", "EROFS"]);

function storageFullError(error: unknown): ApiError | null {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code || !NO_SPACE.has(code)) return null;
  console.error(`[deckforge] local storage refused a write (${code}):`, (error as Error).message);
  return new ApiError(
    "provider_unavailable",
    "The server's file storage is full or read-only, so nothing was saved. Try again later.",
  );
}
