// A list of named entries becomes cards; a reStructuredText list table becomes a table; a deck of
// long text slides gives pictures to those shorter than most of its slides. Texts from the corpus
// (tests/fixtures/corpus/sources.json gives their sources and licences): the 18F guide's "**No
// product owner:** agency won't…" list, Espressif's reStructuredText guide with its
// ".. list-table::" and "^^^" headings, the PEP's dated schedule.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { readSource } from "@/lib/generate/offline/read-source";
import { plainText } from "@/lib/generate/offline/tokenize";
import { parseBlocks } from "@/lib/generate/parse-blocks";
import { ZGenerateOptions } from "@/lib/generate/types";
import { planContentSlides } from "@/lib/generate/write-deck-slides";

const outline = (file: string, n?: number) =>
  generateOfflineOutline(
    ZGenerateOptions.parse({ content: readCorpusText(file), ...(n ? { n_slides: n } : {}) }),
  ).slides;
/** The outline's slides with the layout each gets (as "Label: text" bullets, cards are icons-grid). */
const laidOut = (file: string, n?: number) => {
  const slides = outline(file, n);
  const planned = planContentSlides(slides);
  return slides.map((s, i) => ({ ...s, layout: planned[i].layout }));
};

describe("a numbered list of whom to turn to", () => {
  it("is a slide of numbered cards in the list's order, each named by its subject in bold", () => {
    const slides = laidOut("markdown-guide-18f-projects-in-distress.txt");
    const cards = slides.find((s) => s.title === "Sources for partner leadership and support for the team");
    expect(cards?.layout).toBe("icons-grid");
    expect(cards?.bullets.map((b) => b.split(":")[0])).toEqual([
      "1. Account Manager",
      "2. Director of Account Management",
      "3. Chief of Delivery",
      "4. Deputy and Executive Director",
    ]);
    expect(cards?.bullets[1]).toMatch(/: Can be an escalation path/);
    // The list's sentences are the cards': no other slide repeats them.
    const elsewhere = slides.filter((s) => s !== cards).flatMap((s) => s.bullets);
    expect(elsewhere.join(" ")).not.toMatch(/escalation path/);
  });

  it("shows a site generator's tag as the words the page shows ('{% slack_channel … %}')", () => {
    const units = readSource(readCorpusText("markdown-guide-18f-projects-in-distress.txt")).units;
    const texts = units.map((u) => u.text).join("\n");
    expect(texts).not.toMatch(/\{%|%\}/);
    expect(texts).toContain("The **Consulting Guild (#g-consulting)** - get first-line project support");
  });
});

describe("a list of named entries", () => {
  it("is a slide of cards: each entry's name over the first sentence it says", () => {
    const slides = laidOut("markdown-guide-18f-projects-in-distress.txt");
    const cards = slides.find((s) => s.layout === "icons-grid" && !/^1\. /.test(s.bullets[0]));
    // Titled by the sentence that introduces the list; the part's heading stays with its other sentences.
    expect(cards?.title).toBe("Signs the project should be paused");
    // Each within the verbosity's word budget, name included; an entry whose text would be cut to
    // a phrase that no longer says it ("You cannot engage members of groups") is left out.
    expect(cards?.bullets.map((b) => plainText(b))).toEqual([
      "No product owner: Agency won’t provide dedicated resources for product ownership",
      "Disempowered PO: PO cannot make decisions or remove barriers; decisions are regularly reversed",
      "Partner request: Partner wants to pause due to budget constraints, shift in legal mandates, government shutdown, etc.",
    ]);
    expect(slides.some((s) => s.title === "When is pausing a project appropriate?")).toBe(true);
    // No other slide repeats an entry the cards show.
    const others = slides.filter((s) => s !== cards).flatMap((s) => s.bullets.map((b) => plainText(b)));
    expect(others.some((b) => b.startsWith("No product owner"))).toBe(false);
  });

  it("keeps the cards whole: an entry whose sentence would end on a dangling word is left out", () => {
    // (Seven content slides, as the API's default of eight slides with the cover makes.)
    const slides = laidOut("comparison-restructuredtext-vs-markdown.txt", 7);
    const cards = slides.find((s) => s.layout === "icons-grid");
    expect(cards?.title).toBe("Build Packages for Markdown");
    const names = cards?.bullets.map((b) => plainText(b).split(":")[0]);
    // "mdBook: A command-line tool to create books with Markdown, ideal…" would end on "ideal".
    expect(names).toEqual(["VitePress", "Starlight", "MkDocs"]);
  });

  it("is not cards when its entries are dates: a schedule is the timeline's", () => {
    const slides = laidOut("long-release-plan-pep-602-annual-cycle.txt", 12);
    expect(slides.some((s) => s.layout === "icons-grid")).toBe(false);
  });
});

describe("reStructuredText", () => {
  it("reads a list table as a table, and an example table of placeholders not at all", () => {
    const slides = outline("comparison-restructuredtext-vs-markdown.txt");
    const table = slides.find((s) => s.table);
    expect(table?.title).toBe("Comparison table");
    expect(table?.table?.header).toEqual(["Dimension", "reStructuredText", "Markdown"]);
    expect(table?.table?.rows[0]).toEqual([
      "Learning curve",
      "Higher; more syntax and concepts",
      "Lower; simpler syntax to start writing",
    ]);
    // Inline literals lose their doubled backticks.
    expect(table?.table?.rows[1][1]).toBe(
      "Built-in extensibility via Sphinx `roles`/`directives` and extensions",
    );
    expect(slides.some((s) => s.table?.header.includes("Column 1"))).toBe(false);
  });

  it("reads a line underlined with ^^^ as a heading", () => {
    const blocks = parseBlocks(
      "Build Packages for Markdown\n^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\nFor `.md` sources, several SSG options are available.",
    );
    expect(blocks[0]).toEqual({ kind: "heading", level: 3, text: "Build Packages for Markdown" });
    const source = readSource(readCorpusText("comparison-restructuredtext-vs-markdown.txt"));
    expect(source.sections.map((s) => s.heading)).toContain("Build Packages for reStructuredText");
  });

  it("reads a role's text before sentences are split: a full stop inside it ends nothing", () => {
    const source = readSource(readCorpusText("comparison-restructuredtext-vs-markdown.txt"));
    const texts = source.units.map((u) => u.text);
    expect(texts.some((t) => t.includes(":doc:"))).toBe(false);
    expect(texts).toContain(
      "See ESP-Docs & Espressif Server v.s. Sphinx & Read the Docs for details on choosing the right combination.",
    );
  });
});

