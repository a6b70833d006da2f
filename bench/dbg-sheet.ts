import { writeDeckSheet } from "@/bench/lib/contact-sheet";
import { generateLikeApi, readCorpusText } from "@/bench/lib/corpus-decks";

for (const f of process.argv.slice(2)) {
  const { deck, assets } = await generateLikeApi(readCorpusText(f));
  await writeDeckSheet(deck, `/tmp/sheet-${f.replace(/\.txt$/, "")}.png`, assets);
  console.log(f);
}
