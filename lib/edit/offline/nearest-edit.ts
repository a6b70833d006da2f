/**
 * A free-form request the offline rules do not read word for word ("make it more engaging", "fix
 * the tone for executives") mapped to the nearest edit they can make, by the words it uses: the
 * edits to try, in order, each as the prompt that asks for it. Requests about wording or tone,
 * which only a language model can meet, are mapped by what the slide needs most (a long slide is
 * shortened, a plain list is made visual). Pure.
 */
import type { TSlide } from "@/lib/deck/schema";
import { countWords, hasNumber, plainText } from "@/lib/generate/offline/tokenize";
import { slideLines } from "./read-slide";

/** The edits to try for a request, and why they were chosen (said to the user). */
export type TNearestEdit = { prompts: string[]; why: string };

const SHORTER = "make it shorter";
const SIMPLER = "simpler";
const DETAIL = "more detail";
const VISUAL = "make it visual";
const NUMBERS = "emphasise the numbers";

// Word families, tried in this order: the first family the request uses decides.
const FAMILIES: { words: RegExp; edit: (slide: TSlide) => TNearestEdit }[] = [
  {
    words:
      /\b(?:more\s+(?:detail|depth|context|info(?:rmation)?|content|examples?)|detailed|elaborat\w*|flesh\w*\s+(?:it\s+)?out|longer|deeper|go\s+deeper|explain\s+more)\b/,
    edit: () => ({ prompts: [DETAIL], why: "it asks for more content" }),
  },
  {
    words:
      /\b(?:short\w*|concise\w*|brief\w*|too\s+long|too\s+(?:much|many)\s+(?:text|words)|wordy|verbose|less\s+text|fewer\s+words|condense\w*|tight\w*|punch\w*|crisp\w*|trim\w*|declutter\w*|clutter\w*|busy|dense|fit\s+on\s+(?:one|a\s+single)\s+slide|tl;?dr|cut\s+(?:it\s+)?down|streamline\w*|skimm?able|scannable|summari[sz]e\s+(?:it|this|the\s+slide))\b/,
    edit: () => ({ prompts: [SHORTER], why: "it asks for less text" }),
  },
  {
    words:
      /\b(?:simpl\w*|plain\w*|jargon|easier|easy\s+to\s+(?:read|follow|understand)|clearer|clarity|clarify|understandable|readable|non[-\s]?(?:experts?|technical)|layman\w*|lay\s+(?:person|people|audience)|beginners?|kids?|children|students?|accessible|less\s+technical)\b/,
    edit: () => ({ prompts: [SIMPLER], why: "it asks for plainer words" }),
  },
  {
    words:
      /\b(?:highlight\w*|emphasi[sz]\w*|stand\s+out|bold(?:er)?|(?:key|the)\s+(?:numbers|figures|stats))\b/,
    edit: () => ({ prompts: [NUMBERS], why: "it asks to make the key points stand out" }),
  },
  {
    words:
      /\b(?:visual\w*|engag\w*|pop|exciting|interesting|eye[-\s]?catching|attractive|prett\w*|beautiful|design\w*|striking|appealing|dynamic|lively|boring|dull|graphic\w*|illustrat\w*|wow|modern|fancy|creative|memorable)\b/,
    edit: () => ({ prompts: [VISUAL], why: "it asks for a more visual slide" }),
  },
  {
    words:
      /\b(?:professional\w*|formal|tone|polish\w*|improve\w*|better|enhance\w*|refine\w*|clean\s+(?:it\s+|this\s+)?up|fix\w*|rewrite|rephrase|reword|redo|edit|executives?|board|investors?|ceo|leadership|stakeholders?|management|persuasive|compelling|impactful|stronger|powerful|sharp\w*|nicer|good|great|work\s+on|optimi[sz]e)\b/,
    edit: (slide) => ({
      prompts: byNeed(slide),
      why: "the offline rules cannot change wording or tone, so they made the change this slide needs most",
    }),
  },
];

/** The nearest edits for a request nothing reads word for word, or null when no word points to one. */
export function nearestEdit(prompt: string, slide: TSlide): TNearestEdit | null {
  const text = prompt.toLowerCase();
  for (const family of FAMILIES) if (family.words.test(text)) return family.edit(slide);
  return null;
}

const LONG_SLIDE_WORDS = 45;
const MANY_LINES = 5;
const TEXT_LAYOUTS = new Set(["bullets", "two-column", "comparison"]);

/** Edits by what the slide needs most: a long slide shorter, a plain list visual, figures bold. */
function byNeed(slide: TSlide): string[] {
  const lines = slideLines(slide.content);
  const words = countWords(plainText([...lines, slide.content.body ?? ""].join(" ")));
  const order: string[] = [];
  if (words > LONG_SLIDE_WORDS || lines.length > MANY_LINES) order.push(SHORTER);
  if (TEXT_LAYOUTS.has(slide.layout)) order.push(VISUAL);
  if (lines.some((l) => hasNumber(l) && !l.includes("**"))) order.push(NUMBERS);
  order.push(SHORTER, SIMPLER, VISUAL);
  return [...new Set(order)];
}