describe("pictures on a deck of long slides", () => {
  it("go beside the slides shorter than most of the deck's, and the deck shows four layouts", () => {
    const slides = outline("markdown-guide-18f-projects-in-distress.txt");
    const layouts = planContentSlides(slides).map((s) => s.layout);
    expect(layouts.filter((l) => l === "image-left" || l === "image-right").length).toBeGreaterThan(0);
    expect(new Set(layouts).size).toBeGreaterThanOrEqual(4);
  });
});

describe("a glossary typed as paragraphs", () => {
  // The start of a glossary page as it was copied (https://qeeebo.com/questions/glo/88/de2/glossary-of-energy-efficiency-terms-with-definitions,
  // quoted in part): a question page's "Q." title, a name line, then one "Term: text" paragraph per entry.
  const glossary = [
    "Q. Glossary of Energy Efficiency terms with definitions?",
    "An alphabetized glossary of 239 energy efficiency terms with concise definitions.",
    "This glossary provides concise definitions of essential energy efficiency terms for professionals, students, and anyone interested in sustainable energy use.",
    "Energy Efficiency Glossary",
    "Absorption Chiller: Cooling system using heat to drive refrigeration, often powered by waste heat or solar energy.",
    "Active Solar Heating: System using mechanical devices to collect, store, and distribute solar energy for heating.",
    "Air Changes per Hour (ACH): Number of times the air within a space is replaced in one hour.",
    "Air Infiltration: Uncontrolled leakage of air into a building through cracks and openings.",
    "Air Sealing: Process of reducing unwanted air leakage in buildings to improve energy efficiency.",
    "Alternative Energy: Energy derived from non-fossil fuel sources, such as solar, wind, or geothermal.",
    "Ampere (Amp): Unit of electric current; measures the flow of electric charge.",
    "Annual Fuel Utilization Efficiency (AFUE): Percentage of fuel converted to heat in a furnace or boiler over a year.",
    "Appliance Standards: Regulations setting minimum energy efficiency requirements for appliances.",
    "Ballast: Device regulating current to fluorescent or HID lamps for efficient operation.",
  ].join("\n\n");

  it("reads its entries as one list, not as parts headed by their terms", () => {
    const source = readSource(glossary);
    expect(source.title).toBe("Glossary of Energy Efficiency terms with definitions?");
    const entries = source.units.filter((u) => u.kind === "item");
    expect(entries).toHaveLength(10);
    expect(new Set(entries.map((u) => u.group)).size).toBe(1);
    expect(source.sections.every((s) => s.heading === undefined)).toBe(true);
  });

  it("shows its entries as cards named by the line above them, on two slides in a row", () => {
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content: glossary, n_slides: 4 })).slides;
    const planned = planContentSlides(slides);
    const cards = slides.filter((_, i) => planned[i].layout === "icons-grid");
    expect(cards.map((c) => c.title)).toEqual([
      "Energy Efficiency Glossary",
      "Energy Efficiency Glossary (cont.)",
    ]);
    expect(slides.indexOf(cards[1])).toBe(slides.indexOf(cards[0]) + 1);
    const names = cards.map((c) => c.bullets.map((b) => plainText(b).split(":")[0]));
    expect(names[0]).toEqual([
      "Absorption Chiller",
      "Active Solar Heating",
      "Air Changes per Hour (ACH)",
      "Air Infiltration",
      "Air Sealing",
    ]);
    expect(names[1]).toEqual(["Alternative Energy", "Ampere (Amp)", "Appliance Standards", "Ballast"]);
    // AFUE's text does not fit a card without a cut that would lose what it says: its slide is
    // named by its name, said once.
    const afue = slides.find((s) => s.title === "Annual Fuel Utilization Efficiency (AFUE)");
    expect(afue?.bullets.map((b) => plainText(b))).toEqual(["Percentage of fuel converted to heat"]);
  });

  it("lists none of its entries again as a bare key term", () => {
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content: glossary, n_slides: 5 })).slides;
    const names = ["absorption chiller", "alternative energy", "air sealing", "ballast", "ampere"];
    const terms = slides.find((s) => s.title === "Key Terms")?.bullets ?? [];
    expect(terms.filter((t) => names.some((n) => n.includes(t.toLowerCase())))).toEqual([]);
  });
});

describe("the sentence that introduces a list", () => {
  it("keeps its colon above the list when it goes on into it, and ends on a full stop otherwise", () => {
    const rst = outline("comparison-restructuredtext-vs-markdown.txt").find(
      (s) => s.title === "Step by step",
    );
    expect(rst?.body).toBe("With ESP-Docs, you can even extend this functionality when you:");
    const grants = outline("howto-grants-gov-funding-eligibility-tips.txt").find((s) =>
      s.body?.startsWith("Here are"),
    );
    expect(grants?.body).toMatch(/[^:]\.$/);
  });
});
