import "server-only";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import { getStorageSettings } from "./storage-settings";

/**
 * Reading and writing files by key: what the picture and document helpers need (and what their
 * in-memory test doubles implement).
 */
export type TStorage = {
  /** Stores bytes under a key, replacing what was there. */
  put(key: string, bytes: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The bytes under a key, or null when there are none. Other failures throw. */
  get(key: string): Promise<Buffer | null>;
};

/** A whole storage backend (local files or S3): TStorage plus deleting and direct download links. */
export type TStorageBackend = TStorage & {
  /** Removes a key; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that downloads the key directly from the store as an attachment named `fileName`, valid
   * for `expiresIn` seconds; null when the backend has none (local files go through the app's
   * signed route instead).
   */
  signedDownloadUrl(
    key: string,
    options: { fileName: string; contentType: string; expiresIn: number },
  ): Promise<string | null>;
};

/**
 * The configured storage: DATA_DIR/files (STORAGE=local, the default) or an S3-compatible bucket
 * (STORAGE=s3). Throws a StorageConfigError naming the variable when the settings are invalid.
 */
export function getStorage(): TStorageBackend {
  const settings = getStorageSettings();
  if (settings.kind === "s3") return createS3Storage(settings);
  return createLocalStorage(path.join(getConfig().dataDir, "files"));
}
