/**
 * Splits compound sentences into their independent clauses ("X grew 20%, while Y fell 5%"), to
 * get more distinct bullets out of short inputs.
 */

import type { TUnit } from "./source-types";
import { capitalise } from "./title-case";
import { countWords, terms } from "./tokenize";
import { looksLikeClause } from "./word-classes";

const JOINS = /(?:;\s+|,\s+(?:and|but|while|whereas|so|yet)\s+|\s+(?:while|whereas)\s+)/i;

/** Replaces each compound sentence with its clauses; ids stay in document order (fractional). */
export function splitClauses(units: readonly TUnit[]): TUnit[] {
  const out: TUnit[] = [];
  for (const u of units) {
    // A quotation is kept as said.
    const parts = u.kind === "sentence" && !u.quote ? clausesOf(u.text) : [u.text];
    if (parts.length < 2) {
      out.push(u);
      continue;
    }
    parts.forEach((text, k) => {
      out.push({ ...u, id: u.id + k / 10, text, terms: terms(text), score: u.score * (k === 0 ? 1 : 0.9) });
    });
  }
  return out;
}

function clausesOf(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  // ", which covered 40% of…" states a second fact: keep it as a subject-less bullet.
  const which = /,\s+which\s+(?=\S+\s)/i.exec(rest);
  if (which) {
    const head = rest.slice(0, which.index);
    const tail = rest.slice(which.index + which[0].length);
    if (
      countWords(head) >= 4 &&
      countWords(tail) >= 3 &&
      looksLikeClause(tail.split(" ")[0]) &&
      looksLikeClause(head)
    ) {
      return [...clausesOf(head), capitalise(tail)];
    }
  }
  for (let guard = 0; guard < 3; guard++) {
    const m = JOINS.exec(rest);
    if (!m) break;
    const head = rest.slice(0, m.index);
    const tail = rest.slice(m.index + m[0].length);
    if (countWords(head) < 4 || countWords(tail) < 4 || !looksLikeClause(head) || !looksLikeClause(tail))
      break;
    pieces.push(head);
    rest = tail;
  }
  pieces.push(rest);
  return pieces.map((p) => p.trim()).filter(Boolean);
}
