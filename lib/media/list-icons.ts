import "server-only";
import type { TIconsQuery, TIconsResponse } from "@/lib/api/schemas/media";
import { searchIcons } from "@/lib/assets/icons/find-icon";
import { iconCatalog } from "@/lib/assets/icons/icon-catalog";
import { iconSvg } from "@/lib/assets/icons/icon-svg";
import { ICON_SYNONYMS } from "@/lib/assets/icons/icon-synonyms";

let popular: string[] | undefined;

/**
 * Icons that suit slides, for a picker's empty search box: the targets of the presentation-topic
 * table (growth, security, team, …), in the table's order, each once.
 */
export function popularIcons(): string[] {
  if (popular) return popular;
  const { icons } = iconCatalog();
  popular = [...new Set(Object.values(ICON_SYNONYMS))].filter((name) => icons.has(name));
  return popular;
}

/**
 * Searches the shipped Lucide set as the layout engine resolves icons (names, aliases, tags and
 * presentation topics, best first) and answers each icon's SVG stroked in currentColor, so the
 * page can tint it. An empty query answers the popular set.
 */
export function listIcons({ q, limit }: TIconsQuery): TIconsResponse {
  const names = q ? searchIcons(q, limit) : popularIcons().slice(0, limit);
  return { query: q, icons: names.map((name) => ({ name, svg: iconSvg(name, "currentColor") })) };
}
