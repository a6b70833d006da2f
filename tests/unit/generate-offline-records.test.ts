// Minutes and agendas of public bodies, pasted as their pages copy out: a title set in lines of
// capitals above the date, parts headed by labels in capitals, motions and votes, a signature.
// Short excerpts of public records found with the search tool's pages corpus, quoted with their
// addresses; the Pelham minutes and the Tustin agenda are corpus texts
// (tests/fixtures/corpus/sources.json).
// - http://www.holdenma.gov/board-of-selectmen/minutes/board-of-selectmen-february-6-2017
// - http://www.docstoc.com/docs/26378137/BOARD-OF-SELECTMEN (minutes of April 17, 2000, under a
//   document host's own lines)
// - https://cmsarchive.civicplus.com/Newton%20NH/NewtonNH_SelectMin/2014/S04D68364/default.htm
// - https://cmsarchive.civicplus.com/Wellfleet%20MA/WellfleetMA_SelectMin/2005%20BOS%20Minutes/S005645D8^Access=1/default.htm.htm
// - https://cmsarchive.civicplus.com/Stow%20MA/StowMA_SelectMin/2006%20Minutes%20Archive/S0095F18C/default.htm
import { describe, expect, it } from "vitest";
import { generateLikeApi, readCorpusText } from "@/bench/lib/corpus-decks";
import { fromCapitals, readWrittenCase } from "@/lib/generate/offline/capitals-case";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { readSource } from "@/lib/generate/offline/read-source";
import { plainText } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const HOLDEN = `Board of Selectmen, February 6, 2017

Meeting date: 
Monday, February 6, 2017

HOLDEN BOARD OF SELECTMEN

MEETING MINUTES

FEBRUARY 6, 2017

 

Present: Chairman Anthony Renzoni, Geri Herlihy, Tim Ethier, Jeremy Kurtz, Erik Scheinfeldt

Chairman Renzoni called the meeting to order at 6:30PM.  The Board stood to recite the Pledge of Allegiance.

Vote on ABCC Population Form

Mr. Lukes stated that this was an estimate with regards to population that the Town needed to submit to the ABCC. 

Chairman Renzoni stated that it was an estimate that adjusted the population from the 2010 census.`;

const DOCSTOC = `Docstoc

BOARD OF SELECTMEN

Document Sample
BOARD OF SELECTMEN Powered By Docstoc
\t\t\t\t\tBoard of Selectmen
April 17, 2000
Page 1



                        BOARD OF SELECTMEN
                            MEETING MINUTES
                              April 17, 2000


                         ***** DRAFT *****

3. NEW BUSINESS

Transfer Station - Mr. Barrett presented the Board with a contract/estimate for the
overhead Door at the Transfer Station. Mr. Barrett explained that one of the
hauling contractors pulled out and damaged the door. The estimate is in the
amount of $1590.00 for purchasing materials and the installation.`;

const NEWTON = ` |
NEWTON BOARD OF SELECTMEN
DATE: TUESDAY, SEPTEMBER 4, 2014
TIME: 6PM
LOCATION: POLICE DEPARTMENT, 8 MERRIMAC ROAD
PUBLIC MEETING MINUTES
- Call to Order, Roll Call Vote
Chairman Donovan opened the meeting at 6pm. In attendance were Selectmen Robert S. Donovan, Jr., James L. Doggett, Matthew A. Burrill, Lawrence B. Foote, Charles R. Melvin, Sr., and Town Administrator Nancy J. Wrigley and Alan Gould, MRI. Minutes were transcribed and typed by Town Administrator Nancy J. Wrigley.
Nonpublic Session under RSA 91-A:3 II (b) – Fire Department
Selectman Donovan moved to go into Nonpublic Session under RSA 91-A:3 II (b) – Fire Department. Second by Doggett, passed with a unanimous roll call vote: Donovan - aye, Doggett - aye, Burrill - aye, Foote - aye, Melvin - aye.
Selectman Doggett moved to close the non-public meeting at 9:18 pm. Second by Selectman Donovan, with a roll call vote: Donovan - yea, Doggett - yea, Burrill – yea. ~The Selectmen reserve the right to keep all matters confidential until in the opinion of the majority of the members the circumstances no longer apply.
Chairman Donovan moved to adjourn at 9:19 pm. Second by Selectman Doggett with a unanimous vote.
Respectfully submitted,
Nancy J. Wrigley
Town Administrator
|  |`;

