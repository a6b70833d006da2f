/**
 * README thumbnails, made by the project's own code: decks generated offline from the text fixtures
 * and the bench's every-layout deck, rendered to PDF by our renderer and rasterised with pdftoppm;
 * plus one contact sheet per template showing all fifteen layouts. Writes docs/thumbnails/.
 * Run: npx tsx --conditions=react-server scripts/thumbnails.ts
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parityCorpus } from "@/bench/corpus";
import { rasterisePdf } from "@/bench/rasterise-pdf";
import { type TDeck, TEMPLATE_IDS, type TTemplateId, type TThemeId } from "@/lib/deck/schema";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { renderDeck } from "@/lib/render/render-deck";
import { contactSheet, TILE } from "./contact-sheet";

const root = path.resolve(import.meta.dirname, "..");
const OUT = path.join(root, "docs/thumbnails");
const FIXTURES = path.join(root, "tests/fixtures/text");

/** README thumbnails: 480 px wide. Contact-sheet tiles are smaller so a sheet stays readable. */
const THUMB = { width: 480, height: 270 };

/** Generated decks: which fixture, in which template and theme (a light and a dark one). */
const GENERATED: { name: string; file: string; template: TTemplateId; theme: TThemeId }[] = [
  { name: "heat-pumps", file: "article-heat-pumps.md", template: "general", theme: "light" },
  { name: "meeting-notes", file: "meeting-notes.md", template: "swift", theme: "midnight" },
];

/** Renders a deck to PDF and rasterises its pages at `size` into `dir`; returns the PNG paths. */
async function rasteriseDeck(deck: TDeck, dir: string, name: string, size: typeof THUMB): Promise<string[]> {
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, (await renderDeck(deck, "pdf")).bytes);
  return rasterisePdf(pdf, dir, name, size);
}

/** Copies page PNGs to docs/thumbnails as `<name>-NN.png`. */
function publish(pages: string[], name: string): string[] {
  return pages.map((page, i) => {
    const file = path.join(OUT, `${name}-${String(i + 1).padStart(2, "0")}.png`);
    writeFileSync(file, readFileSync(page));
    return file;
  });
}

const work = mkdtempSync(path.join(tmpdir(), "deckforge-thumbnails-"));
try {
  // Stale thumbnails of removed decks go first; the brand sheets are scripts/brand-thumbnails.ts's.
  mkdirSync(OUT, { recursive: true });
  for (const name of readdirSync(OUT)) if (!name.startsWith("brand-")) rmSync(path.join(OUT, name));
  const written: string[] = [];

  for (const entry of GENERATED) {
    const { deck } = await generateDeck(getProvider({}), {
      content: readFileSync(path.join(FIXTURES, entry.file), "utf8"),
      tone: "default",
      verbosity: "standard",
      language: "English",
      n_slides: 6,
      include_title_slide: true,
      include_table_of_contents: true,
      markdown_emphasis: true,
      template: entry.template,
      theme: entry.theme,
    });
    written.push(...publish(await rasteriseDeck(deck, work, entry.name, THUMB), entry.name));
  }

  const corpus = parityCorpus();
  const everyLayout = corpus.find((c) => c.deck.template === "general") ?? corpus[0];
  written.push(
    ...publish(await rasteriseDeck(everyLayout.deck, work, "every-layout", THUMB), "every-layout"),
  );

  for (const template of TEMPLATE_IDS) {
    const entry = corpus.find((c) => c.deck.template === template && c.deck.slides.length >= 15);
    if (!entry) throw new Error(`The corpus has no every-layout deck for ${template}.`);
    const tiles = await rasteriseDeck(entry.deck, work, `sheet-${template}`, TILE);
    const file = path.join(OUT, `template-${template}.png`);
    await contactSheet(tiles, file);
    written.push(file);
  }

  for (const file of written) console.log(path.relative(root, file));
  console.log(`${written.length} images in ${path.relative(root, OUT)}/`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
