/**
 * Reads free-text instructions with a handful of rules. Whatever no rule understands is
 * returned verbatim in `unhonoured`, so the API can say so instead of pretending.
 */
import type { TTone, TVerbosity } from "../types";
import { terms } from "./tokenize";

/** A topic named in an instruction, and the instruction clause verbatim. */
export type TPhraseRequest = { phrase: string; clause: string };

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
  /** Leave the agenda out even when include_table_of_contents asks for one ("no agenda"). */
  noAgenda: boolean;
  /** Leave the summary and closing slides out ("no summary", "no thank-you slide"). */
  noSummary: boolean;
  noClosing: boolean;
  /** End on a "Next steps" slide of the text's actions and asks ("end with a call to action"). */
  callToAction: boolean;
  /** Short, plain sentences: shorter bullets, long-winded sentences ranked lower. */
  simple: boolean;
  /** Prefer sentences that carry figures ("keep the numbers"). */
  figures: boolean;
  /** Sections or topics to leave out ("skip the risks section"), with the clause that asked. */
  skips: TPhraseRequest[];
  /** The focus phrases with the clause that asked, so one the text never mentions can be reported. */
  focuses: TPhraseRequest[];
  title?: string;
  tone?: TTone;
  verbosity?: TVerbosity;
  unhonoured: string[];
};

type TRule = (clause: string, plan: TInstructionPlan) => boolean;

const NEGATION =
  /\b(?:no|without|skip|omit|drop|remove|exclude|leave\s+out|don'?t\s+(?:add|include|use|want|need|show)|do\s+not\s+(?:add|include|use|want|need|show)|never)\b/i;
const FIGURE_WORDS = /^(?:all\s+)?(?:the\s+)?(?:numbers|figures|statistics|stats|data|metrics|kpis)$/i;

const RULES: TRule[] = [
  // "no agenda", "skip the summary", "without a thank-you slide": a slide the deck should not have.
  (c, plan) => {
    const negated = NEGATION.exec(c);
    if (!negated) return false;
    const rest = c.slice(negated.index);
    if (/\b(?:agenda|table\s+of\s+contents|toc)\b/i.test(rest)) plan.noAgenda = true;
    if (/\b(?:summary|summaries|recap|conclusions?|takeaways?)\b/i.test(rest)) plan.noSummary = true;
    if (/\b(?:closing|thank[- ]?you|q\s*&\s*a|questions)\s*(?:slide|page)?\b/i.test(rest))
      plan.noClosing = true;
    return /\b(?:agenda|table\s+of\s+contents|toc|summary|summaries|recap|conclusions?|takeaways?|closing|thank[- ]?you|q\s*&\s*a|questions)\b/i.test(
      rest,
    );
  },
  (c, plan) => {
    if (
      !/\b(?:call[- ]to[- ]action|cta|next\s+steps?|end\s+with\s+(?:an?\s+)?(?:ask|action|clear\s+ask))\b/i.test(
        c,
      ) ||
      NEGATION.test(c)
    )
      return false;
    plan.callToAction = true;
    return true;
  },
  (c, plan) => {
    if (
      !/\b(?:simple|plain|easy|everyday|clear)\s+(?:language|words|english|terms|wording)\b|\b(?:avoid|no|without)\s+(?:technical\s+)?jargon\b|\bnon-?technical\b|\bsimplif(?:y|ied)\b|\bfor\s+(?:kids|children|a\s+general\s+audience|laypeople|non-experts|beginners)\b/i.test(
        c,
      )
    )
      return false;
    plan.simple = true;
    return true;
  },
  (c, plan) => {
    if (
      !/\b(?:keep|include|show|highlight|use|preserve|emphasi[sz]e)\s+(?:all\s+)?(?:the\s+)?(?:key\s+)?(?:numbers|figures|statistics|stats|data|metrics|kpis)\b|\bdata[- ]driven\b/i.test(
        c,
      )
    )
      return false;
    plan.figures = true;
    return true;
  },
  // The deck always carries speaker notes (the source sentences of each slide).
  (c) => /\b(?:add|include|with|write)\s+(?:some\s+)?(?:speaker|presenter)\s+notes\b/i.test(c),
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
    if (t.length === 0 || FIGURE_WORDS.test(phrase)) return false;
    plan.focusPhrases.push(phrase);
    plan.focusTerms.push(...t);
    plan.focuses.push({ phrase, clause: c });
    return true;
  },
  (c, plan) => {
    if (
      !/\b(?:summary|summari[sz]e|recap|conclusions?|conclude|wrap[- ]?up|takeaways?|tl;?dr)\b/i.test(c) ||
      NEGATION.test(c)
    )
      return false;
    plan.summary = true;
    return true;
  },
  (c, plan) => {
    if (
      !/\b(?:thank[- ]?you|q\s*&\s*a|questions?\s+slide|closing\s+slide|end\s+with\s+questions)\b/i.test(c) ||
      NEGATION.test(c)
    )
      return false;
    plan.closing = true;
    return true;
  },
  (c, plan) => {
    if (!/\b(?:agenda|table\s+of\s+contents|toc|overview\s+slide)\b/i.test(c) || NEGATION.test(c))
      return false;
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
      /\b(?:concise|brief|succinct|terse|short(?:er)?\s+(?:bullets|text|points)|less\s+text|minimal\s+text|fewer\s+words|less\s+wordy|short\s+and\s+sweet|to\s+the\s+point)\b|\bkeep\s+(?:it|them|things|everything|the\s+(?:bullets|text|slides|points))\s+(?:short|brief|tight|punchy|simple)\b/i.test(
        c,
      )
    ) {
      plan.verbosity = "concise";
      return true;
    }
    if (
      /\b(?:detailed|in[- ]depth|thorough|comprehensive|more\s+(?:text|details?|depth|context)|in\s+(?:more\s+|full\s+|great\s+)?detail|elaborate|full\s+sentences|text[- ]heavy)\b/i.test(
        c,
      )
    ) {
      plan.verbosity = "text-heavy";
      return true;
    }
    return false;
  },
  // Courtesies are not requests.
  (c) => /^(?:please|thanks?(?:\s+you)?|thx|ok(?:ay)?)$/i.test(c.trim()),
];

