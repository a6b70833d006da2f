import zlib from "node:zlib";

/** One file of a package: its name and its uncompressed bytes. */
export type TZipPart = { name: string; data: Buffer };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;

/**
 * A zip of `parts`, in order, written with Node's native zlib (deflate and CRC-32) rather than in
 * JavaScript: parts named by `store` are kept as they are (pictures and embedded workbooks are
 * compressed already), the others deflated.
 */
export function writeZip(parts: TZipPart[], store: (name: string) => boolean, date = new Date()): Buffer {
  if (parts.length > 0xffff) throw new Error("zip: too many parts");
  const time = ((date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1)) & 0xffff;
  const day = (((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate()) & 0xffff;
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const method = store(part.name) ? STORED : DEFLATED;
    const body = method === STORED ? part.data : zlib.deflateRawSync(part.data);
    const crc = zlib.crc32(part.data);
    const flags = /[^\x20-\x7e]/.test(part.name) ? UTF8_NAMES : 0;
    if (offset + 30 + name.length + body.length > 0xffffffff) throw new Error("zip: larger than 4 GB");

    // The fields from "version needed" to the name's length are the same in both headers; the
    // central one has "version made by" before them and the local header's offset after.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed: 2.0
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(day, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(part.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      return header;
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(CENTRAL_HEADER, 0);
    entry.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);

    chunks.push(local, name, body);
    central.push(entry, name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}
