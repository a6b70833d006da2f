// What the offline generator reads out of real pages and how it spreads a short one: a README's
// pictures and badges are not points, a press page's stamp and contact lines are not either, a
// compound adjective is not a verb (so a bullet keeps its main clause), two sections that share a
// slide stand side by side under their own headings, and a short text is not cut into one-sentence
// slides. Texts from the deck-quality corpus (tests/fixtures/corpus, sources.json gives URL and licence).
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { cutForeign } from "@/lib/generate/offline/cut-foreign";
import { findCuts } from "@/lib/generate/offline/find-cuts";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { sentenceVariants, trimLeadIns } from "@/lib/generate/offline/simplify-sentence";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { isPastForm, verbCount } from "@/lib/generate/offline/word-classes";
import { writeBullet } from "@/lib/generate/offline/write-bullet";
import { type TGenerateOptions, ZGenerateOptions } from "@/lib/generate/types";
import { planContentSlides } from "@/lib/generate/write-deck-slides";

const outline = (file: string, extra: Partial<TGenerateOptions> = {}) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content: readCorpusText(file), ...extra })).slides;
const allText = (slides: ReturnType<typeof outline>) =>
  slides.flatMap((s) => [s.title, ...s.bullets, s.body ?? ""]).join("\n");

// "The 2006 prohibition on the use of coal-tar-based pavement sealants in Austin, Texas, has
// resulted in …" (USGS, public domain).
const AUSTIN = "study-usgs-austin-coal-tar-sealant-ban.txt";
const LEAD =
  "The 2006 prohibition on the use of coal-tar-based pavement sealants in Austin, Texas, has resulted in a substantial reduction in polycyclic aromatic hydrocarbons (PAHs), according to a new study by the U.S. Geological Survey.";

describe("page furniture", () => {
  it("drops a README's pictures and badges", () => {
    const text = allText(outline("markdown-readme-vim-7-4.txt"));
    expect(text).not.toMatch(/!\[|Build Status|Coverage Status|vim48x48/);
    expect(text).toContain("Vim is an almost compatible version of the UNIX editor Vi");
  });

  it("drops a press page's stamp and contact lines and reads its summary once", () => {
    const slides = outline(AUSTIN);
    const text = allText(slides);
    expect(text).not.toMatch(/Phone|512-927-3506|06\/16\/2014|Newsroom|Summary:/);
    // The summary restates the first paragraph: the deck says it once.
    expect(text.match(/2006 prohibition/g)).toHaveLength(1);
  });
});

describe("asides", () => {
  it("drops an aside between dashes rather than cut the sentence inside it", () => {
    // "The majority of these fatalities – 8,964 people as reported by the United Nations Office for
    // Coordination of Humanitarian Affairs – are attributed to the magnitude 7.8 earthquake…" (USGS).
    const slides = outline("study-usgs-global-earthquakes-2015.txt");
    const text = allText(slides);
    expect(text).toContain("The majority of these fatalities are attributed to the magnitude 7.8 earthquake");
    expect(text).not.toMatch(/as reported by the United Nations Office$/m);
    // Its stamp line ("U.S. Geological Survey News Feed - February 1, 2016 - 9:34am") and contact are not points.
    expect(text).not.toMatch(/9:34am|News Feed|Koontz|303-202-4763/);
  });
});

describe("main clauses", () => {
  it("does not take a compound adjective for a verb", () => {
    expect(isPastForm("coal-tar-based")).toBe(false);
    expect(isPastForm("state-owned")).toBe(false);
    expect(isPastForm("re-elected")).toBe(true);
    expect(isPastForm("resulted")).toBe(true);
    expect(
      verbCount("The 2006 prohibition on the use of coal-tar-based pavement sealants in Austin, Texas,"),
    ).toBe(0);
  });

  it("keeps the subject's prepositional phrase when its noun only looks like a verb ('on the use of')", () => {
    for (const variant of sentenceVariants(LEAD).keys()) {
      expect(variant).toMatch(/^The 2006 prohibition on the use of coal-tar-based/);
    }
  });

  it("does not cut a sentence before its verb or between a verb and its complement", () => {
    const cuts = findCuts(LEAD, 20).filter((c) => c.bonus > 0);
    expect(cuts.map((c) => c.text)).not.toContain(
      "The 2006 prohibition on the use of coal-tar-based pavement sealants in Austin, Texas",
    );
    expect(cuts.map((c) => c.text)).not.toContain(
      "The 2006 prohibition on the use of coal-tar-based pavement sealants in Austin, Texas, has resulted",
    );
    const bullet = writeBullet(LEAD, "standard", "sentence").text;
    expect(bullet).toMatch(/has resulted in a substantial reduction/);
  });
});

describe("cuts in other languages", () => {
  // Sentences of the VOA Spanish article in the corpus (es-news-voa-cierre-gobierno-record.txt).
  const BUDGET =
    "El presupuesto federal caducó el pasado 22 de diciembre y desde entonces demócratas y republicanos no logran ponerse de acuerdo para aprobar una ley que permita reabrir el gobierno.";

  it("drops a Spanish lead-in connective", () => {
    expect(trimLeadIns("De esta manera, el presidente Trump reiteró que el requisito es el muro.")).toBe(
      "el presidente Trump reiteró que el requisito es el muro.",
    );
  });

  it("cuts before a clause, not inside a pair ('demócratas | y republicanos') nor after 'que' and two words", () => {
    const cut = cutForeign(BUDGET, 19, "es");
    expect(cut?.text).toBe("El presupuesto federal caducó el pasado 22 de diciembre");
    const reported = cutForeign(
      "El presidente Trump reiteró que el requisito para aprobar cualquier legislación es que incluya el financiamiento para el muro, lo cual señaló fue una promesa de campaña.",
      19,
      "es",
    );
    expect(reported?.text ?? "").not.toMatch(/que el requisito$/);
  });
});

describe("slides of two sections", () => {
  it("sets two merged sections side by side, each under its heading", () => {
    const slides = outline("markdown-readme-vim-7-4.txt");
    // A slide whose bullets carry two sections' headings ("Contributing:", "Information:").
    const sections = ["Sponsoring", "Compiling", "Installation", "Contributing", "Information"];
    const merged = slides.find(
      (s) => s.bullets.filter((b) => sections.includes(b.replace(/:$/, ""))).length === 2,
    );
    expect(merged).toBeDefined();
    const headings = merged?.bullets
      .filter((b) => sections.includes(b.replace(/:$/, "")))
      .map((b) => b.slice(0, -1));
    const [planned] = planContentSlides(merged ? [merged] : []);
    expect(planned.layout).toBe("two-column");
    expect(planned.content.columns?.map((c) => c.heading)).toEqual(headings);
    expect(planned.content.columns?.every((c) => (c.bullets?.length ?? 0) > 0)).toBe(true);
  });
});

describe("a short text for many slides", () => {
  it("does not cut a short text into one-sentence slides: fewer, fuller slides instead", () => {
    const slides = outline(AUSTIN, { n_slides: 8 });
    expect(slides.length).toBeLessThan(8);
    // Every slide of the text's own sentences says at least two things or one long sentence
    // (its notes hold the sentences it was made of).
    for (const s of slides.filter((s) => s.title !== "Key Terms")) {
      const words = countWords(plainText(s.notes ?? ""));
      expect(s.bullets.length >= 2 || words >= 25, `${s.title}: ${s.bullets.join(" | ")}`).toBe(true);
    }
  });

  it("still gives a deck of three slides asked of one short text", () => {
    expect(outline(AUSTIN, { n_slides: 3 })).toHaveLength(3);
  });
});
