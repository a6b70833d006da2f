/**
 * Brand-template decks for the brand parity bench and the brand contact sheets: the test inputs of
 * issue 18 (LibreOffice's 23 shipped Impress templates converted to PPTX, a .potx, a file with a
 * logo on its master and one with a distinctive theme; tests/unit/brand-templates), each carrying
 * the every-layout sample deck laid out in the brand's look, rendered to PDF by our renderer and to
 * PPTX written on the uploaded master (renderPptx → writeOnMaster), the way a branded deck is made.
 */
import { brandLook, type TBrandLook } from "@/lib/brand/brand-look";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import { masterPages, withoutScene } from "@/lib/brand/master-pages";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import { writeOnMaster } from "@/lib/brand/write-on-master";
import type { TCustomTemplateId, TDeck } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { everyLayoutSample } from "@/lib/preview/every-layout-deck";
import { renderPdf } from "@/lib/render/pdf/render-pdf";
import { renderPptx } from "@/lib/render/pptx/render-pptx";
import { prepareImages } from "@/lib/render/prepare-images";
import {
  brandTemplateFiles,
  missingLibreOffice,
  withDistinctiveTheme,
  withLogo,
} from "@/tests/unit/brand-templates/brand-template-files";

/** The fixed brand template id every bench deck names (a version-4 UUID, like an upload's). */
export const BENCH_BRAND_ID: TCustomTemplateId = "custom-5b0c8f3e-2d41-4a7b-9e18-0b7a6c1d2e18";

/** One brand file of the bench: `slug` names its outputs (docs/thumbnails/brand-<slug>.png). */
export type TBrandBenchFile = { slug: string; file: string; bytes: Buffer };

/** "Blue_Curve.pptx" → "blue-curve", "Vivid.potx" → "vivid-potx", "Beehive-logo.pptx" → "beehive-logo". */
export function brandSlug(file: string): string {
  const ext = file.slice(file.lastIndexOf(".") + 1).toLowerCase();
  const stem = file
    .slice(0, file.lastIndexOf("."))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  return ext === "pptx" ? stem : `${stem}-${ext}`;
}

/**
 * Every test file, in a fixed order: the 23 converted templates, the .potx, Beehive with a logo on
 * its master and a badge on its title layout, DNA with the distinctive theme (the same derived files
 * the reader and writeOnMaster tests use). Throws with the reason when LibreOffice or its templates
 * are missing.
 */
export async function brandBenchFiles(): Promise<TBrandBenchFile[]> {
  const missing = missingLibreOffice();
  if (missing) throw new Error(missing);
  const files = brandTemplateFiles();
  const named = (name: string) => {
    const file = files.converted.find((f) => f.name === `${name}.pptx`);
    if (!file) throw new Error(`LibreOffice's ${name} template was not converted`);
    return file;
  };
  const logo = (await withLogo(named("Beehive"))).file;
  const distinctive = await withDistinctiveTheme(named("DNA"));
  return [...files.converted, files.potx, logo, distinctive].map((f) => ({
    slug: brandSlug(f.name),
    file: f.name,
    bytes: f.bytes,
  }));
}

/** A brand file read, its look, and the every-layout sample deck laid out in it. */
export type TBrandDeck = {
  slug: string;
  file: string;
  upload: Buffer;
  brand: TBrandTemplate;
  look: TBrandLook;
  deck: TDeck;
  pages: TRenderedSlide[];
};

/** Reads a brand file and lays the every-layout sample deck out in its look. */
export async function brandDeck(file: TBrandBenchFile): Promise<TBrandDeck> {
  const brand = await readBrandTemplate(file.bytes);
  const look = await brandLook(brand, file.bytes, BENCH_BRAND_ID, file.file);
  const deck = everyLayoutSample(
    file.slug,
    { title: "Solar Clinics Programme", language: "en", template: BENCH_BRAND_ID, theme: "light" },
    "column",
  );
  return { ...file, upload: file.bytes, brand, look, deck, pages: layoutDeck(deck, undefined, look) };
}

/** Our PDF of a brand deck. */
export async function brandPdf(deck: TBrandDeck): Promise<Buffer> {
  return renderPdf(deck.deck, deck.pages, await prepareImages(deck.pages));
}

/** The PPTX of a brand deck, written on the uploaded file's master as renderDeck writes it. */
export async function brandPptx(deck: TBrandDeck): Promise<Buffer> {
  const own = withoutScene(deck.pages);
  const generated = await renderPptx(deck.deck, own, await prepareImages(own));
  return writeOnMaster(generated, deck.upload, deck.brand, masterPages(deck.deck, deck.pages));
}
