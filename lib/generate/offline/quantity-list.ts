/**
 * A list whose entries lead with an amount ("2 cups flour", "1/2 teaspoon cinnamon", "5 large
 * bananas") reads best as a two-column table: the amounts in one column, the things in the other.
 */

import { capitalise } from "./title-case";

// ("3 o 4 huevos", "2 or 3 cloves": a choice of two counts is one amount.)
const NUMBER = String.raw`(?:\d+\s+(?:o|or|ou|oder|to|a|à)\s+\d+(?=\s)|\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?|[½¼¾⅓⅔⅛]|\d+\s*[½¼¾⅓⅔⅛])`;
const UNIT = String.raw`(?:cups?|tablespoons?|tbsps?\.?|teaspoons?|tsps?\.?|grams?|g|grs?\.?|kilograms?|kg|mg|millilit(?:er|re)s?|ml|dl|cl|lit(?:er|re)s?|l|ounces?|oz|pounds?|lbs?|pinch(?:es)?|dash(?:es)?|cloves?|cans?|packets?|pieces?|slices?|sticks?|handfuls?|sprigs?|bunch(?:es)?|drops?|pints?|quarts?|gallons?|EL|TL|cucharadas?|cucharaditas?|tazas?|gramos?|cuill(?:è|e)res?\s+(?:à|a)\s+(?:soupe|café)|Prise|Stück|Tassen?)`;
const AMOUNT = new RegExp(String.raw`^\s*(${NUMBER}(?:\s*${UNIT}\.?(?![\p{L}]))?)\s+(\S.*)$`, "iu");

/** Share of entries that must lead with an amount. */
const SHARE = 0.75;
const MIN_ENTRIES = 4;
const MAX_WORDS = 10;

/** A list named so is what a recipe needs: half of it with amounts ("salt", "milk (optional)") is enough. */
const INGREDIENTS =
  /^(?:ingredients?|ingredientes?|ingrédients?|zutaten|ingredienti|what you(?:['’]ll)? need)\b/i;
const INGREDIENTS_SHARE = 0.5;

/**
 * [amount, thing] rows when most of `entries` lead with an amount (half of them, under a name
 * such as "Ingredients"); null otherwise.
 */
export function quantityRows(entries: readonly string[], name?: string): string[][] | null {
  if (entries.length < MIN_ENTRIES) return null;
  if (entries.some((e) => e.trim().split(/\s+/).length > MAX_WORDS)) return null;
  const rows = entries.map((entry) => {
    const m = AMOUNT.exec(entry);
    // "2019 Launch of the new site": a year leads a dated entry, not an amount.
    return m && !/^(?:1\d{3}|20\d{2})$/.test(m[1])
      ? [m[1].replace(/\s+/g, " "), capitalise(thing(m[2]))]
      : ["", capitalise(entry.trim())];
  });
  const amounts = rows.filter((r) => r[0] !== "").length;
  const share = name && INGREDIENTS.test(name.trim()) ? INGREDIENTS_SHARE : SHARE;
  return amounts >= entries.length * share ? rows : null;
}

/**
 * The thing an amount measures, without the "of" that joins them ("200 gramos de harina.",
 * "2 cups of flour", "100 g d'amandes") or the entry's full stop.
 */
function thing(text: string): string {
  return text
    .trim()
    .replace(/^(?:of|de|del|d['’]|di)\s*(?=\p{L})/iu, "")
    .replace(/\.$/, "")
    .trim();
}
