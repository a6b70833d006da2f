/**
 * Plain-language rewrites for English slide text: formal or bureaucratic words and phrases
 * replaced by everyday ones ("utilise" → "use", "in order to" → "to"), filler adverbs dropped,
 * side remarks in parentheses removed (unless they hold a figure). Pure.
 */
import { trimLeadIns } from "@/lib/generate/offline/simplify-sentence";

// Longer phrases first, so "in order to" goes before "order".
const PLAIN: [RegExp, string][] = [
  [/\bin order to\b/gi, "to"],
  [/\bdue to the fact that\b/gi, "because"],
  [/\bowing to the fact that\b/gi, "because"],
  [/\bin spite of the fact that\b/gi, "although"],
  [/\bat this point in time\b/gi, "now"],
  [/\bat the present time\b/gi, "now"],
  [/\bin the event that\b/gi, "if"],
  [/\bwith regard to\b/gi, "about"],
  [/\bwith respect to\b/gi, "about"],
  [/\bin relation to\b/gi, "about"],
  [/\bin the near future\b/gi, "soon"],
  [/\ba (?:large|significant) number of\b/gi, "many"],
  [/\bthe majority of\b/gi, "most"],
  [/\bprior to\b/gi, "before"],
  [/\bsubsequent to\b/gi, "after"],
  [/\bin addition to\b/gi, "besides"],
  [/\bis able to\b/gi, "can"],
  [/\bare able to\b/gi, "can"],
  [/\bhas the ability to\b/gi, "can"],
  [/\butili[sz](?:e|ation)\b/gi, "use"],
  [/\butili[sz]es\b/gi, "uses"],
  [/\butili[sz]ed\b/gi, "used"],
  [/\butili[sz]ing\b/gi, "using"],
  [/\bleverage\b/gi, "use"],
  [/\bleverages\b/gi, "uses"],
  [/\bleveraged\b/gi, "used"],
  [/\bleveraging\b/gi, "using"],
  [/\bcommence\b/gi, "start"],
  [/\bcommenced\b/gi, "started"],
  [/\bterminate\b/gi, "end"],
  [/\bterminated\b/gi, "ended"],
  [/\bfacilitate\b/gi, "help"],
  [/\bfacilitates\b/gi, "helps"],
  [/\bdemonstrate\b/gi, "show"],
  [/\bdemonstrates\b/gi, "shows"],
  [/\bdemonstrated\b/gi, "showed"],
  [/\bapproximately\b/gi, "about"],
  [/\bnumerous\b/gi, "many"],
  [/\badditional\b/gi, "more"],
  [/\bsufficient\b/gi, "enough"],
  [/\binsufficient\b/gi, "not enough"],
  [/\bpurchase\b/gi, "buy"],
  [/\bpurchased\b/gi, "bought"],
  [/\bobtain\b/gi, "get"],
  [/\bobtained\b/gi, "got"],
  [/\brequire\b/gi, "need"],
  [/\brequires\b/gi, "needs"],
  [/\bassist\b/gi, "help"],
  [/\bassistance\b/gi, "help"],
  [/\bendeavou?r\b/gi, "try"],
  [/\bmethodology\b/gi, "method"],
  [/\boptimal\b/gi, "best"],
  [/\bsubsequently\b/gi, "later"],
  [/\bconsequently\b/gi, "so"],
  [/\bnevertheless\b/gi, "still"],
  [/\bascertain\b/gi, "find out"],
  [/\bindicate\b/gi, "show"],
  [/\bindicates\b/gi, "shows"],
  [/\bmodify\b/gi, "change"],
  [/\bmodification\b/gi, "change"],
  [/\bmodifications\b/gi, "changes"],
  [/\binitiate\b/gi, "start"],
  [/\binitiated\b/gi, "started"],
  [/\bcommunicate\b/gi, "tell"],
  [/\bremuneration\b/gi, "pay"],
  [/\bexpenditure\b/gi, "spending"],
  [/\bobjective\b/gi, "goal"],
  [/\bobjectives\b/gi, "goals"],
  [/\bimplement\b/gi, "carry out"],
  [/\benhance\b/gi, "improve"],
  [/\benhances\b/gi, "improves"],
  [/\benhanced\b/gi, "improved"],
  [/\bsynergies\b/gi, "joint gains"],
];

const FILLERS =
  /\s(?:very|really|actually|basically|essentially|simply|quite|certainly|clearly|definitely|literally|truly|extremely|highly)\b/gi;

/** The text in plainer words; emphasis marks and figures are kept. */
export function plainWords(text: string): string {
  let s = trimLeadIns(text);
  for (const [pattern, plain] of PLAIN) s = s.replace(pattern, (m) => matchCase(m, plain));
  s = s.replace(/\s*\((?![^()]*\d)[^()]*\)/g, "").replace(FILLERS, "");
  s = s
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .trim();
  return s === text.trim()
    ? text
    : s.replace(/^(\P{L}*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}

/** `plain` with the capital of `original`'s first letter. */
function matchCase(original: string, plain: string): string {
  return /^\p{Lu}/u.test(original) ? plain[0].toUpperCase() + plain.slice(1) : plain;
}
