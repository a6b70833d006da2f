/**
 * Contact sheets of slide thumbnails for the README (scripts/thumbnails.ts, scripts/brand-thumbnails.ts):
 * tiles of TILE size, five across, on a neutral ground.
 */
import sharp from "sharp";

/** One tile of a sheet: 320 × 180 px, small enough for fifteen layouts on one readable sheet. */
export const TILE = { width: 320, height: 180 };
const COLUMNS = 5;
const GAP = 8;

/**
 * Composes `tiles` (PNG paths, TILE-sized) into `file`. With `paletteColours` the sheet is a palette
 * PNG of that many colours (much smaller; quantised in a second pass, the only way sharp applies
 * a palette to a composed image).
 */
export async function contactSheet(
  tiles: string[],
  file: string,
  options: { paletteColours?: number } = {},
): Promise<void> {
  const rows = Math.ceil(tiles.length / COLUMNS);
  const sheet = sharp({
    create: {
      width: COLUMNS * (TILE.width + GAP) + GAP,
      height: rows * (TILE.height + GAP) + GAP,
      channels: 3,
      background: "#94A3B8",
    },
  }).composite(
    tiles.map((tile, i) => ({
      input: tile,
      left: GAP + (i % COLUMNS) * (TILE.width + GAP),
      top: GAP + Math.floor(i / COLUMNS) * (TILE.height + GAP),
    })),
  );
  if (!options.paletteColours) {
    await sheet.png({ compressionLevel: 9 }).toFile(file);
    return;
  }
  await sharp(await sheet.png().toBuffer())
    .png({ palette: true, colours: options.paletteColours, effort: 10, compressionLevel: 9 })
    .toFile(file);
}
