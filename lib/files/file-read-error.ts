/**
 * A file that cannot be accepted (unsupported, corrupt, over a content limit). The message
 * follows the file's name ("'x.pdf' is password-protected…"); the API answers 422 at `files.N`.
 */
export class FileReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileReadError";
  }
}
