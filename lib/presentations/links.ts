import "server-only";
import { signPath } from "@/lib/storage/signed-url";

/** Download path of an export; the file name is cosmetic, the id decides. */
export function exportPathname(exportId: string, fileName: string): string {
  return `/api/v1/ppt/exports/${exportId}/${encodeURIComponent(fileName)}`;
}

/** The signed, expiring download URL of an export. */
export function downloadUrl(origin: string, exportId: string, fileName: string): string {
  return `${origin}${signPath(exportPathname(exportId, fileName))}`;
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
