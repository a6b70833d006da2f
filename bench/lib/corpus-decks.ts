/**
 * The deck-quality corpus (tests/fixtures/corpus: real third-party texts and sources.json) and
 * decks generated from it exactly as POST /api/v1/ppt/presentation/generate does for a request
 * with only `content` (plus `n_slides`): the request schema's defaults, generateDeck with the
 * configured provider (offline by default), pictures resolved as in the API into an in-memory
 * store, then laid out. Shared by bench/deck-quality.ts and scripts/samples.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import type { TDeck } from "@/lib/deck/schema";
import { requestFrame } from "@/lib/generate/frame-slides";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { loadDeckAssets } from "@/lib/images/load-deck-assets";
import { resolveDeckImages } from "@/lib/images/resolve-deck-images";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import type { TStorage } from "@/lib/storage";

export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../tests/fixtures/corpus");

/** One entry of tests/fixtures/corpus/sources.json. */
export type TCorpusSource = {
  file: string;
  url: string;
  title: string;
  kind: string;
  /** ISO 639-1. */
  language: string;
  licence: string;
  truncated: boolean;
  characters: number;
};

export function readCorpus(): TCorpusSource[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, "sources.json"), "utf8")) as TCorpusSource[];
}

export function readCorpusText(file: string): string {
  return readFileSync(path.join(CORPUS_DIR, file), "utf8");
}

/** A Map-backed TStorage: pictures the run stores stay in memory. */
export function memoryStorage(): TStorage & { size(): number } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      files.set(key, Buffer.from(bytes));
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    size: () => files.size,
  };
}

export type TApiDeck = {
  deck: TDeck;
  pages: TRenderedSlide[];
  /** Stored pictures by asset key, as data URIs (for rendering). */
  assets: Map<string, string>;
  warnings: string[];
  /** Generation, pictures and layout, in milliseconds. */
  ms: number;
};

/**
 * Generates a deck the way the generate route does for `{ content, ...request }` (see
 * lib/presentations/generate-presentation.ts), and lays it out.
 */
export async function generateLikeApi(
  content: string,
  request: { n_slides?: number } = {},
  storage: TStorage = memoryStorage(),
): Promise<TApiDeck> {
  const input = ZGeneratePresentationRequest.parse({ content, ...request });
  const started = performance.now();
  // n_slides counts the whole deck: the title slide comes out of it, as in the route.
  const fitted = requestFrame(input);
  const generated = await generateDeck(getProvider(), {
    content: input.content,
    instructions: input.instructions,
    tone: input.tone,
    verbosity: input.verbosity,
    language: input.language,
    n_slides: fitted.contentSlides,
    frame: fitted.frame,
    include_title_slide: fitted.frame.title,
    include_table_of_contents: fitted.frame.agenda,
    markdown_emphasis: input.markdown_emphasis,
    template: input.template,
    theme: input.theme,
    onSlideWritten: () => {},
  });
  const pictures = await resolveDeckImages(generated.deck, {
    imageType: input.image_type,
    storage,
    presentationScope: "bench",
  });
  const assets = await loadDeckAssets(pictures.deck, storage);
  const pages = layoutDeck(pictures.deck, assets);
  return {
    deck: pictures.deck,
    pages,
    assets,
    warnings: [...generated.warnings.map((w) => w.message), ...pictures.warnings],
    ms: performance.now() - started,
  };
}