// "skip the risks section", "leave out pricing", "don't cover the history": tried only when no
// other rule understood the clause ("no jargon" is a style, not a section).
const SKIP =
  /^(?:please\s+)?(?:skip|omit|exclude|ignore|leave\s+out|drop|remove|don'?t\s+(?:cover|include|mention|talk\s+about)|do\s+not\s+(?:cover|include|mention|talk\s+about)|no)\s+(?:the\s+)?(?:(?:section|part|chapter|slides?)\s+(?:on|about|called|titled|named)?\s*)?["“'‘]?(.+?)["”'’]?(?:\s+(?:section|part|chapter|slides?))?$/i;

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
    noAgenda: false,
    noSummary: false,
    noClosing: false,
    callToAction: false,
    simple: false,
    figures: false,
    skips: [],
    focuses: [],
    unhonoured: [],
  };
  for (const clause of splitClauses(instructions ?? "")) {
    let honoured = false;
    for (const rule of RULES) if (rule(clause, plan)) honoured = true;
    const skip = honoured ? null : SKIP.exec(clause);
    if (skip && terms(skip[1]).length > 0) {
      plan.skips.push({ phrase: skip[1].trim(), clause });
      honoured = true;
    }
    if (!honoured || IMPOSSIBLE.test(clause)) plan.unhonoured.push(clause);
  }
  if (plan.noSummary) plan.summary = false;
  if (plan.noClosing) plan.closing = false;
  if (plan.noAgenda) plan.agenda = false;
  return plan;
}

/** Sentences, lines and "…, and add …" joins become separate clauses; "costs and savings" stays whole. */
function splitClauses(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?;])\s+|;\s*/)
    .flatMap((s) =>
      s.split(
        /,?\s+(?:and|then|also|but)\s+(?=(?:please\s+)?(?:add|include|make|use|keep|end|start|finish|be|write|focus|highlight|avoid|translate|put|show|mention|give|emphasi[sz]e|call|title|open|close|skip|omit|drop|leave|don'?t|do\s+not|no)\b)/i,
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
