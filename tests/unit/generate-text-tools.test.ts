import { describe, expect, it } from "vitest";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { detectLanguage } from "@/lib/generate/offline/detect-language";
import { extractKeyPhrases } from "@/lib/generate/offline/extract-key-phrases";
import { interpretInstructions } from "@/lib/generate/offline/interpret-instructions";
import { rankSentences } from "@/lib/generate/offline/rank-sentences";
import { readSource } from "@/lib/generate/offline/read-source";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { titleCase } from "@/lib/generate/offline/title-case";
import { terms } from "@/lib/generate/offline/tokenize";

describe("splitSentences", () => {
  it("does not split at abbreviations, initials, decimals or versions", () => {
    const text =
      "Dr. Osei spoke at 10 p.m. on Friday, e.g. about the 1.4 million visits. Version 2.1.3 shipped! Did J. R. Smith agree? Yes.";
    expect(splitSentences(text)).toEqual([
      "Dr. Osei spoke at 10 p.m. on Friday, e.g. about the 1.4 million visits.",
      "Version 2.1.3 shipped!",
      "Did J. R. Smith agree?",
      "Yes.",
    ]);
  });

  it("splits after a unit symbol, inside quotes, and in CJK text", () => {
    expect(splitSentences("Water at 80 °C. This works.")).toEqual(["Water at 80 °C.", "This works."]);
    expect(splitSentences('He said "stop." Then left.')).toEqual(['He said "stop."', "Then left."]);
    expect(splitSentences("太阳能很好。我们喜欢！")).toEqual(["太阳能很好。", "我们喜欢！"]);
  });
});

describe("compressSentence", () => {
  const shorten = (s: string, maxWords: number) => compressSentence(s, { maxWords, keepPeriod: false }).text;

  it("drops lead-in connectives and keeps short sentences whole", () => {
    expect(shorten("However, the team shipped on time.", 15)).toBe("The team shipped on time");
    expect(shorten("In addition, costs fell.", 8)).toBe("Costs fell");
  });

  it("removes side clauses before cutting, and keeps the figure", () => {
    expect(
      shorten("The new policy, which took effect in March, cut office costs by 30% in the first year.", 8),
    ).toBe("The new policy cut office costs by 30%");
    expect(shorten("The team agreed that release 4.2 should ship on 2 April.", 8)).toBe(
      "Release 4.2 should ship on 2 April",
    );
  });

  it("cuts at a clause boundary, never inside a range or after a dangling word", () => {
    const out = shorten(
      "The final myth is that heat pumps are noisy; a modern outdoor unit typically runs at about 40 to 50 decibels.",
      15,
    );
    expect(out).toBe("The final myth is that heat pumps are noisy");
    const range = shorten(
      "In many regions, rebates and tax credits reduce that figure by $3,000 to $8,000.",
      15,
    );
    expect(range).toContain("$3,000 to $8,000");
  });

  it("keeps the full stop for full-sentence bullets", () => {
    expect(compressSentence("Costs fell.", { maxWords: null, keepPeriod: true }).text).toBe("Costs fell.");
  });
});

describe("rankSentences", () => {
  it("ranks the sentence sharing most with the others highest, deterministically", () => {
    const sentences = [
      "Heat pumps move heat from outdoor air.",
      "Heat pumps cut heating bills and move heat efficiently.",
      "The cat slept.",
      "Heating bills fall when heat pumps replace oil boilers.",
    ].map((s) => terms(s));
    const a = rankSentences(sentences);
    expect(a).toEqual(rankSentences(sentences));
    expect(a.indexOf(Math.max(...a))).toBe(1);
    expect(a[2]).toBe(Math.min(...a));
  });

  it("follows the prior when asked", () => {
    const sentences = [
      ["a", "b"],
      ["a", "b"],
      ["a", "b"],
    ];
    const r = rankSentences(sentences, [1, 0, 0]);
    expect(r[0]).toBeGreaterThan(r[1]);
  });
});

describe("extractKeyPhrases and titleCase", () => {
  it("finds recurring noun phrases, not verbs", () => {
    const text =
      "Heat pumps move heat. A heat pump cuts bills. The outdoor unit sits outside. Each outdoor unit needs space. Heat pumps work in cold weather.";
    const phrases = extractKeyPhrases(text).map((p) => p.text);
    expect(phrases[0]).toBe("heat pumps");
    expect(phrases).toContain("outdoor unit");
    expect(phrases.some((p) => /\b(?:move|cuts|sits|needs)\b/.test(p))).toBe(false);
  });

  it("title-cases English and leaves other languages in sentence case", () => {
    expect(titleCase("cost of a heat pump in iOS apps", "en")).toBe("Cost of a Heat Pump in iOS Apps");
    expect(titleCase("coût des pompes à chaleur", "fr")).toBe("Coût des pompes à chaleur");
  });
});

describe("readSource", () => {
  it("groups plain paragraphs by topic shift", () => {
    const text = [
      "Solar panels turn sunlight into electricity. Solar panels on roofs cut electricity bills.",
      "Rooftop solar panels need little maintenance, and solar electricity output is easy to track.",
      "Our football team won the league. The team trained three times a week all season.",
      "The team captain scored twelve goals and the team coach was named coach of the year.",
    ].join("\n\n");
    const source = readSource(text);
    expect(source.hasHeadings).toBe(false);
    expect(source.sections.map((s) => s.units.length)).toEqual([3, 3]);
  });

  it("uses headings, keeps a lone H1 as the document title and labels grouped items", () => {
    const source = readSource(
      "# Doc\n\nIntro text here.\n\n## A\n\n**Pros:**\n- fast\n- cheap\n\n## B\n\n1. first\n2. second",
    );
    expect(source.title).toBe("Doc");
    expect(source.sections.map((s) => s.heading)).toEqual([undefined, "A", "B"]);
    expect(source.sections[1].units.map((u) => u.text)).toEqual(["Pros: fast", "Pros: cheap"]);
  });
});

describe("interpretInstructions", () => {
  it("splits clauses and applies what it can", () => {
    const plan = interpretInstructions(
      "Focus on pricing and add a summary slide; keep it professional. Use more images.",
    );
    expect(plan.focusPhrases).toEqual(["pricing"]);
    expect(plan.summary).toBe(true);
    expect(plan.tone).toBe("professional");
    expect(plan.unhonoured).toEqual(["Use more images"]);
  });

  it("keeps 'costs and savings' as one focus", () => {
    expect(interpretInstructions("Focus on costs and savings").focusPhrases).toEqual(["costs and savings"]);
  });
});

describe("detectLanguage", () => {
  it.each([
    ["The library opened a new branch and the visitors came back to read.", "en"],
    ["La bibliothèque a ouvert une nouvelle salle pour les enfants et les étudiants.", "fr"],
    ["Die Bibliothek hat eine neue Filiale und die Besucher sind zurück.", "de"],
    ["私たちの学校は屋根に太陽光パネルを設置しました。", "ja"],
    ["我们学校在屋顶上安装了太阳能电池板。", "zh"],
  ])("%s → %s", (text, code) => {
    expect(detectLanguage(text)).toBe(code);
  });
});
