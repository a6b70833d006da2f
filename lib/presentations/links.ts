import "server-only";
import { getConfig } from "@/lib/config";
import { getStorage } from "@/lib/storage";
import { signPath } from "@/lib/storage/signed-url";
import { contentTypeFor } from "@/lib/storage/storage-key";

/** Download path of an export; the file name is cosmetic, the id decides. */
export function exportPathname(exportId: string, fileName: string): string {
  return `/api/v1/ppt/exports/${exportId}/${encodeURIComponent(fileName)}`;
}

/** Where an export's file is stored: the key save and export write under, for the Export row. */
export function exportStorageKey(exportId: string, format: string): string {
  return `exports/${exportId}.${format}`;
}

/** What a download link is made from: the Export row's id and storage key, and the file's name. */
export type TExportLink = { exportId: string; storageKey: string; fileName: string };

/**
 * The signed, expiring download URL of an export: a presigned URL on the object store when storage
 * has direct links (STORAGE=s3), else the app's own signed route. Both expire after
 * DOWNLOAD_URL_TTL_SECONDS and download the file as an attachment named `fileName`.
 */
export async function downloadUrl(origin: string, link: TExportLink): Promise<string> {
  const direct = await getStorage().signedDownloadUrl(link.storageKey, {
    fileName: link.fileName,
    contentType: contentTypeFor(link.fileName),
    expiresIn: getConfig().DOWNLOAD_URL_TTL_SECONDS,
  });
  return direct ?? `${origin}${signPath(exportPathname(link.exportId, link.fileName))}`;
}

/**
 * The editor URL of a presentation. Not signed: the editor opens for the owner's signed-in
 * session (a signed-out visitor is sent to sign in and back; another account gets a 404).
 */
export function editUrl(origin: string, presentationId: string): string {
  return `${origin}/editor/${presentationId}`;
}

/** A safe, readable file name from a deck title. */
export function fileNameFor(title: string, extension: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "presentation"}.${extension}`;
}
