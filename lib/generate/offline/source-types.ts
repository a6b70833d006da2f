/** The offline generator's view of the input: ranked units (sentences, list items) in sections. */

export type TUnit = {
  /** Position in the document; also the tie-breaker that keeps output deterministic. */
  id: number;
  /** Source text, emphasis kept. List items carry their group label ("Pros: …"). */
  text: string;
  kind: "sentence" | "item";
  /** Paragraph or list the unit came from; splits prefer these boundaries. */
  group: number;
  posInGroup: number;
  terms: string[];
  /** Heading of the section the unit sits in (titles merged slides by their dominant part). */
  heading?: string;
  /** Importance from ranking (mean 1 over the document). */
  score: number;
};

export type TSection = {
  heading?: string;
  /** The enclosing heading, used to title two sibling sections merged into one slide. */
  parent?: string;
  units: TUnit[];
};

export type TSource = {
  /** The document's own title (a lone leading H1), if any. */
  title?: string;
  sections: TSection[];
  units: TUnit[];
  hasHeadings: boolean;
  /** Rough ISO code of the source text ("und" when unsure). */
  language: string;
};
