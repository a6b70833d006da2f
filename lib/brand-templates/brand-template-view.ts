import "server-only";
import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { brandFonts } from "@/lib/brand/brand-look";
import { type TBrandTemplate, ZBrandTemplate } from "@/lib/brand/brand-template-schema";
import type { TCustomTemplateId } from "@/lib/deck/schema";

/** The columns of a BrandTemplate row the answers are built from. */
export const BRAND_TEMPLATE_SELECT = {
  id: true,
  name: true,
  format: true,
  aspect: true,
  brand: true,
  createdAt: true,
} as const;

export type TBrandTemplateRow = {
  id: string;
  name: string;
  format: string;
  aspect: string;
  brand: string;
  createdAt: Date;
};

/** The template id decks name an uploaded brand template by. */
export function customTemplateId(id: string): TCustomTemplateId {
  return `custom-${id}`;
}

/** The stored reading of a brand file (validated again: the row is the contract's, not trusted blindly). */
export function storedBrand(json: string): TBrandTemplate {
  return ZBrandTemplate.parse(JSON.parse(json));
}

/** A brand template as the API answers it: its id for decks, the file's shape, fonts and layouts. */
export function brandTemplateView(
  row: TBrandTemplateRow,
  brand = storedBrand(row.brand),
): TBrandTemplateView {
  const template = customTemplateId(row.id);
  const fonts = brandFonts(brand);
  const font = (f: typeof fonts.heading) => ({
    typeface: f.typeface,
    drawn_with: f.substitute ?? f.typeface,
    match: f.match,
    substitute: f.substitute,
  });
  return {
    template,
    id: row.id,
    name: row.name,
    format: brand.format,
    aspect: brand.slideSize.aspect,
    slide_size: { width_emu: brand.slideSize.cx, height_emu: brand.slideSize.cy },
    fonts: { heading: font(fonts.heading), body: font(fonts.body) },
    // Files often repeat a master (LibreOffice writes one per slide design): each name once.
    layouts: [...new Set(brand.masters.flatMap((master) => master.layouts.map((layout) => layout.name)))],
    warnings: brand.warnings,
    created_at: row.createdAt.toISOString(),
  };
}
