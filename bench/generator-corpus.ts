/**
 * The corpus of the generator quality bench (bench/generator-quality.ts) and of the offline
 * generator's corpus tests: original texts written for the project, one per kind of document a
 * user sends, each with the slide count a person would ask for.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type TCorpusText = {
  /** File name in tests/fixtures/text. */
  file: string;
  /** What kind of document it is, for the report. */
  kind: string;
  /** Content slides to ask for: about one per section, as a person would. */
  n: number;
  /** The `language` option sent with it (the source's own language). */
  language: string;
};

export const TEXT_DIR = path.resolve(import.meta.dirname, "../tests/fixtures/text");

/** Every text of the corpus, in report order. */
export const GENERATOR_CORPUS: readonly TCorpusText[] = [
  { file: "article-heat-pumps.md", kind: "article (long)", n: 8, language: "English" },
  { file: "article-urban-trees.md", kind: "article, quotations", n: 5, language: "English" },
  { file: "prose-library-renewal.txt", kind: "plain prose, no headings", n: 6, language: "English" },
  { file: "short-paragraph.txt", kind: "one paragraph", n: 3, language: "English" },
  { file: "meeting-notes.md", kind: "meeting notes", n: 5, language: "English" },
  { file: "board-minutes.txt", kind: "minutes, plain text", n: 5, language: "English" },
  { file: "report-quarterly-results.md", kind: "numbers-heavy report", n: 5, language: "English" },
  { file: "table-cloud-costs.md", kind: "table-heavy document", n: 5, language: "English" },
  { file: "project-plan-clinic.md", kind: "project plan with dates", n: 6, language: "English" },
  { file: "interview-ceramics.md", kind: "interview with quotations", n: 6, language: "English" },
  { file: "release-notes-v3.md", kind: "release notes", n: 6, language: "English" },
  { file: "lecture-plate-tectonics.txt", kind: "lecture transcript", n: 7, language: "English" },
  { file: "pitch-greenhouse-sensors.md", kind: "product pitch", n: 5, language: "English" },
  { file: "policy-memo-remote-work.md", kind: "policy memo", n: 6, language: "English" },
  { file: "postmortem-outage.md", kind: "incident report", n: 6, language: "English" },
  { file: "research-summary-walking.md", kind: "research summary", n: 5, language: "English" },
  { file: "case-study-bakery.md", kind: "case study", n: 5, language: "English" },
  { file: "howto-sourdough.md", kind: "how-to guide", n: 4, language: "English" },
  { file: "es-informe-agua.md", kind: "report (Spanish)", n: 5, language: "Spanish" },
  { file: "de-projektbericht-radweg.md", kind: "project report (German)", n: 6, language: "German" },
  { file: "fr-article-cantine.md", kind: "article (French)", n: 5, language: "French" },
  { file: "ja-lecture-sleep.md", kind: "lecture (Japanese)", n: 5, language: "Japanese" },
];

/** The text of a corpus file. */
export function readCorpusText(file: string): string {
  return readFileSync(path.join(TEXT_DIR, file), "utf8");
}