const WELLFLEET = ` |
Board of Selectmen
Town Hall Conference Room
March 16, 2005
Minutes
The meeting was called to order at 7:00 p.m. by Chairman Ira Wood. Selectmen present included Michael May, Dale Donovan, Helen Miranda Wilson and Jerry Houk. Town Administrator Tim Smith also attended.
Wood reconvened the meeting in open session at 8:24 p.m.
On a motion by Houk, seconded by Donovan, the Board voted 4-1, with Wilson voting against, to authorize the Town Administrator, or his agent, to conduct an inquiry into the conduct or management of the Fire Department.
Donovan suggested that the Board consider reordering the ATM warrant articles separating them by categories and placing the standard annual articles at the end of the warrant.
On a motion by Donovan, seconded by Houk, the Board voted unanimously to adjourn at 8:40 p.m.`;

const STOW = `Skip Navigation
This table is used for column layout.
 
Selectmen Minutes, May 10, 2006



MINUTES
BOARD OF SELECTMEN
May 10, 2006


Present at the meeting that was held at the Town Building were Selectmen Stephen Dungan, Carole Makary, and Janet Wheeler and newly elected Selectmen Jason Robart and Thomas Ruggiero.

Ms. Wheeler asked for any discussion, at which time Mr. Robart said he had intended to make a motion that Mr. Dungan serve as chairman. He cited Mr. Dungan’s experience and demeanor as valuable to the position.

Mr. Ruggiero said it was his experience that different committees used different criteria to select chairmen and that chairs should be selected because they were the best people to run meetings, not because they were the most tenur`;

const slidesOf = async (content: string) => {
  const { deck } = await generateLikeApi(content);
  return {
    title: deck.title,
    slides: deck.slides
      .filter((s) => s.layout !== "title")
      .map((s) => ({
        title: plainText(s.content.title ?? ""),
        lines: [
          ...(s.content.bullets ?? []),
          ...(s.content.items ?? []).flatMap((i) => [i.title, i.body ?? ""]),
        ].map((b) => plainText(b)),
      })),
  };
};
const allText = (deck: Awaited<ReturnType<typeof slidesOf>>) =>
  deck.slides.flatMap((s) => [s.title, ...s.lines]).join("\n");

describe("a record's title", () => {
  it("joins a title set in lines of capitals, the record's kind last and its date after it", () => {
    expect(readSource(HOLDEN).title).toBe("Holden Board of Selectmen Meeting Minutes, February 6, 2017");
    expect(readSource(STOW).title).toBe("Board of Selectmen Minutes, May 10, 2006");
    expect(readSource(readCorpusText("minutes-pelham-selectmen-2002-11-26.txt")).title).toBe(
      "Town of Pelham Board of Selectmen Meeting Minutes, November 26, 2002",
    );
    expect(readSource(readCorpusText("agenda-tustin-planning-commission-2019-09-24.txt")).title).toBe(
      "Tustin Planning Commission Regular Meeting, September 24, 2019",
    );
  });

  it("passes over the page's own lines above the title (its host, 'Document Sample', 'Page 1')", () => {
    expect(readSource(DOCSTOC).title).toBe("Board of Selectmen Meeting Minutes, April 17, 2000");
  });

  it("reads a head of lines in any case: body, room, date, kind", () => {
    expect(readSource(WELLFLEET).title).toBe("Board of Selectmen Minutes, March 16, 2005");
  });

  it("leaves a document whose first line is a sentence's title alone", () => {
    const text = "The Hoover Dam Story\n\nCONSTRUCTION BEGAN\nIN 1931\n\nThe dam was built in five years.";
    expect(readSource(text).title).toBe("The Hoover Dam Story");
  });
});

