/**
 * Reads free-text instructions with a handful of rules. Whatever no rule understands is
 * returned verbatim in `unhonoured`, so the API can say so instead of pretending.
 */
import type { TTone, TVerbosity } from "../types";
import { terms } from "./tokenize";

export type TInstructionPlan = {
  /** Stemmed terms to rank higher ("focus on costs" → ["cost"]). */
  focusTerms: string[];
  /** The focus phrases as written, for messages. */
  focusPhrases: string[];
  /** End the content slides with a summary slide. */
  summary: boolean;
  /** Append a closing slide ("Thank you", Q&A). */
  closing: boolean;
  /** Add an agenda slide. */
  agenda: boolean;
  title?: string;
  tone?: TTone;
  verbosity?: TVerbosity;
  unhonoured: string[];
};

type TRule = (clause: string, plan: TInstructionPlan) => boolean;

const RULES: TRule[] = [
  (c, plan) => {
    const m =
      /\b(?:focus(?:ing)?|concentrate|emphasi[sz]e|highlight|prioriti[sz]e|cent(?:er|re))\s+(?:more\s+)?(?:on|upon)?\s*(?:the\s+)?(.+)$/i.exec(
        c,
      ) ??
      /\b(?:emphasis|focus)\s+(?:should\s+be\s+)?on\s+(?:the\s+)?(.+)$/i.exec(c) ??
      /\b(?:slides?|deck|presentation|it)\s+(?:mainly\s+|mostly\s+)?about\s+(?:the\s+)?(.+)$/i.exec(c);
    if (!m) return false;
    const phrase = m[1].replace(/\s+(?:please|instead)$/i, "").trim();
    const t = terms(phrase);
    if (t.length === 0) return false;
    plan.focusPhrases.push(phrase);
    plan.focusTerms.push(...t);
    return true;
  },
  (c, plan) => {
    if (!/\b(?:summary|summari[sz]e|recap|conclusions?|conclude|wrap[- ]?up|takeaways?|tl;?dr)\b/i.test(c))
      return false;
    plan.summary = true;
    return true;
  },
  (c, plan) => {
    if (!/\b(?:thank[- ]?you|q\s*&\s*a|questions?\s+slide|closing\s+slide|end\s+with\s+questions)\b/i.test(c))
      return false;
    plan.closing = true;
    return true;
  },
  (c, plan) => {
    if (!/\b(?:agenda|table\s+of\s+contents|toc|overview\s+slide)\b/i.test(c)) return false;
    plan.agenda = true;
    return true;
  },
  (c, plan) => {
    const m =
      /\b(?:titled?|call(?:ed)?|name(?:d)?)(?:\s+(?:it|the\s+(?:deck|presentation|slides)))?\s*:?\s*["“'‘]([^"”'’]+)["”'’]/i.exec(
        c,
      ) ?? /^\s*(?:deck\s+|presentation\s+)?title\s*:\s*(.+)$/i.exec(c);
    if (!m) return false;
    plan.title = m[1].trim();
    return true;
  },
  (c, plan) => {
    const tones: [RegExp, TTone][] = [
      [/\b(?:formal|professional|business-like|no\s+exclamation)/i, "professional"],
      [/\b(?:casual|informal|friendly|relaxed|conversational)\b/i, "casual"],
      [/\b(?:funny|humou?r(?:ous)?|playful|witty|jokes?|fun)\b/i, "funny"],
      [/\b(?:educational|teach(?:ing)?|for\s+students|for\s+beginners|lesson)\b/i, "educational"],
      [/\b(?:sales|pitch|persuasive|sell(?:ing)?|convince)\b/i, "sales_pitch"],
    ];
    const hit = tones.find(([re]) => re.test(c));
    if (!hit) return false;
    plan.tone = hit[1];
    return true;
  },
  (c, plan) => {
    if (
      /\b(?:concise|brief|succinct|terse|short(?:er)?\s+(?:bullets|text|points)|less\s+text|minimal\s+text)\b/i.test(
        c,
      )
    ) {
      plan.verbosity = "concise";
      return true;
    }
    if (
      /\b(?:detailed|in[- ]depth|thorough|more\s+(?:text|detail)|full\s+sentences|text[- ]heavy)\b/i.test(c)
    ) {
      plan.verbosity = "text-heavy";
      return true;
    }
    return false;
  },
  // Courtesies are not requests.
  (c) => /^(?:please|thanks?(?:\s+you)?|thx|ok(?:ay)?)$/i.test(c.trim()),
];

// Things the offline generator plainly cannot do: reported even when another rule also matched.
const IMPOSSIBLE =
  /\b(?:translat\w*|images?|pictures?|photos?|icons?|charts?|graphs?|diagrams?|videos?|animations?|search|web|internet|latest|up[- ]to[- ]date|rewrite|paraphrase)\b/i;

/** Splits instructions into clauses and applies the rules; unknown clauses come back verbatim. */
export function interpretInstructions(instructions: string | undefined): TInstructionPlan {
  const plan: TInstructionPlan = {
    focusTerms: [],
    focusPhrases: [],
    summary: false,
    closing: false,
    agenda: false,
    unhonoured: [],
  };
  for (const clause of splitClauses(instructions ?? "")) {
    let honoured = false;
    for (const rule of RULES) if (rule(clause, plan)) honoured = true;
    if (!honoured || IMPOSSIBLE.test(clause)) plan.unhonoured.push(clause);
  }
  return plan;
}

/** Sentences, lines and "…, and add …" joins become separate clauses; "costs and savings" stays whole. */
function splitClauses(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?;])\s+|;\s*/)
    .flatMap((s) =>
      s.split(
        /,?\s+(?:and|then|also)\s+(?=(?:please\s+)?(?:add|include|make|use|keep|end|start|finish|be|write|focus|highlight|avoid|translate|put|show|mention|give|emphasi[sz]e|call|title|open|close)\b)/i,
      ),
    )
    .map((s) =>
      s
        .replace(/^[-*•\d.)\s]+/, "")
        .replace(/[.!;,\s]+$/, "")
        .trim(),
    )
    .filter((s) => s.length > 0);
}
