/**
 * Reads a ZIP package's central directory without inflating anything, so a DOCX or PPTX can be
 * judged by its declared sizes (zip bombs) before a byte of it is decompressed.
 */
import { FileReadError } from "../file-read-error";

/** One entry of the central directory. */
export type TZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX_U32 = 0xffffffff;

/** The "PK\x03\x04" (or an empty archive's "PK\x05\x06") that starts every ZIP file. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

const corrupt = (why: string) => new FileReadError(`is not a readable ZIP package (${why}).`);

/**
 * The entries of a ZIP file, as its central directory declares them. Refuses a directory claiming
 * more than `maxEntries` entries before walking it. Throws FileReadError for a damaged archive.
 */
export function readZipDirectory(buf: Buffer, maxEntries: number): TZipEntry[] {
  const eocd = findEocd(buf);
  if (eocd < 0) throw corrupt("no end-of-directory record");
  let count = buf.readUInt16LE(eocd + 10);
  let dirSize = buf.readUInt32LE(eocd + 12);
  let dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirSize === MAX_U32 || dirOffset === MAX_U32) {
    const locator = eocd - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw corrupt("missing ZIP64 locator");
    const record = toSafeNumber(buf.readBigUInt64LE(locator + 8));
    if (record + 56 > buf.length || buf.readUInt32LE(record) !== ZIP64_EOCD)
      throw corrupt("bad ZIP64 directory");
    count = toSafeNumber(buf.readBigUInt64LE(record + 32));
    dirSize = toSafeNumber(buf.readBigUInt64LE(record + 40));
    dirOffset = toSafeNumber(buf.readBigUInt64LE(record + 48));
  }
  if (count > maxEntries) {
    throw new FileReadError(`holds ${count} entries; a document package may hold at most ${maxEntries}.`);
  }
  if (dirOffset + dirSize > buf.length) throw corrupt("the directory lies outside the file");

  const entries: TZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw corrupt("damaged directory entry");
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    let compressedSize = buf.readUInt32LE(at + 20);
    let uncompressedSize = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    let localHeaderOffset = buf.readUInt32LE(at + 42);
    const nameEnd = at + 46 + nameLength;
    const extraEnd = nameEnd + extraLength;
    if (extraEnd + commentLength > buf.length) throw corrupt("damaged directory entry");
    const name = buf.toString(flags & 0x800 ? "utf8" : "latin1", at + 46, nameEnd);
    // ZIP64: the 32-bit fields saturated, and the real values follow in extra field 0x0001, in order.
    if (uncompressedSize === MAX_U32 || compressedSize === MAX_U32 || localHeaderOffset === MAX_U32) {
      let extra = nameEnd;
      while (extra + 4 <= extraEnd) {
        const id = buf.readUInt16LE(extra);
        const size = buf.readUInt16LE(extra + 2);
        if (id === 0x0001) {
          let field = extra + 4;
          const next = () => {
            if (field + 8 > extra + 4 + size) throw corrupt("short ZIP64 field");
            const value = toSafeNumber(buf.readBigUInt64LE(field));
            field += 8;
            return value;
          };
          if (uncompressedSize === MAX_U32) uncompressedSize = next();
          if (compressedSize === MAX_U32) compressedSize = next();
          if (localHeaderOffset === MAX_U32) localHeaderOffset = next();
          break;
        }
        extra += 4 + size;
      }
    }
    entries.push({
      name,
      method,
      encrypted: (flags & 1) === 1,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB. */
function findEocd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt("a size beyond any real document");
  return Number(value);
}
