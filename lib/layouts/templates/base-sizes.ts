import type { TSizes } from "../slide-layouts/frame";

/** The type scale most templates start from (slide units; pt = × 0.75). */
export const BASE_SIZES: TSizes = {
  coverTitle: 64,
  sectionTitle: 56,
  closingTitle: 60,
  lead: 28,
  header: 40,
  body: 28,
  columnHeading: 26,
  columnBody: 24,
  agendaItem: 26,
  byline: 20,
  contact: 22,
  metric: 72,
  quote: 40,
  caption: 18,
};

/** A frame from its margin and the header/body split. */
export function frameOf(marginX: number, header: { y: number; h: number }, body: { y: number; h: number }) {
  return { marginX, contentW: 1280 - 2 * marginX, header, body };
}
