import zlib from "node:zlib";
import { FileReadError } from "../file-read-error";
import type { TZipEntry } from "./read-zip-directory";

const LOCAL = 0x04034b50;

/**
 * Inflates one entry, never producing more than its declared size: an entry that inflates past
 * what the directory promised is refused instead of filling memory.
 */
export function readZipEntry(buf: Buffer, entry: TZipEntry): Buffer {
  const damaged = (why: string) => new FileReadError(`has a damaged part '${entry.name}' (${why}).`);
  if (entry.encrypted) throw new FileReadError("is encrypted; remove the password and upload it again.");
  const at = entry.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw damaged("no local header");
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw damaged("truncated");
  const data = buf.subarray(start, end);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw damaged("size mismatch");
    return data;
  }
  if (entry.method !== 8) throw damaged(`compression method ${entry.method} is not supported`);
  if (entry.uncompressedSize === 0) return Buffer.alloc(0);
  let out: Buffer;
  try {
    out = zlib.inflateRawSync(data, { maxOutputLength: entry.uncompressedSize });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw damaged(
      code === "ERR_BUFFER_TOO_LARGE" ? "it inflates past its declared size" : "bad deflate data",
    );
  }
  if (out.length !== entry.uncompressedSize) throw damaged("size mismatch");
  return out;
}
