/** A planned content slide: which source units it draws on and how it will be titled. */
import type { TUnit } from "./source-types";

/**
 * Slides not cut from one section: other views of a short text's material (its figures, key terms,
 * a key phrase), and the summary and next steps the instructions ask for.
 */
export type TAngle = "numbers" | "keyTerms" | "phrase" | "summary" | "nextSteps";

export type TPlan = {
  /** Source headings this slide covers, in order (empty for heading-less text). */
  headings: string[];
  parent?: string;
  /** Candidate units, in document order. */
  units: TUnit[];
  /** Which original section the slide came from; parts of one split section share it. */
  origin: number;
  /** 1-based part number within its origin once the count is fitted. */
  part: number;
  angle?: TAngle;
  /** For the "phrase" angle: the key phrase the slide is about. */
  phrase?: string;
};
