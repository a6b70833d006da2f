/** The document types the upload endpoint reads, and what each is called in messages. */
export const FILE_TYPES = ["pdf", "docx", "pptx", "txt", "md", "csv"] as const;
export type TFileType = (typeof FILE_TYPES)[number];

export const FILE_TYPE_LABELS: Record<TFileType, string> = {
  pdf: "PDF",
  docx: "Word document (DOCX)",
  pptx: "PowerPoint presentation (PPTX)",
  txt: "plain text",
  md: "markdown",
  csv: "CSV",
};

/** A picture taken from a document, ready to store: PNG or JPEG, at most 1600 px a side. */
export type TExtractedImage = {
  bytes: Buffer;
  mime: "image/png" | "image/jpeg";
  width: number;
  height: number;
  alt: string;
};

/** What reading one file yields: markdown text and, for DOCX/PPTX, pictures. */
export type TParsedFile = {
  type: TFileType;
  /** Markdown: headings, lists and tables kept where the format has them. */
  text: string;
  /** PDF pages, PPTX slides; absent for formats without pages. */
  pages?: number;
  images: TExtractedImage[];
  /** What was cut or skipped (text over the limit, pictures past the cap, a summarised table). */
  warnings: string[];
};