describe("headings in capitals", () => {
  it("take the case the text writes their words in, acronyms kept", () => {
    const written = readWrittenCase(
      "Mr. Lukes said the Town must submit it to the ABCC.\nVOTE ON ABCC POPULATION FORM",
    );
    expect(fromCapitals("VOTE ON ABCC POPULATION FORM", written, "en")).toBe("Vote on ABCC Population Form");
    // A label before its text ("ROLL CALL: Commissioners…") is no evidence of an acronym.
    const labels = readWrittenCase("ROLL CALL: Commissioners Chu and Mason\nCALL TO ORDER: 7:00 p.m.");
    expect(fromCapitals("CALL TO ORDER", labels, "en")).toBe("Call to Order");
    expect(fromCapitals("RSA 91-A REVIEW", readWrittenCase(""), "en")).toBe("RSA 91-A Review");
  });

  it("make slide titles of a record's parts, its repeated labels joined to their text", async () => {
    const deck = await slidesOf(readCorpusText("minutes-pelham-selectmen-2002-11-26.txt"));
    const titles = deck.slides.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(["Present", "Minutes Review", "Appointments"]));
    expect(titles.some((t) => /^[A-Z\s]{6,}$/.test(t))).toBe(false);
    // "Mr. Farris-Yes; …", the roll call's line, is no title.
    expect(titles.some((t) => t.includes(";"))).toBe(false);
    const text = allText(deck);
    expect(text).toContain("Motion: (Derby/Lynde) To approve the November 19, 2002 minutes as amended");
    // "The motion carries.Mr. Bergeron abstained.": the space lost after the full stop is put back.
    expect(text).toContain("Mr. Bergeron abstained");
    expect(text).not.toMatch(/carries\.?Mr|\bMr$/m);
    // The list of members runs over a line break after a comma: its last name stays.
    expect(text).toContain("Mr. Richard Derby");
    // "OPEN FORUM / None.": nothing to say is not a point.
    expect(deck.slides.flatMap((s) => s.lines)).not.toContain("None");
  });

  it("head an agenda's parts, a wrapped paragraph not running on into the next label", async () => {
    const deck = await slidesOf(readCorpusText("agenda-tustin-planning-commission-2019-09-24.txt"));
    const titles = deck.slides.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(["Public Concerns", "Consent Calendar", "Adjournment"]));
    const text = allText(deck);
    expect(text).not.toContain("Mason PUBLIC CONCERNS");
    expect(text).toContain("Recommendation: That the Planning Commission");
    // The page's running foot is not a point.
    expect(text).not.toContain("Page 1 of 2");
  });
});

describe("an agenda's numbered items", () => {
  it("are listed in order on one slide, an item with no text under it too", async () => {
    const { deck } = await generateLikeApi(
      readCorpusText("agenda-tustin-planning-commission-2019-09-24.txt"),
    );
    const agenda = deck.slides.find((s) => s.content.title === "Agenda");
    // (Read as figures, the items' numbers made a column chart of 1, 2, 3, 4.)
    expect(agenda?.layout).not.toBe("chart");
    expect(agenda?.content.bullets?.map((b) => plainText(b))).toEqual([
      "1. Seating of Commissioner Chu",
      "2. Planning Commission Reorganization",
      "3. Approval of Minutes — September 10, 2019",
      "4. Commendation Nomination for 355-365 El Camino Real",
    ]);
  });

  it("are no agenda outside a meeting's record", () => {
    const howTo =
      "# Baking bread\n\n## 1. Mix\n\nMix the flour.\n\n## 2. Knead\n\nKnead it.\n\n## 3. Bake\n\nBake it.";
    expect(readSource(howTo).numberedParts).toEqual(["Mix", "Knead", "Bake"]);
    const outline = generateOfflineOutline(ZGenerateOptions.parse({ content: howTo, n_slides: 5 }));
    expect(outline.slides.some((s) => s.title === "Agenda")).toBe(false);
  });
});

describe("a motion shortened", () => {
  it("loses its mover and seconder together, never leaving 'Seconded by May,' to open the point", () => {
    const short = compressSentence(
      "On a motion by Donovan, seconded by Houk, the Board voted unanimously to adjourn at 8:40 p.m.",
      { maxWords: 10, allowOver: 3, keepPeriod: false },
    ).text;
    expect(short).toBe("The Board voted unanimously to adjourn at 8:40 p.m.");
  });
});

