/** Bytes that are not a picture Deckforge accepts (PNG, JPEG, WebP or GIF), or that do not decode. */
export class InvalidImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidImageError";
  }
}
