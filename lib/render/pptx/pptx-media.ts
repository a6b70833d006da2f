import "server-only";

const MARKER = "DFMEDIA";

/**
 * The pictures of one PPTX, kept out of pptxgenjs: it is handed a few-byte stand-in per picture
 * (pptxgenjs base64-decodes and checksums every picture in JavaScript, the largest cost of a PPTX
 * with pictures), and the written package's stand-ins are swapped for the real bytes in
 * `fixPptx`. Each stand-in is unique, so a picture used twice is still two parts, as before.
 */
export class PptxMedia {
  private readonly pictures: Buffer[] = [];

  /** The data URI pptxgenjs gets for `bytes` (`mime` names the part's extension). */
  standIn(mime: string, bytes: Buffer): string {
    const index = this.pictures.push(bytes) - 1;
    return `${mime};base64,${Buffer.from(`${MARKER}${index}`).toString("base64")}`;
  }

  /** The real bytes of a part pptxgenjs wrote, or undefined when it is not a stand-in. */
  realBytes(part: Buffer): Buffer | undefined {
    if (part.length > 16 || part.toString("latin1", 0, MARKER.length) !== MARKER) return undefined;
    const picture = this.pictures[Number(part.toString("latin1", MARKER.length))];
    if (!picture) throw new Error(`PPTX media: unknown stand-in ${part.toString("latin1")}`);
    return picture;
  }

  get count(): number {
    return this.pictures.length;
  }
}
