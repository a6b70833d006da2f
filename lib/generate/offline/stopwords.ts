/**
 * Stopword lists: small hand-kept ones for the languages written in Latin script (they only need to
 * separate content words from glue words for overlap scores, key-phrase boundaries and a rough
 * guess of the source language), and stopwords-iso's for Arabic, Hebrew, Persian, Cyrillic, Greek
 * and Devanagari text.
 */

import stopwordsIso from "stopwords-iso";

const LISTS: Record<string, string> = {
  en: `a about above after again against all almost along already also although always am among an
  and another any anyone anything are around as at be became because become been before being below
  between both but by can cannot could did do does doing done down during each either else enough etc
  even ever every few for from further had has have having he her here hers herself him himself his how
  however i if in into is it its itself just least less let like made make makes many may me might more
  most much must my myself neither no nor not now of off often on once one only onto or other others
  otherwise our ours ourselves out over own per perhaps quite rather really same shall she should since
  so some someone something sometimes still such than that the their theirs them themselves then there
  therefore these they this those though through thus to too toward towards under until up upon us very
  via was we well were what whatever when whenever where whether which while who whom whose why will
  with within without would yet you your yours yourself yourselves`,
  es: `el la los las un una unos unas de del al y o u en con por para que es son fue se su sus lo como
  más pero sin sobre entre también muy ya le les nos este esta estos estas ese esa hay cuando donde`,
  fr: `le la les un une des de du et ou en au aux avec par pour que qui est sont été se sa son ses ce
  cette ces dans sur pas plus mais ne nous vous ils elles il elle leur leurs comme aussi très`,
  de: `der die das den dem des ein eine einer eines einem einen und oder in im mit von zu zum zur für
  auf ist sind war wird werden nicht auch als wie bei aus nach noch nur sich es sie er wir ihr dass`,
  pt: `o a os as um uma de do da dos das e ou em no na nos nas com por para que é são foi se seu sua
  mais mas também muito`,
  it: `il lo gli i una di del della dei delle e ed o in nel nella con per che è sono era si suo sua
  anche più ma non`,
  nl: `de het een en of in op met voor van te dat die is zijn was werd niet ook als bij uit naar om`,
};

/** Words that start or end no key phrase even though they carry some meaning on their own. */
const PHRASE_BREAKERS = `new old many several various important key main major different other same certain good
great better best large small big little high low first second third last next previous recent current
says said say told according include includes including included used using get gets got take
takes took taken give gives gave need needs needed want wants help helps helped find found show shows
showed shown seem seems seemed become becomes keep keeps kept put puts run runs ran work works worked
lead leads led allow allows allowed mean means meant turn turns turned begin began start started
come comes came go goes went going know known think thought see seen look looks way ways thing things
lot lots kind sort part parts number numbers amount year years day days time times today yesterday
able likely possible usually typically especially particularly simply exactly nearly roughly about
instead rather already even far within across
percent per cent million millions billion billions thousand thousands trillion year-over-year

absorb absorbs absorbed release releases released deliver delivers delivered move moves moved call calls
assume assumes assumed offer offers offered rise rises rose fall falls fell grow grows grew bring brings
brought stop stops stopped need needing cover covers covered raise raises raised apply applies applied
replace replaces replaced cut cuts spend spends spent join joins joined hire hires hired propose proposed
argue argues argued support supports supported remove removes removed check checks checked extend
extends extended matter matters mattered handle handles handled receive receives received lose loses lost
close closes closed reduce reduces reduced approve approves approved drop drops dropped send sends sent
learn learns learned ask asks asked make makes made require requires required depend depends depended
improve improves improved pay pays paid save saves saved last lasts lasted sit sits sat produce produces
produced explain explains explained believe believes believed worry worries worried expect expects
expected resist resists resisted spot spots spotted agree agrees agreed remind reminds reminded decide
decides decided confirm confirms confirmed share shares shared finish finishes finished reach reaches
reached try tries tried change changes changed provide provides provided create creates created remain
remains remained stay stays stayed become became track tracks tracked compare compares compared
install installs installed easy hard

one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
thousand million billion dozen half quarter third smaller larger bigger higher lower greater fewer
afterwards alongside meanwhile considerably please thank thanks`;

function toSet(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/**
 * Languages whose stopwords come from stopwords-iso: scripts no other list shares, so joining
 * them to the one set below cannot take a content word of another language for glue.
 */
const ISO_LANGUAGES = ["ar", "fa", "he", "ru", "uk", "bg", "el", "hi"] as const;

/** Stopwords per ISO language code, for the languages the offline generator can segment. */
export const STOPWORDS_BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries([
  ...Object.entries(LISTS).map(([code, list]) => [code, toSet(list)]),
  ...ISO_LANGUAGES.map((code) => [code, new Set((stopwordsIso as Record<string, string[]>)[code] ?? [])]),
]);

export const STOPWORDS: ReadonlySet<string> = new Set(
  Object.values(STOPWORDS_BY_LANGUAGE).flatMap((words) => [...words]),
);
export const BREAKERS: ReadonlySet<string> = toSet(PHRASE_BREAKERS);

/** True for glue words that carry no topic on their own. */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}
