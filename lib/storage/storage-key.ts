/** Keys are relative paths made by the service ("exports/<id>.pptx"); refuse anything else. */
export function assertStorageKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes(".."))
    throw new Error(`Invalid storage key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
};

/** The MIME type of a key or file name by its extension (application/octet-stream when unknown). */
export function contentTypeFor(keyOrExtension: string): string {
  const extension = keyOrExtension.includes(".") ? (keyOrExtension.split(".").at(-1) ?? "") : keyOrExtension;
  return CONTENT_TYPES[extension.toLowerCase()] ?? "application/octet-stream";
}

/** An attachment Content-Disposition whose file name cannot break out of its quotes. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`;
}
