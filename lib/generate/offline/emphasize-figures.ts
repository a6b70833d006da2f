/**
 * With markdown emphasis on, the first figure of a bullet (money, a percentage, a quantity with
 * its unit) is set in bold: the detail a reader's eye should land on.
 */
import { CURRENCY } from "./tokenize";

const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\p{N}*\x60$€£.,])(?:[-−]?${CURRENCY}\s?\d(?:[\d,.]*\d)?(?:\s?(?:million|billion|thousand|millions|millones|Millionen|Milliarden|milioni|bn|[mMkKB])\b)?|[-−]?\d(?:[\d,.]*\d)?\s?(?:%|percent\b|per cent\b|(?:million|billion|thousand|millions|millones|Millionen|Milliarden|kWh|kW|MWh|MW|GB|MB|TB|cm|mm|km|kg|°C|°F)(?![\p{L}])))`,
  "u",
);

/** Bolds the first figure unless the text already has emphasis or is nothing but the figure. */
export function emphasizeFigures(text: string): string {
  if (/\*\*|__/.test(text)) return text;
  const m = FIGURE.exec(text);
  if (!m || m[0].trim().length >= text.trim().length) return text;
  const figure = m[0].trim();
  return `${text.slice(0, m.index)}**${figure}**${text.slice(m.index + figure.length)}`;
}
