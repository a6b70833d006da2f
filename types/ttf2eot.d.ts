/** ttf2eot (fontello): wraps a TrueType font in an uncompressed Embedded OpenType file. */
declare module "ttf2eot" {
  export default function ttf2eot(ttf: Uint8Array): Uint8Array;
}
