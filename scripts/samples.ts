/**
 * Sample contact sheets of generated decks, for the docs: six texts of the deck-quality corpus,
 * each generated as POST /api/v1/ppt/presentation/generate does for `{content}` (the default
 * offline generator), rendered to PDF by our renderer, rasterised with pdftoppm and laid out four
 * slides to a row. Writes docs/samples/<text>.png and docs/samples/README.md (source and licence
 * of each text). Run: npm run samples
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertPdftoppm, writeDeckSheet } from "@/bench/lib/contact-sheet";
import { generateLikeApi, readCorpus, readCorpusText } from "@/bench/lib/corpus-decks";

const OUT = path.resolve(import.meta.dirname, "../docs/samples");

/**
 * One text per kind, chosen for the kind and, where there was a choice, for a licence that allows
 * showing it (public domain, CC BY-SA, MIT): a history article (dated events), an earnings release
 * (figures), a how-to (numbered steps), a comparison, a Spanish news article and a Japanese
 * chronology (a script without spaces).
 */
const SAMPLES = [
  { kind: "history", file: "history-hoover-dam-loc.txt" },
  { kind: "earnings", file: "earnings-microsoft-q2-fy2020.txt" },
  { kind: "how-to", file: "howto-cdc-handwashing-five-steps.txt" },
  { kind: "comparison", file: "comparison-restructuredtext-vs-markdown.txt" },
  { kind: "Spanish", file: "es-news-voa-cierre-gobierno-record.txt" },
  { kind: "Japanese", file: "ja-history-mito-botanical-park-timeline.txt" },
] as const;

assertPdftoppm();
mkdirSync(OUT, { recursive: true });
const sources = new Map(readCorpus().map((s) => [s.file, s]));
const rows: string[] = [];
for (const sample of SAMPLES) {
  const source = sources.get(sample.file);
  if (!source) throw new Error(`${sample.file} is not in tests/fixtures/corpus/sources.json.`);
  const { deck, assets } = await generateLikeApi(readCorpusText(sample.file));
  const name = `${sample.file.replace(/\.txt$/, "")}.png`;
  const pages = await writeDeckSheet(deck, path.join(OUT, name), assets);
  console.log(`${name}: ${pages} pages`);
  rows.push(
    `| ${sample.kind} | [${name}](${name}) | ${source.title.replace(/\|/g, "\\|")} | <${source.url}> | ${source.licence} |`,
  );
}

writeFileSync(
  path.join(OUT, "README.md"),
  `# Sample decks

Decks the default (offline) generator makes from real documents of the deck-quality corpus
(\`tests/fixtures/corpus\`), each generated as \`POST /api/v1/ppt/presentation/generate\` does for
a request with only \`content\` (8 slides, English fixed words, template \`general\`, theme
\`light\`), rendered to PDF and shown four slides to a row. Made by \`npm run samples\`
(\`scripts/samples.ts\`); the figures behind them come from \`npm run bench:deck-quality\`
(bench/README.md).

| Kind | Sheet | Source | URL | Licence |
| --- | --- | --- | --- | --- |
${rows.join("\n")}

The texts are third-party documents: each keeps its own licence above. "unknown (public web
page)" means the page states none; it is shown here as a sample of the generator's output only.
`,
);
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
