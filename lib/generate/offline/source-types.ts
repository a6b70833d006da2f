/** The offline generator's view of the input: ranked units (sentences, list items) in sections. */

/** A markdown table of the source: the first row is the header. */
export type TSourceTable = {
  header: string[];
  rows: string[][];
  /** Read from a list of amounts ("2 cups flour"): the generator writes the header in the deck's language. */
  amounts?: boolean;
};

/** A quotation of the source: a block quote, or a quoted sentence attributed to someone. */
export type TSourceQuote = {
  text: string;
  attribution?: string;
  /** Set off as a block quote by the author: a highlight, not a passing remark. */
  block?: boolean;
};

export type TUnit = {
  /** Position in the document; also the tie-breaker that keeps output deterministic. */
  id: number;
  /** Source text, emphasis kept. List items carry their group label ("Pros: …"). */
  text: string;
  /**
   * "table" stands for a whole markdown table (never a bullet; the slide that holds it shows the
   * table); its rows are also read as "item" units pointing back at it (`tableOf`), so the ranking
   * sees their words and a slide that cannot show the table can still list them.
   */
  kind: "sentence" | "item" | "table";
  /** Paragraph or list the unit came from; splits prefer these boundaries. */
  group: number;
  posInGroup: number;
  terms: string[];
  /** Heading of the section the unit sits in (titles merged slides by their dominant part). */
  heading?: string;
  /** Importance from ranking (mean 1 over the document). */
  score: number;
  /** The table, on a "table" unit. */
  table?: TSourceTable;
  /** On a table row: the id of its table's unit. */
  tableOf?: number;
  /** The quotation this unit is (part of): shared by the sentences of one block quote. */
  quote?: TSourceQuote;
  /** An item of a numbered list (an instruction, a ranked point). */
  ordered?: boolean;
  /** A numbered item's number as the text writes it ("3." → 3). */
  number?: number;
};

export type TSection = {
  heading?: string;
  /** The enclosing heading, used to title two sibling sections merged into one slide. */
  parent?: string;
  units: TUnit[];
  /** The heading's own number ("2. Search by Keyword" → 2): numbered parts may be steps. */
  number?: number;
};

export type TSource = {
  /** The document's own title (a lone leading H1), if any. */
  title?: string;
  sections: TSection[];
  units: TUnit[];
  hasHeadings: boolean;
  /**
   * The headings of the document's numbered parts, "1." to the last in order, those with no text
   * under them too ("1. SEATING OF COMMISSIONER CHU" of an agenda).
   */
  numberedParts?: string[];
  /** Rough ISO code of the source text ("und" when unsure). */
  language: string;
};
