// Pages copied from the web type one paragraph per line: each line is a paragraph, a paragraph
// that is all quotation is a quote slide with who said it, two paragraphs that bring on "Argument
// A" and "Argument B" are compared, and a recipe's infinitives are its steps.
// Sources and licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { quantityRows } from "@/lib/generate/offline/quantity-list";
import { readSource } from "@/lib/generate/offline/read-source";
import { plainText } from "@/lib/generate/offline/tokenize";
import { writeBullet } from "@/lib/generate/offline/write-bullet";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) }));

describe("an opinion column copied one paragraph per line (Iowa State Daily)", () => {
  const text = readCorpusText("opinion-iowa-state-daily-opinions-matter.txt");

  it("reads each line that ends a sentence as a paragraph of its own", () => {
    const units = readSource(text).units;
    const groupOf = (start: string) => units.find((u) => u.text.startsWith(start))?.group;
    expect(groupOf("Argument A steps up")).toBe(groupOf("It is written passionately"));
    expect(groupOf("Then Argument B takes the stage")).not.toBe(groupOf("Argument A steps up"));
    expect(groupOf("There are plenty of metaphors")).not.toBe(groupOf("These sentiments were part"));
  });

  it("shows the opening quotation whole, said by the justice the next paragraph names", () => {
    for (const n of [undefined, 5, 12]) {
      const deck = outline(text, n);
      const quote = deck.slides.find((s) => s.quote)?.quote;
      expect(quote?.text).toMatch(/^The ultimate good desired .* the theory of our Constitution\.$/);
      expect(quote?.attribution).toBe("Justice Oliver Wendell Holmes Jr.");
      // Its sentences are not also the cover's subtitle.
      expect(deck.subtitle ?? "").not.toMatch(/best test of truth/);
    }
  });

  it("compares Argument A with Argument B, each side with its own paragraph's points", () => {
    for (const n of [undefined, 5, 12]) {
      const slides = outline(text, n).slides;
      const comparison = slides.find((s) => s.title === "Argument A vs Argument B");
      const bullets = (comparison?.bullets ?? []).map((b) => plainText(b));
      expect(bullets).toContain("Argument A: It is written passionately with strong words and high energy");
      expect(bullets).toContain(
        "Argument B: It holds a firm position but shies away from emotional language",
      );
      expect(bullets.filter((b) => b.startsWith("Argument A:")).length).toBeGreaterThanOrEqual(2);
      expect(bullets.filter((b) => b.startsWith("Argument B:")).length).toBeGreaterThanOrEqual(2);
      // The sentence that only brings an argument on is not one of its points.
      expect(bullets.join("\n")).not.toMatch(/takes the podium|takes the stage/);
    }
  });
});

describe("a hard-wrapped README paragraph", () => {
  it("stays one paragraph: a line that ends a sentence inside it is no paragraph break", () => {
    // (Vim's README: "…and some other systems." ends a line; "This README.md file…" goes on.)
    const units = readSource(readCorpusText("markdown-readme-vim-7-4.txt")).units;
    const groupOf = (start: string) => units.find((u) => plainText(u.text).startsWith(start))?.group;
    expect(groupOf("There are separate distributions")).toBeDefined();
    expect(groupOf("This README.md file comes")).toBe(groupOf("There are separate distributions"));
    expect(groupOf("Which one you need")).toBe(groupOf("There are separate distributions"));
  });
});

describe("a French recipe whose instructions are infinitives (pâte à crêpes)", () => {
  const text = readCorpusText("fr-howto-pate-a-crepes.txt");

  it("numbers its instructions as steps, in the text's order", () => {
    for (const n of [undefined, 5, 12]) {
      const steps = outline(text, n)
        .slides.flatMap((s) => s.bullets)
        .map((b) => plainText(b))
        .filter((b) => /^Step \d+ — /.test(b))
        .map((b) => b.replace(/^Step \d+ — /, ""));
      expect(steps.slice(0, 3)).toEqual([
        "Disposer la farine en fontaine dans un saladier",
        "Ajouter le sel, éventuellement le sucre et les œufs entiers",
        "Mélanger ces éléments au centre de la fontaine sans prendre de farine",
      ]);
      // "Ne pas attendre…" is an instruction too; "Dans ce cas, il faut…" is a remark, no step.
      expect(steps).toContain("Ne pas attendre que la pâte épaississe de trop avant d'ajouter du lait");
      expect(steps.join("\n")).not.toMatch(/Dans ce cas|Elle doit être/);
      expect(steps.indexOf("Réserver la pâte")).toBeGreaterThan(steps.indexOf("Ajouter le beurre noisette"));
      // "au fur et à mesure" is one phrase: a cut never ends on "au fur".
      expect(steps.filter((s) => / au fur$/.test(s))).toEqual([]);
    }
  });
});

describe("a sentence whose opening clause only sets the scene (The Hoover Dam Story)", () => {
  it("is not cut down to that clause", () => {
    const sentence = readCorpusText("history-hoover-dam-loc.txt")
      .split("\n")
      .find((l) => l.startsWith("When flooding from the Colorado River"));
    const bullet = writeBullet(sentence ?? "", "standard", "sentence").text;
    expect(bullet).toMatch(/^When flooding .*, the die was cast/);
  });
});

describe("a list of ingredients under its label", () => {
  // The entries of a recipe page (xnosotras.blogspot.com/2011/04/receta-de-bizcochuelos.html):
  // four of seven lead with an amount; "3 o 4 huevos" is one amount.
  const entries = [
    "1 taza de azúcar común",
    "3 o 4 huevos",
    "100 grs de margarina o mantequilla",
    "esencia de vainilla o ralladura de limón",
    "1 taza de harina",
    "leche (opcional)",
    "polvo de hornear (opcional)",
  ];

  it("is a table of amounts when named 'Ingredientes', the entries without one kept and capitalised", () => {
    expect(quantityRows(entries, "Ingredientes")).toEqual([
      ["1 taza", "Azúcar común"],
      ["3 o 4", "Huevos"],
      ["100 grs", "Margarina o mantequilla"],
      ["", "Esencia de vainilla o ralladura de limón"],
      ["1 taza", "Harina"],
      ["", "Leche (opcional)"],
      ["", "Polvo de hornear (opcional)"],
    ]);
  });

  it("is no table unnamed, where three in four entries must lead with an amount", () => {
    expect(quantityRows(entries)).toBeNull();
  });
});
