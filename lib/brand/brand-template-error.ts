import { FileReadError } from "../files/file-read-error";

/** Why an uploaded file cannot be read as a brand template. */
export type TBrandTemplateErrorReason =
  /** Not a ZIP package at all, or a damaged one. */
  | "damaged"
  /** A ZIP package that is not a presentation (a DOCX, an XLSX, a zip of pictures). */
  | "not_presentation"
  /** Declares more than the upload limits allow (a zip bomb, an oversized part). */
  | "too_large"
  /** Password-protected. */
  | "encrypted";

/**
 * A file refused as a brand template. Like every FileReadError its message follows the file's
 * name ("'brand.docx' is a Word document, not …"); the templates route answers it with a 422.
 */
export class BrandTemplateError extends FileReadError {
  readonly reason: TBrandTemplateErrorReason;

  constructor(reason: TBrandTemplateErrorReason, message: string) {
    super(message);
    this.name = "BrandTemplateError";
    this.reason = reason;
  }
}
