/**
 * Bytes of a text file → string: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252
 * (what old Notepad files and spreadsheet exports use). Null when the bytes are not text at all.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else {
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    if (body.includes(0)) return null;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      text = decodeWindows1252(body);
    }
  }
  return isMostlyText(text) ? text.replace(/\r\n?/g, "\n") : null;
}

/** Binary data decoded as text is full of control characters; real text has almost none. */
function isMostlyText(text: string): boolean {
  const sample = text.slice(0, 65_536);
  if (sample.length === 0) return true;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || c === 0xfffd) control++;
  }
  return control / sample.length < 0.01;
}

/** 0x80–0x9F in Windows-1252 (Node's TextDecoder treats the label as Latin-1 and gets these wrong). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) {
    let part = "";
    for (const b of bytes.subarray(i, i + 8192)) {
      part += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    }
    parts.push(part);
  }
  return parts.join("");
}
