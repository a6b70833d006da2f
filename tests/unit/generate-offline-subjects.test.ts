// A slide is titled by the subject its first sentence opens on; a sentence is not cut before the
// list its colon opens, nor down to a phrase without its verb; a key term is a whole term.
// Corpus texts: tests/fixtures/corpus/sources.json. The short quotations below are from pages of
// the search tool's pages corpus, each named by its address.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { nounPhraseTitles } from "@/lib/generate/offline/noun-phrase-titles";
import { plainText } from "@/lib/generate/offline/tokenize";
import { writeBullet } from "@/lib/generate/offline/write-bullet";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) })).slides;

// https://wisegeek.net/what-is-involved-in-a-product-launch.htm
const STAGES =
  "There are four stages to a product launch: target advertising, logistics, product placement, and marketing strategy.";
const TARGET =
  "Target advertising is planned and tested at least two months before the product launch.\nLocal market research testing is done is each major city to test consumer response to the product and the campaign.";
const LOGISTICS =
  "Logistics is the management of the physical movement of the product.\nShelf space location and the arrival of the material on store shelves on a specific date require coordination.";

describe("a slide's title", () => {
  // The other slides name the launch and its advertising too: the subject still titles its slide.
  const background = ["product launch advertising campaigns launch advertising"];

  it("is the subject its first sentence opens on, however often other slides name it", () => {
    expect(nounPhraseTitles(TARGET, background, new Set(), "en")[0]).toBe("Target Advertising");
  });

  it("counts the kinds a sentence announces ('There are four stages to…')", () => {
    expect(nounPhraseTitles(STAGES, background, new Set(["product", "launch"]), "en")[0]).toBe(
      "Four Stages to a Product Launch",
    );
  });

  it("is one word when the sentence defines it ('Logistics is the management of…')", () => {
    expect(nounPhraseTitles(LOGISTICS, background, new Set(), "en")[0]).toBe("Logistics");
  });

  it("is no subject that runs into a name ('Selectmen present included Michael May')", () => {
    // Wellfleet Board of Selectmen minutes, March 16, 2005 (a public record).
    const text = "Selectmen present included Michael May, Dale Donovan, Helen Miranda Wilson and Jerry Houk.";
    expect(nounPhraseTitles(text, [], new Set(), "en")).not.toContain("Selectmen Present Included Michael");
  });

  it("names the lead institutions a grant announcement lists (NSF science and technology centers)", () => {
    const slides = outline(readCorpusText("grant-nsf-science-technology-centers-2002.txt"));
    const lead = slides.find((s) =>
      s.bullets.some((b) => b.startsWith("Expected lead institutions include")),
    );
    expect(lead?.title).toBe("Expected Lead Institutions");
  });
});

describe("a shortened sentence", () => {
  it("keeps the list its colon opens: the list is what it says", () => {
    const short = compressSentence(STAGES, { maxWords: 15, allowOver: 3, keepPeriod: false });
    expect(short.text).toBe(STAGES.replace(/\.$/, ""));
  });

  it("is shown whole rather than cut down to a phrase without its verb", () => {
    // https://diversification.com/term/product-launch
    const sentence =
      "The rise of industrialization in the 19th and 20th centuries, leading to mass consumer markets, further solidified the importance of carefully planned product introductions.";
    expect(writeBullet(sentence, "standard", "sentence").text).toMatch(/further solidified the importance/);
  });
});

describe("clauses split apart", () => {
  it("leave no noun phrase alone that shares the verb before it", () => {
    // http://swst.web.arizona.edu/SIG/tutorials/evaluate/types.htm
    const text = [
      "Different Types of Sites",
      "",
      "Personal web sites are sites provided by an individual; these sites do not represent a larger organization, but the interests of the person who created them. Personal sites run the gamut from sites featuring photographs of family, to “blogs” or online journals, to sites containing professional information.",
      "",
      "Commercial web sites represent private organizations. Often commercial web sites exist to sell products online, although sometimes they merely contain information about a company or product.",
    ].join("\n");
    const bullets = outline(text, 5).flatMap((s) => s.bullets.map(plainText));
    expect(bullets.filter((b) => /^The interests of the person/i.test(b))).toEqual([]);
  });
});

describe("a key term", () => {
  it("is never the front of a longer one ('Sewer Overflow' of 'Sewer Overflow and Stormwater Reuse…')", () => {
    const text = readCorpusText("grant-epa-52m-stormwater-grants-2022.txt");
    for (const n of [undefined, 12]) {
      const terms = outline(text, n)
        .filter((s) => s.title === "Key Terms")
        .flatMap((s) => s.bullets.map((b) => plainText(b).split(" — ")[0]));
      expect(terms).not.toContain("Sewer Overflow");
      expect(terms).not.toContain("Available grant");
    }
  });
});
