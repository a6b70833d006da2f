import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { cutForeign } from "@/lib/generate/offline/cut-foreign";
import { describeContent } from "@/lib/generate/offline/describe-content";
import { detectLanguage } from "@/lib/generate/offline/detect-language";
import { extractKeyPhrases } from "@/lib/generate/offline/extract-key-phrases";
import { interpretInstructions } from "@/lib/generate/offline/interpret-instructions";
import { markPlainHeadings } from "@/lib/generate/offline/mark-plain-headings";
import { rankSentences } from "@/lib/generate/offline/rank-sentences";
import { readBlockQuote, readQuotedSentences } from "@/lib/generate/offline/read-quotes";
import { readSource } from "@/lib/generate/offline/read-source";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { isStopword } from "@/lib/generate/offline/stopwords";
import { titleCase } from "@/lib/generate/offline/title-case";
import { terms } from "@/lib/generate/offline/tokenize";
import { bulletKey, closeBrackets, isNearDuplicate } from "@/lib/generate/offline/write-bullet";

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

  it("ends Arabic and Hindi questions and sentences at their own marks (it looped forever on them)", () => {
    // From the Arabic Wikipedia 25th-birthday announcement (tests/fixtures/corpus).
    expect(splitSentences("هل أنت مستعد؟ سجّلوا الآن لحضور الحفل.")).toEqual([
      "هل أنت مستعد؟",
      "سجّلوا الآن لحضور الحفل.",
    ]);
    expect(splitSentences("क्या आप तैयार हैं? हाँ। चलिए")).toEqual(["क्या आप तैयार हैं?", "हाँ।", "चलिए"]);
    expect(splitSentences("ما هذا؟!")).toEqual(["ما هذا؟!"]);
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
    // The comma between two adjectives is inside the noun phrase (Sherwood Ford's tire how-to).
    expect(
      shorten(
        "Always change a tire in a safe location and find a straight, level-ground area; you should also not abruptly brake",
        12,
      ),
    ).toBe("Always change a tire in a safe location");
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

describe("readQuotedSentences and readBlockQuote", () => {
  it("attributes a quoted sentence to the speaker named after it or before it", () => {
    const { sentences, quotes } = readQuotedSentences([
      '"Once you can show a finance committee that a tree pays back, the conversation changes," said Dr. Lucia Ferrante, an urban ecologist who advises several cities.',
      "Trees take fifteen years to grow.",
      'The director said: "We will plant two thousand trees next year."',
    ]);
    expect(sentences).toHaveLength(3);
    expect(quotes[0]).toEqual({
      text: "Once you can show a finance committee that a tree pays back, the conversation changes.",
      attribution: "Dr. Lucia Ferrante, an urban ecologist",
    });
    expect(quotes[1]).toBeUndefined();
    expect(quotes[2]).toEqual({
      text: "We will plant two thousand trees next year.",
      attribution: "The director",
    });
  });

  it("joins the quoted sentence that goes on, and resolves 'she said' to the last speaker", () => {
    const { sentences, quotes } = readQuotedSentences(
      ['"Recipes are not the secret," she said.', '"Patience is."', "She smiled."],
      "Ines Corvo",
    );
    expect(sentences).toEqual(['"Recipes are not the secret," she said. "Patience is."', "She smiled."]);
    expect(quotes[0]).toEqual({
      text: "Recipes are not the secret. Patience is.",
      attribution: "Ines Corvo",
    });
  });

  it("leaves scare quotes and short quips alone", () => {
    expect(readQuotedSentences(['The so-called "quick add" button is gone.']).quotes).toEqual([undefined]);
    expect(readQuotedSentences(['"Yes," he said.']).quotes).toEqual([undefined]);
  });

  it("reads a block quote's dash line as its attribution", () => {
    expect(
      readBlockQuote(["If you want to hire good potters,", "you have to make some first.", "— Ines Corvo"]),
    ).toEqual({
      text: "If you want to hire good potters, you have to make some first.",
      attribution: "Ines Corvo",
      block: true,
    });
    expect(readBlockQuote(["“Less is more.”"])).toEqual({ text: "Less is more.", block: true });
  });
});

describe("markPlainHeadings", () => {
  it("turns the short title lines of plain-text minutes into headings", () => {
    const text = [
      "Harbourside Community Centre",
      "Board meeting minutes",
      "",
      "1. Treasurer's report",
      "Income was above budget.",
      "",
      "2. Roof repairs",
      "The board chose the middle quote.",
      "",
      "Actions",
      "Hannah to sign the roof contract.",
    ].join("\n");
    const source = readSource(text);
    expect(source.title).toBe("Harbourside Community Centre");
    expect(source.sections.map((s) => s.heading)).toEqual([
      undefined,
      "Treasurer's report",
      "Roof repairs",
      "Actions",
    ]);
    // The heading keeps its number: numbered parts may be the steps of a how-to.
    expect(markPlainHeadings(text)).toContain("## 2. Roof repairs\n\nThe board chose the middle quote.");
    expect(source.sections.map((s) => s.number)).toEqual([undefined, 1, 2, undefined]);
  });

  it("leaves prose and markdown alone", () => {
    const prose =
      "A long first paragraph that runs on for a while and ends properly.\n\nAnother one that does too.";
    expect(markPlainHeadings(prose)).toBe(prose);
    const md = "# Title\n\nShort line\nText.\n\nOther line\nMore text.";
    expect(markPlainHeadings(md)).toBe(md);
  });
});

describe("shortening fixes", () => {
  const shorten = (s: string, maxWords: number) => compressSentence(s, { maxWords, keepPeriod: false }).text;

  it("keeps the subject when the main verb ends in -ed and the opening holds the main clause", () => {
    expect(
      shorten(
        "We wanted to know whether the effect holds in real workplaces, with real meetings and no treadmill.",
        15,
      ),
    ).toMatch(/^We wanted to know whether the effect holds/);
    expect(
      shorten("Since then we never let a single customer take more than a quarter of our capacity.", 18),
    ).toBe("Since then we never let a single customer take more than a quarter of our capacity");
  });

  it("does not drop a which-clause unless the main verb follows it", () => {
    const out = shorten(
      "Below it lies the asthenosphere, which is solid rock but hot enough to flow very slowly, a few centimetres per year.",
      12,
    );
    expect(out).not.toMatch(/asthenosphere a few/);
    expect(
      shorten("The new policy, which took effect in March, cut office costs by 30% in the first year.", 8),
    ).toBe("The new policy cut office costs by 30%");
  });

  it("reads 'the last decade' as a noun phrase, not a verb", () => {
    expect(
      shorten(
        "Over the last decade, cities from Melbourne to Barcelona have completed street tree inventories, recording every tree.",
        15,
      ),
    ).not.toBe("Over the last decade");
  });

  it("capitalises a first letter, not a unit after a number", () => {
    expect(shorten("500 g strong white bread flour, sifted twice before use in the dough", 6)).toMatch(
      /^500 g/,
    );
  });

  it("cuts Spanish, French and German at their own clause boundaries", () => {
    expect(
      shorten(
        "El servicio municipal de agua de Valdeolmos abasteció en 2024 a 38.500 habitantes con un volumen total de 3,1 millones de metros cúbicos.",
        15,
      ),
    ).toBe("El servicio municipal de agua de Valdeolmos abasteció en 2024 a 38.500 habitantes");
    const de = shorten(
      "Auch im Winter lag der Wert noch bei rund 1.300 Radfahrenden pro Tag, was zeigt, dass die Beleuchtung und der Winterdienst wirken.",
      15,
    );
    expect(de).toBe("Auch im Winter lag der Wert noch bei rund 1.300 Radfahrenden pro Tag");
    expect(
      cutForeign(
        "Le coût des denrées par repas est passé de 1,95 euro à 2,40 euros, une hausse de 23 %.",
        15,
        "fr",
      )?.text,
    ).toBe("Le coût des denrées par repas est passé de 1,95 euro à 2,40 euros");
  });

  it("splits French sentences after a spaced closing guillemet", () => {
    expect(splitSentences("« Je sais que ce sont les enfants qui les mangent. » Elle sourit.")).toEqual([
      "« Je sais que ce sont les enfants qui les mangent. »",
      "Elle sourit.",
    ]);
  });
});

describe("isNearDuplicate", () => {
  it("treats the same telling figure about the same thing as a repeat, not a shared year", () => {
    const key = (s: string) => bulletKey(s);
    expect(
      isNearDuplicate(key("Gross margin: 46.3%, up 2.4 points"), [key("Gross margin improved to 46.3%")]),
    ).toBe(true);
    expect(isNearDuplicate(key("Revenue: $48.6M, up 18%"), [key("Quarterly revenue of $48.6 million")])).toBe(
      true,
    );
    expect(
      isNearDuplicate(key("Revenue grew in 2024"), [key("Costs and revenue fell in 2024 overall")]),
    ).toBe(false);
  });
});

describe("closeBrackets", () => {
  it("drops a bracketed tail cut before its close, and an opening quotation mark without its close", () => {
    // Cuts seen in corpus decks (de-history-kassel, grant-epa-brownfields, es-news-voa).
    expect(
      closeBrackets("Die erste Erwähnung des Königshofes Kassel (damals unter dem Namen Chassalla bzw"),
    ).toBe("Die erste Erwähnung des Königshofes Kassel");
    expect(
      closeBrackets("“EPA’s Brownfields program demonstrates how stewardship and prosperity complement"),
    ).toBe("EPA’s Brownfields program demonstrates how stewardship and prosperity complement");
    expect(closeBrackets('"Tengo un plan sobre el cierre, pero para comprender ese plan')).toBe(
      "Tengo un plan sobre el cierre, pero para comprender ese plan",
    );
  });

  it("leaves closed brackets and quotations, German „…“ included, as they are", () => {
    for (const t of [
      "The “multi” approach works",
      "A (short) note",
      "Er sagte „gut“ und ging",
      "«Hola» dijo",
    ])
      expect(closeBrackets(t)).toBe(t);
  });
});

describe("the deck title of a text that opens without one", () => {
  const corpus = (file: string) =>
    readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8");

  it("is what the first sentence says the text is about, when the text comes back to it (CDC, a recipe)", () => {
    expect(describeContent(corpus("howto-cdc-handwashing-five-steps.txt")).title).toBe("Washing Your Hands");
    expect(describeContent(corpus("recipe-banana-bread.txt")).title).toBe("Banana Bread");
  });

  it("is never a glue word of a right-to-left text (Arabic stopwords from stopwords-iso)", () => {
    for (const file of [
      "ar-announcement-wikipedia-25-birthday.txt",
      "ar-news-wiki-palestine-wikipedia-25.txt",
    ]) {
      const title = describeContent(corpus(file)).title ?? "";
      const words = title.split(/\s+/);
      expect(words.length, title).toBeGreaterThan(1);
      // (A headline clause may hold a glue word inside it, "… في 15 يناير", never at its ends.)
      expect(
        [words[0], words.at(-1) ?? ""].some((w) => isStopword(w)),
        title,
      ).toBe(false);
    }
  });
});