describe("the rest of a pasted record", () => {
  it("reads a lone dash-marked line as the heading of the paragraphs under it", () => {
    const source = readSource(NEWTON);
    expect(source.sections.map((s) => s.heading)).toContain("Call to Order, Roll Call Vote");
    const opening = source.units.find((u) => u.text.startsWith("Chairman Donovan opened"));
    expect(opening?.kind).toBe("sentence");
  });

  it("keeps a paragraph's label off the numbered list after it, but not off a list it introduces", () => {
    const minutes = readSource(
      "GUESTS: Leon Methot, Bob Christianson, John McCausland, Sally Watson.\n\n1. The Board of Selectmen’s meeting was held at the Town Office Building.\n2. The Selectmen reviewed and signed manifests totaling $133,679.21.",
    );
    const items = minutes.units.filter((u) => u.kind === "item").map((u) => u.text);
    expect(items).toHaveLength(2);
    for (const item of items) expect(item).not.toMatch(/^GUESTS/);
    const options = readSource("Option A: cache the last 30 days.\n\n- Fast reads\n- Stale data after a day");
    expect(options.units.filter((u) => u.kind === "item").map((u) => u.text)).toEqual([
      "Option A: Fast reads",
      "Option A: Stale data after a day",
    ]);
  });

  it("cases a field's value in capitals on every line it wraps onto", () => {
    const present = `PRESENT: A. CRAIG SLATTUM, CHAIRMAN;      DOUGLAS R. COOK,
SELECTMAN; JONATHAN M. WALLACE, SELECTMAN; EDWARD BARRETT,
TOWN ADMINISTRATOR; LAURA PETRAIN, RECORDING SECRETARY.

GUESTS: Leon Methot, Bob Christianson, John McCausland, Sally Watson.`;
    expect(readSource(present).units[0].text).toBe(
      "PRESENT: A. Craig Slattum, Chairman; Douglas R. Cook, Selectman; Jonathan M. Wallace, Selectman; Edward Barrett, Town Administrator; Laura Petrain, Recording Secretary.",
    );
  });

  it("joins a form's values set in a column under the first to their label", async () => {
    const holden = `${HOLDEN.split("Chairman Renzoni called")[0]}Others Present:            Peter Lukes, Assistant Town Manager

                                    Steve Madaus, Town Counsel (6:32PM)

                                    Liz Fotos, Town Recorder

Chairman Renzoni called the meeting to order at 6:30PM.  The Board stood to recite the Pledge of Allegiance.`;
    expect(readSource(holden).units.map((u) => u.text)).toContain(
      "Others Present: Peter Lukes, Assistant Town Manager; Steve Madaus, Town Counsel (6:32PM); Liz Fotos, Town Recorder",
    );
    const deck = await slidesOf(holden);
    // (Each value stood alone as a heading: "Liz Fotos, Town Recorder" titled a slide.)
    expect(deck.slides.map((s) => s.title)).not.toContain("Liz Fotos, Town Recorder");
  });

  it("drops the signature and a stray mark, and cases a field's value in capitals", async () => {
    const text = allText(await slidesOf(NEWTON));
    expect(text).not.toMatch(/Respectfully submitted/);
    expect(text).not.toContain("~");
    expect(text).toContain("Tuesday, September 4, 2014");
  });

  it("names no participant as a key term", async () => {
    const deck = await slidesOf(WELLFLEET);
    const terms = deck.slides.find((s) => s.title === "Key Terms")?.lines ?? [];
    for (const name of ["Donovan", "Wilson", "Houk", "Chairman Donovan"]) expect(terms).not.toContain(name);
  });

  it("drops a page's navigation and layout notes, and never ends a cut copy on a title", async () => {
    const deck = await slidesOf(STOW);
    const text = allText(deck);
    expect(text).not.toMatch(/Skip Navigation|column layout/);
    expect(deck.slides.flatMap((s) => s.lines).some((l) => /^(?:Mr|Ms|Dr)\.?$/.test(l))).toBe(false);
  });
});
