import type { TListPresentationsResponse, TPresentationSummary } from "@/lib/api/schemas/presentations";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

/** A dashboard card's presentation: the list item with its thumbnail typed as the renderer's boxes. */
export type TDeckCard = Omit<TPresentationSummary, "thumbnail"> & { thumbnail: TRenderedSlide | null };

/** A page of GET /api/v1/ppt/presentations as the dashboard keeps it. */
export type TDeckPage = Omit<TListPresentationsResponse, "items"> & { items: TDeckCard[] };

/** Every cached page of the list starts with this key (then page and search text). */
export const PRESENTATIONS_KEY = ["presentations"] as const;
