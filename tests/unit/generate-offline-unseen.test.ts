// What the offline generator made of texts it had not been tuned on (the corpus's held-out
// additions, tests/fixtures/corpus/README.md) and what was fixed: German sentences are not cut at
// "v. Chr." or "im 12. Jahrhundert", German titles are noun phrases and German bullets keep their
// final verb, dates with an era order a timeline, amounts written "USD 16,690 million" are
// figures, a page's ticker marks and run-together bullets are read as text, a "Label – text" item
// is shortened in its text, and a hard-wrapped markdown paragraph with its links on lines of their
// own is one paragraph. Sources and licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { chartFromMetrics } from "@/lib/generate/content-shape";
import { cutForeign } from "@/lib/generate/offline/cut-foreign";
import { describeContent } from "@/lib/generate/offline/describe-content";
import { foreignNounPhrases, isForeignName } from "@/lib/generate/offline/foreign-noun-phrases";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { readSource } from "@/lib/generate/offline/read-source";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { plainText } from "@/lib/generate/offline/tokenize";
import { writeBullet } from "@/lib/generate/offline/write-bullet";
import { parseBlocks } from "@/lib/generate/parse-blocks";
import { getPhrases } from "@/lib/generate/phrases";
import { ZGenerateOptions } from "@/lib/generate/types";

// German texts are asked for in German: the offline generator cannot translate.
const outline = (file: string) =>
  generateOfflineOutline(
    ZGenerateOptions.parse({
      content: readCorpusText(file),
      ...(file.startsWith("de-") ? { language: "German" } : {}),
    }),
  ).slides.map((s) => ({ ...s, bullets: s.bullets.map((b) => plainText(b)) }));
const bullets = (file: string) => outline(file).flatMap((s) => s.bullets);
const slideOf = (file: string, title: string) => outline(file).find((s) => s.title === title);

describe("German sentences", () => {
  it("are not cut at an era's abbreviation or an ordinal", () => {
    const text = readCorpusText("de-history-augsburg.txt").split("\n").slice(1, 4).join(" ");
    const sentences = splitSentences(text, "de");
    expect(sentences[0]).toBe("Als Datum der Gründung von Augsburg wird 15 v. Chr. angegeben.");
    expect(sentences).toContain(
      "Nach der Teilung der römischen Provinz Raetia im Jahr 294 n. Chr. wurde Augsburg Provinzhauptstadt von Raetia Sekunda.",
    );
    expect(sentences).toContain("Augusta Vindelicorum wurde im 5. Jahrhundert zerstört.");
    // Nothing is left as a sentence of its own that is only an abbreviation's tail.
    expect(sentences.filter((s) => /^(?:Chr|Jahrhundert)\b/.test(s))).toEqual([]);
  });

  it("keep the verb their clause ends on when shortened", () => {
    // "…ein Legionslager, später auch ein Nachschubdepot errichtet": no cut before the participle.
    const camp =
      "Tatsächlich wurde in diesem Jahr etwas außerhalb der antiken und der mittelalterlichen Stadt Augsburg ein Legionslager, später auch ein Nachschubdepot errichtet.";
    expect(cutForeign(camp, 16, "de")).toBeNull();
    // "…ab 1251 ist das Recht der Stadt auf Führung eines Siegels | und auf Besteuerung ihrer Bürger belegt."
    const seal =
      "Ab 1251 ist das Recht der Stadt auf Führung eines Siegels und auf Besteuerung ihrer Bürger belegt.";
    expect(cutForeign(seal, 12, "de")?.text).not.toBe(
      "Ab 1251 ist das Recht der Stadt auf Führung eines Siegels",
    );
    // A relative clause is cut away whole, after the main clause's verb.
    expect(
      cutForeign(
        "Mitte des 15. Jahrhunderts wurde die Ambrosische Republik gegründet, die ihren Namen von St. Ambrosius, einem beliebten Schutzpatron der Stadt, erhielt.",
        12,
        "de",
      )?.text,
    ).toBe("Mitte des 15. Jahrhunderts wurde die Ambrosische Republik gegründet");
  });

  it("are not cut between two names or by the English word classes", () => {
    // "313 n. Chr. erließen die Kaiser Konstantin | und Licinius das Edikt von Mailand…"
    const edict =
      "313 n. Chr. erließen die Kaiser Konstantin und Licinius das Edikt von Mailand, das die Christenverfolgung offiziell beendete.";
    expect(cutForeign(edict, 10, "de")?.text).not.toBe("313 n. Chr. erließen die Kaiser Konstantin");
    // A sentence whose only verb is its last word has no clean cut: it is shown whole (rated so a
    // slide takes it only when nothing else is left), never as "…war Mailand zusammen".
    const wars =
      "Vom späten 15. Jahrhundert bis zur Mitte des 16. Jahrhunderts war Mailand zusammen mit den meisten Stadtstaaten Italiens, dem Kirchenstaat, der Republik Venedig und später dem größten Teil Westeuropas an den Italienischen Kriegen, einer Reihe von Konflikten, beteiligt.";
    const bullet = writeBullet(wars, "standard", "sentence");
    expect(bullet.text).toMatch(/beteiligt$/);
    expect(bullet.quality).toBeLessThan(0.5);
  });

  it("take one German word for a term only when the text uses it inside a sentence", () => {
    // tests/fixtures/corpus/de-explainer-rust-editionen.txt: "Entwickler" only opens a sentence
    // ("…sein. Entwickler, die eine beliebige Rust-Edition verwenden, …"); it was a slide's title.
    const rust =
      "Die meisten Funktionen werden in allen Editionen verfügbar sein. Entwickler, die eine beliebige Rust-Edition verwenden, werden auch weiterhin Verbesserungen sehen.";
    expect(isForeignName({ text: "Entwickler", name: false }, "de", rust)).toBe(false);
    expect(isForeignName({ text: "Verbesserungen", name: false }, "de", rust)).toBe(true);
    expect(
      isForeignName({ text: "Spätantike", name: false }, "de", "Augsburg blühte in der Spätantike."),
    ).toBe(true);
    // Short plain nouns and words that only say when are never terms alone; names always are.
    expect(isForeignName({ text: "Stadt", name: false }, "de", "Die alte Stadt wuchs.")).toBe(false);
    expect(isForeignName({ text: "Jahrhunderts", name: false }, "de", "Mitte des Jahrhunderts")).toBe(false);
    expect(isForeignName({ text: "Entwickler", name: true }, "de", rust)).toBe(true);
  });

  it("give titles that are noun phrases of the text", () => {
    for (const file of ["de-history-augsburg.txt", "de-history-mailand.txt"]) {
      const source = readCorpusText(file);
      const phrases = new Set(foreignNounPhrases(source, "de").map((p) => p.text.toLowerCase()));
      const fixed = new Set(
        Object.values(getPhrases("de")).filter((v): v is string => typeof v === "string"),
      );
      for (const slide of outline(file)) {
        if (fixed.has(slide.title)) continue;
        expect(phrases, `${file}: "${slide.title}"`).toContain(slide.title.toLowerCase());
      }
    }
  });
});

describe("an explainer whose first sentence is on the cover", () => {
  it("titles the rest of its untitled opening as the overview", () => {
    // "What Is a Raspberry Pi?" / "Get acquainted with…" (the subtitle) / "You've probably heard…".
    const slides = outline("explainer-what-is-a-raspberry-pi.txt");
    expect(slides[0]?.title).toBe("Overview");
    expect(slides[0]?.bullets[0]).toMatch(/^You’ve probably heard about the Raspberry Pi/);
  });
});

describe("French news", () => {
  // From a rail-trade blog's report on the 2018 rail reform (https://vrt.europechina.net/page/508).
  it("does not cut a sentence down to its 'Alors que…' clause, brackets and all", () => {
    const vote =
      "Alors que le Sénat a voté aujourd’hui à une très forte majorité le nouveau Pacte ferroviaire (245 voix pour, 83 contre), après un vote similaire la veille à l’Assemblée nationale, ce qui conduit à l’adoption définitive de la loi, l’intersyndicale appelle toujours à la mobilisation.";
    expect(cutForeign(vote, 18, "fr")?.text ?? "").not.toMatch(/^Alors que [^,]*\([^)]*\)$/);
  });

  it("leaves a Spanish opening exclamation mark out of a noun phrase", () => {
    // "¡Las elecciones tienen consecuencias!, manifestó Trump" (VOA, corpus es-news-voa-cierre-gobierno-record.txt).
    const phrases = foreignNounPhrases("¡Las elecciones tienen consecuencias!, manifestó Trump.", "es");
    expect(phrases.map((p) => p.text).filter((t) => t.includes("¡"))).toEqual([]);
  });

  it("keeps a hyphenated name whole in a noun phrase", () => {
    const phrases = foreignNounPhrases("Un manifestant a prédit, comme en Grande-Bretagne, le chaos.", "fr");
    expect(phrases.map((p) => p.text)).toContain("Grande-Bretagne");
  });
});

describe("a Spanish how-to in numbered parts", () => {
  const file = "es-howto-construir-una-casa.txt";

  it("reads '1. Planificación y Diseño:' above a paragraph as a heading, and 'Introducción' as no title", () => {
    const titles = outline(file).map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Planificación y Diseño",
        "Preparación del Terreno",
        "Cimientos y Estructura",
        "Instalaciones y Servicios",
      ]),
    );
    expect(bullets(file)).not.toContain("Planificación y Diseño");
    // The deck is named after what the text keeps coming back to.
    expect(describeContent(readCorpusText(file)).title).toBe("Construcción de una casa");
  });

  it("lists its numbered parts as the steps the text speaks of, before the first part's own slide", () => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({ content: readCorpusText(file), language: "Spanish" }),
    ).slides;
    const at = slides.findIndex((s) => s.title === "Paso a paso");
    expect(slides[at].bullets).toEqual([
      "Paso 1 — Planificación y Diseño",
      "Paso 2 — Preparación del Terreno",
      "Paso 3 — Cimientos y Estructura",
      "Paso 4 — Instalaciones y Servicios",
    ]);
    expect(slides.findIndex((s) => s.title === "Planificación y Diseño")).toBe(at + 1);
  });

  it("does not cut a sentence down to its subordinate clause or inside a list", () => {
    const all = bullets(file);
    expect(all).not.toContain("Una vez que los cimientos están en su lugar");
    expect(all).not.toContain("Dependiendo del tipo de suelo y del diseño de la casa");
    expect(all).not.toContain(
      "Dependiendo del tipo de suelo y del diseño de la casa, los cimientos pueden ser de losa",
    );
  });
});

describe("dates with an era", () => {
  it("make a timeline in order, before Christ first", () => {
    const timeline = slideOf("de-history-mailand.txt", getPhrases("de").timeline);
    expect(timeline).toBeDefined();
    const dates = timeline?.bullets.map((b) => b.split(" — ")[0]) ?? [];
    expect(dates.slice(0, 2)).toEqual(["400 v. Chr.", "222 v. Chr."]);
    expect(dates).toContain("774");
    // A sentence that opens on its date keeps it, so it does not open on its verb ("Kapitulierte…").
    expect(timeline?.bullets).toContain(
      "774 — Im Jahr 774 kapitulierte Mailand Karl dem Großen und den Franken",
    );
  });
});

describe("earnings pages", () => {
  it("reads amounts in an ISO currency code as figures and names the company", () => {
    const file = "earnings-ibm-q4-2022-brief.txt";
    expect(describeContent(readCorpusText(file)).title).toBe("International Business Machines Corporation");
    const metrics = slideOf(file, "By the Numbers");
    expect(metrics?.bullets).toContain("USD 16,690 million — Revenue");
    expect(metrics?.bullets).toContain("USD 2,711 million — Net income");
    // An amount is no slide's subject.
    expect(outline(file).map((s) => s.title)).not.toContain("USD 16,690 Million");
  });

  it("reads ticker marks, run-together bullets and labelled items as text", () => {
    const file = "earnings-meta-q4-2022-summary.txt";
    const all = bullets(file);
    expect(all.join("\n")).not.toContain("$Meta");
    expect(describeContent(readCorpusText(file)).title).toBe("Meta Platforms");
    // "• Cash … – Cash … were $40.74 billion as of December 31, 2022. • Long-term debt – …" is two items.
    expect(slideOf(file, "By the Numbers")?.bullets).toEqual(
      expect.arrayContaining([
        "$40.74 billion — Cash, cash equivalents, and marketable securities",
        "$9.92 billion — Long-term debt",
      ]),
    );
    // "Ad impressions and price per ad – In the fourth quarter of 2022, ad impressions delivered
    // across our Family of Apps increased by 23%…": the text is shortened, not cut to its label.
    expect(all).not.toContain("Ad impressions and price per ad");
    expect(all.some((b) => b.startsWith("Ad impressions increased by 23% year-over-year"))).toBe(true);
    // Title Case lines of the page that head an empty part are no points.
    expect(all).not.toContain("Fourth Quarter and Full Year 2022 Financial Highlights");
  });

  it("does not end a bullet on a participle whose sentence's verb comes later", () => {
    const short = writeBullet(
      "In the fourth quarter of 2022, ad impressions delivered across our Family of Apps increased by 23% year-over-year and the average price per ad decreased by 22% year-over-year.",
      "standard",
      "sentence",
    );
    expect(short.text).not.toMatch(/delivered$|Family$|average price$/);
    expect(short.text).toMatch(/increased by 23%/);
  });
});

describe("news releases", () => {
  it("takes a long headline as the deck's title and leaves the dateline out", () => {
    expect(describeContent(readCorpusText("grant-epa-52m-stormwater-grants-2022.txt")).title).toBe(
      "EPA Announces $52M in Grants for States to Support Clean Water, Flood Resilience, and Water Equity",
    );
    const filed = describeContent(readCorpusText("news-epa-union-pacific-fifth-ward-2023.txt"));
    expect(filed.subtitle).toMatch(/^The U\.S\. Environmental Protection Agency/);
  });

  it("keeps a relative clause's closing preposition and never ends on a verb that wants its object", () => {
    const file = "news-epa-union-pacific-fifth-ward-2023.txt";
    const all = bullets(file);
    expect(all).toContain("The AOC includes a statement of work that UPRR must comply with");
    expect(all.filter((b) => /\b(?:requires|comply)$/.test(b))).toEqual([]);
    // "Authorized under EPA's Comprehensive Environmental Response…" alone says nothing.
    expect(all.filter((b) => /^Authorized under [^,]*$/.test(b))).toEqual([]);
  });

  it("calls a slide 'By the Numbers' only when it shows several figures", () => {
    for (const slide of outline("grant-epa-52m-stormwater-grants-2022.txt")) {
      if (slide.title !== "By the Numbers") continue;
      expect(slide.bullets.filter((b) => /\$\s?\d|\d%/.test(b)).length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("hard-wrapped markdown", () => {
  it("joins a paragraph whose links sit on lines of their own and reads links as their text", () => {
    // curl's HTTP cookies guide, wrapped at 80 columns with long link targets on their own lines.
    const file = "markdown-guide-curl-http-cookies.txt";
    const all = bullets(file);
    expect(all.join("\n")).not.toMatch(/\]\(|\[[^\]]+\]/);
    const timeline = slideOf(file, "Timeline");
    expect(timeline?.bullets).toEqual(
      expect.arrayContaining([
        "2011 — RFC 6265 was finally published and details how cookies work within HTTP",
        "2016 — An update which added support for prefixes was proposed",
      ]),
    );
  });

  it("reads a form's wrapped field as one sentence and dates each of its clauses", () => {
    // "EDUCATION: Graduated from Central High School in Philadelphia,\nPennsylvania, in 1969;
    // received a bachelor of science degree … in 1973, and a doctorate … in 1977." (NASA, public domain)
    const timeline = slideOf("biography-nasa-james-bagian.txt", "Timeline");
    expect(timeline?.bullets).toEqual(
      expect.arrayContaining([
        "1969 — Graduated from Central High School in Philadelphia, Pennsylvania",
        "1977 — A doctorate in Medicine from Thomas Jefferson University",
      ]),
    );
  });
});

describe("markdown pages of a repository (18F handbook)", () => {
  const guide = "markdown-guide-18f-projects-in-distress.txt";
  const history = "markdown-history-18f-tts-mission.txt";

  it("reads YAML front matter as the document's title, not as its text", () => {
    expect(describeContent(readCorpusText(guide)).title).toBe(
      "Managing 18F Projects in Distress — When to Pivot / Pause / Stop",
    );
    expect(describeContent(readCorpusText(history)).title).toBe("TTS mission, history, and values");
    const text = JSON.stringify([...outline(guide), ...outline(history)]);
    expect(text).not.toMatch(/redirect_from|\/projects-in-distress\/|\/tts-history\/|title:/i);
  });

  it("keeps a wrapped paragraph whose link sits on a line of its own one paragraph", () => {
    const units = readSource(readCorpusText(guide)).units.map((u) => u.text);
    expect(units).toContain(
      "Teams may find this pivot, pause, stop mural template helpful in identifying if a project needs to pivot, pause, or stop.",
    );
    expect(units.filter((u) => /It allows$/.test(u))).toEqual([]);
  });

  it("reads a bold label as the label of its text, and shows a set of labelled entries whole", () => {
    const units = readSource(readCorpusText(guide)).units.map((u) => u.text);
    expect(units).toContain(
      "No product owner: agency won’t provide dedicated resources for product ownership.",
    );
    const historyUnits = readSource(readCorpusText(history)).units.map((u) => u.text);
    // "**18F** provides…": a bold subject is no label.
    expect(historyUnits.some((u) => u.startsWith("**18F** provides"))).toBe(true);
    const success = slideOf(history, "What Success Looks Like");
    expect(success?.bullets.map((b) => b.split(":")[0])).toEqual([
      "Enjoying Work",
      "Looking Ahead",
      "Continuous Improvement",
    ]);
  });

  it("shortens an entry of two sentences within its first", () => {
    const bullet = writeBullet(
      "**Solutions** helps agencies improve delivery of information and services to the public. Responsible for operations, evolution, and scaling of mature products and services such as USA.gov, Data.gov, Challenge.gov and the Digital Analytics Program.",
      "standard",
      "item",
    );
    expect(plainText(bullet.text)).toBe(
      "Solutions helps agencies improve delivery of information and services to the public",
    );
  });
});

describe("a how-to in numbered parts under a date and a credit line (Grants.gov)", () => {
  const file = "howto-grants-gov-funding-eligibility-tips.txt";

  it("takes neither the date nor the credit line for a part's heading", () => {
    const titles = outline(file).map((s) => s.title);
    expect(titles.join("\n")).not.toMatch(/Grants\.gov|June 21/);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Know Your Applicant Entity Type",
        "Get into the Details of Each Funding Opportunity",
      ]),
    );
  });

  it("lists its parts, whose headings are instructions, as steps led by the sentence that introduces them", () => {
    const slides = outline(file);
    const steps = slides.find((s) => s.title === "Step by step");
    expect(steps?.body).toBe(
      "Here are some tips for finding federal funding opportunities for which you may be eligible.",
    );
    expect(steps?.bullets).toEqual([
      "Step 1 — Know Your Applicant Entity Type",
      "Step 2 — Search by Keyword, Then Narrow Your Results",
      "Step 3 — Get into the Details of Each Funding Opportunity",
    ]);
    // Each part keeps its slide, with what the step's heading already says.
    const search = slides.find((s) => s.title === "Search by Keyword, Then Narrow Your Results");
    expect(search?.bullets).toContain("Begin by going to the Grants.gov Search page and search by keyword");
  });

  it("titles a later part of a split section after what it shows, and makes no bullet of a purpose clause", () => {
    const headings = new Set(readSource(readCorpusText(file)).sections.map((s) => s.heading));
    for (const slide of outline(file)) {
      expect(
        slide.bullets.filter((b) => /^(?:That|So that|\()\s?/.test(b)),
        slide.title,
      ).toEqual([]);
      // (The opening's "Overview" and the key-terms angle are named by the deck, not the text.)
      if (headings.has(slide.title) || slide.title === "Overview" || slide.title === "Key Terms") continue;
      const shown = slide.bullets.join(" ").toLowerCase();
      const words = slide.title.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
      expect(
        words.filter((w) => !shown.includes(w.replace(/s$/, ""))),
        slide.title,
      ).toEqual([]);
    }
  });
});

describe("a structured abstract", () => {
  // BMJ 2005;330:1175 (Vist et al.), the abstract as PubMed gives it; quoted, not kept in the corpus.
  const abstract = [
    "Systematic review to determine whether participation in a trial influences outcome",
    "Gunn Elisabeth Vist et al. BMJ. 2005 May 21;330(7501):1175.",
    "Abstract",
    "Objective: To systematically compare the outcomes of participants in randomised controlled trials (RCTs) with those in comparable non-participants who received the same or similar treatment.",
    "Data sources: Bibliographic databases, reference lists from eligible articles, medical journals, and study authors.",
    "Review methods: RCTs and cohort studies that evaluated the clinical outcomes of participants in RCTs and comparable non-participants who received the same or similar treatment.",
    "Results: Five RCTs (six comparisons) and 50 cohort studies (85 comparisons) provided data on 31,140 patients treated in RCTs and 20,380 comparable patients treated outside RCTs. In the five RCTs, in which patients were given the option of participating or not, the comparisons provided limited information because of small sample sizes (a total of 412 patients) and the nature of the questions considered.",
  ].join("\n\n");

  it("reads its labels as parts, and leaves out its citation line and its 'Abstract' label", () => {
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content: abstract })).slides;
    const titles = slides.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Objective", "Data sources", "Review methods", "Results"]),
    );
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).map(plainText);
    expect(text.filter((t) => /7501|et al|^Abstract$/.test(t))).toEqual([]);
    // "In the five RCTs, in which patients were given…, the comparisons…": no cut to the relative clause.
    expect(text.filter((t) => /^In which\b/i.test(t))).toEqual([]);
  });

  it("shows the counts of its results as figures, two of one sentence, under the part's name", () => {
    const results = [
      "Results: Five RCTs (six comparisons) and 50 cohort studies (85 comparisons) provided data on 31,140 patients treated in RCTs and 20,380 comparable patients treated outside RCTs. 73 dichotomous outcomes were compared, of which 59 reported no statistically significant differences.",
    ];
    const content = `${abstract}\n\n${results[0].replace(/^Results: .*?\. /, "")}`;
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content })).slides;
    const figures = slides.find((s) => s.title === "Results" && s.bullets.some((b) => / — /.test(b)));
    expect(figures?.bullets).toEqual(
      expect.arrayContaining([
        "31,140 — Patients treated in RCTs",
        "20,380 — Comparable patients treated outside RCTs",
      ]),
    );
    // "…, of which 59 reported no…": a sentence with a second finding stays a sentence.
    expect(slides.flatMap((s) => s.bullets).map(plainText)).toContain(
      "73 dichotomous outcomes were compared, of which 59 reported no statistically significant differences",
    );
  });
});

describe("figures on a chart", () => {
  it("are compared only when they count one kind of thing, not 50 studies beside 31,140 patients", () => {
    const metric = (value: string, label: string) => ({ value, label });
    expect(
      chartFromMetrics([
        metric("50", "Cohort studies"),
        metric("31,140", "Patients"),
        metric("412", "Patients"),
      ]),
    ).toBeNull();
    expect(chartFromMetrics([metric("40%", "A"), metric("35%", "B"), metric("25%", "C")])).not.toBeNull();
  });
});

describe("a label line right under a list item", () => {
  // A release roadmap page (hikers-for-life.github.io/Hiking-Logbook), its lists as the page gives them.
  const roadmap = [
    "- Data validation and error handling for profile updates",
    "Success Metrics:",
    "- Profile edit-save success rate of 95%+",
    "- Real-time profile data updates within 2 seconds",
  ].join("\n");

  it("names the list after it instead of going on with the item", () => {
    expect(parseBlocks(roadmap).map((b) => b.kind)).toEqual(["item", "paragraph", "item", "item"]);
    const units = readSource(roadmap).units.map((u) => u.text);
    expect(units[0]).toBe("Data validation and error handling for profile updates");
  });
});

describe("a funding notice in plain text (NIH PAR-03-102)", () => {
  const file = "grant-nih-par-03-102-cam-minority-populations.txt";

  it("shows its header fields as one set of labelled entries, not as headings or the subtitle", () => {
    const slides = outline(file);
    const fields = slides.find((s) => s.bullets.some((b) => b.startsWith("RELEASE DATE:")));
    expect(fields?.bullets).toEqual([
      "RELEASE DATE: April 11, 2003",
      "PA NUMBER: PAR-03-102 (see NOT-AT-04-005)",
      "EXPIRATION DATE: August 17, 2005, unless reissued",
    ]);
    expect(slides.map((s) => s.title).join("\n")).not.toMatch(/RELEASE DATE|^The National Center/m);
    expect(describeContent(readCorpusText(file)).subtitle ?? "").not.toMatch(/[A-Z]{4,}.*:/);
  });

  it("reads lines marked 'o' as a list, a wrapped line as the sentence it starts, and no address alone", () => {
    const units = readSource(readCorpusText(file)).units;
    expect(units.filter((u) => u.kind === "item").map((u) => u.text)).toEqual(
      expect.arrayContaining(["Purpose of the PA", "Research Objectives", "Required Federal Citations"]),
    );
    expect(units.map((u) => u.text)).toContain(
      "The National Center for Complementary and Alternative Medicine (NCCAM) invites applications for research grants to support secondary analyses of existing data sets regarding complementary and alternative medicine (CAM) use in racial and ethnic minority populations.",
    );
    expect(units.filter((u) => /^\(?https?:/.test(u.text))).toEqual([]);
    // "…may be obtained from current | or past investigator-initiated research": no cut after the adjective.
    expect(bullets(file).filter((b) => /\bfrom current$/.test(b))).toEqual([]);
  });
});

describe("questions and answers", () => {
  // A passport renewal FAQ page (scannablepassport.com/passport-renewal-faq), numbered questions
  // with their answers under them, indented as the page gives them; quoted, not kept.
  const faq = [
    "Passport Renewal Faq",
    "",
    "    1. How far in advance should I renew my passport?",
    "    It is recommended that you renew your passport at least nine months before it expires. Some countries require at least six months validity on your passport before you can enter, so it’s best to plan ahead and avoid any last-minute stress.",
    "",
    "    2. What are the requirements for passport renewal?",
    "    To renew your passport, you will need to fill out a passport renewal form, provide a recent passport photo, your old passport, and proof of citizenship.",
    "",
    "    3. How long does it take to renew a passport?",
    "    The processing time for passport renewal can vary depending on the country and time of year. In general, it can take anywhere from 4-6 weeks for standard processing and 2-3 weeks for expedited processing.",
  ].join("\n");

  it("heads each answer with its question, and shows the answer, not the question, as the points", () => {
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content: faq, n_slides: 4 })).slides;
    expect(slides.map((s) => s.title)).toEqual([
      "How far in advance should I renew my passport?",
      "What are the requirements for passport renewal?",
      "How long does it take to renew a passport?",
    ]);
    for (const s of slides)
      expect(
        s.bullets.filter((b) => b.includes("?")),
        s.title,
      ).toEqual([]);
  });
});

describe("a radio transcript (VOA Special English, public domain)", () => {
  // "This Is America", 21 January 2007, as a blog copied the transcript: speaker labels, a music
  // cue and a photo caption typed as a line of its own; quoted in part.
  const transcript = [
    "Hillary Clinton Enters the Race for a Prize As-Yet Unclaimed by Any Woman in American Politics",
    "",
    "VOICE ONE:",
    "",
    "Senator Hillary Clinton announced Saturday on her Web site that she is forming a presidential exploratory committee.",
    "",
    "(MUSIC)",
    "",
    "VOICE TWO:",
    "",
    "Then in nineteen eighty-seven, the death of a Democratic representative in San Francisco led to a special election. Nancy Pelosi narrowly won her party's nomination to enter the race.",
    "",
    "Nancy Pelosi is welcomed by former speaker Dennis Hastert",
    "Now she holds the powerful job of speaker of the House of Representatives.",
    "",
    "VOICE ONE:",
    "",
    "Displeasure with the Iraq war was a driving force in the victory for the Democrats in the elections last November.",
  ].join("\n");

  it("leaves out its speaker labels and its cue, and reads a caption line as a sentence of its own", () => {
    const source = readSource(transcript);
    const units = source.units.map((u) => u.text);
    expect(units.join("\n")).not.toMatch(/VOICE|MUSIC/);
    expect(source.sections.map((s) => s.heading ?? "").join("\n")).not.toMatch(/VOICE/);
    expect(units).toContain("Nancy Pelosi is welcomed by former speaker Dennis Hastert");
    expect(units).toContain("Now she holds the powerful job of speaker of the House of Representatives.");
  });
});

describe("numbered parts that are not steps", () => {
  it("stay sections: a report's numbered chapters get no steps slide", () => {
    // The section headings of a report (NIST SP 800-63-3, public domain), shortened.
    const report = [
      "Digital Identity Guidelines",
      "",
      "1. Purpose",
      "",
      "This recommendation provides technical guidelines for federal agencies implementing digital identity services.",
      "",
      "2. Introduction",
      "",
      "Digital identity is the unique representation of a subject engaged in an online transaction.",
      "",
      "3. Definitions and Abbreviations",
      "",
      "The terms used in this document are defined in the appendix, along with their abbreviations.",
      "",
      "4. Digital Identity Model",
      "",
      "The model describes the entities and functions involved in digital authentication.",
    ].join("\n");
    const titles = generateOfflineOutline(ZGenerateOptions.parse({ content: report })).slides.map(
      (s) => s.title,
    );
    expect(titles).not.toContain("Step by step");
    expect(titles).toEqual(expect.arrayContaining(["Purpose", "Digital Identity Model"]));
  });
});

describe("key terms", () => {
  const terms = (file: string, language?: string) => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({
        content: readCorpusText(file),
        n_slides: 11,
        ...(language ? { language } : {}),
      }),
    ).slides;
    const title = getPhrases(language ?? "English").keyTerms.toLowerCase();
    return slides.find((s) => s.title.toLowerCase() === title)?.bullets.map(plainText);
  };

  it("are whole names and noun phrases, never a piece of a longer name or a verb's phrase", () => {
    // "Vincent Foster Hopper", "Attended Vassar", "Administrator Lee Zeldin", "NSF's Office of …".
    const shown = [
      ...(terms("biography-grace-hopper.txt") ?? []),
      ...(terms("grant-epa-brownfields-267-million.txt") ?? []),
    ];
    for (const bad of ["Foster Hopper", "Attended Vassar", "Administrator Lee", "York"])
      expect(shown).not.toContain(bad);
    // A whole name stays a term: "Drexel University", "Phi Kappa Phi".
    expect(terms("biography-nasa-james-bagian.txt")).toEqual(expect.arrayContaining(["Drexel University"]));
  });

  it("are not made of Hebrew or Arabic word runs, which no tagger here reads", () => {
    expect(terms("he-encyclopedia-hebrew-wikipedia.txt", "Hebrew")).toBeUndefined();
    expect(terms("ar-news-wiki-palestine-wikipedia-25.txt", "Arabic")).toBeUndefined();
  });
});

describe("how-to pages on preparing for a job interview (quoted in part)", () => {
  // verifiedcareers.co.za/how-to-prepare-for-a-job-interview-step-by-step: "Step N:" lines above
  // each step's list.
  const stepLines = [
    "How to prepare for a job interview step-by-step",
    "",
    "Preparing for a job interview effectively involves several key steps to ensure you present yourself confidently and professionally. Here’s a step-by-step guide:",
    "",
    "Step 1: Understand the Job Role",
    "",
    "  • Read the job description carefully.",
    "  • Identify the key skills, qualifications, and responsibilities.",
    "",
    "Step 2: Research the Company",
    "",
    "  • Visit the company’s website, especially the “About Us” and “Careers” sections.",
    "  • Look up recent news, product launches, or changes.",
    "  • Understand the company culture, mission, and values.",
    "",
    "Step 3: Prepare Answers to Common Questions",
    "",
    "Some common questions include:",
    "",
    "  • Tell me about yourself.",
    "  • Why do you want to work here?",
    "  • What are your strengths and weaknesses?",
  ].join("\n");

  it("reads 'Step N:' lines as the numbered parts they head, listed as the steps", () => {
    const source = readSource(stepLines);
    expect(source.sections.map((s) => [s.number, s.heading])).toEqual(
      expect.arrayContaining([
        [1, "Understand the Job Role"],
        [2, "Research the Company"],
        [3, "Prepare Answers to Common Questions"],
      ]),
    );
    // No item is labelled "Step 2", nor with the clause that introduces its list.
    const units = source.units.map((u) => u.text).join("\n");
    expect(units).not.toMatch(/^Step \d/m);
    expect(units).not.toMatch(/include: Tell me/);
    const slides = generateOfflineOutline(ZGenerateOptions.parse({ content: stepLines })).slides;
    expect(slides.find((s) => s.title === "Step by step")?.bullets).toEqual([
      "Step 1 — Understand the Job Role",
      "Step 2 — Research the Company",
      "Step 3 — Prepare Answers to Common Questions",
    ]);
  });

  it("keeps an item's own label under a question-like intro, and drops a contents box and a byline", () => {
    // linkedin.com/pulse/step-by-step-guide-preparing-your-job-interview-brittsimperial-uid0c and
    // hajipurwaladj.in/blog?id=how-to-prepare-for-a-job-interview-step-by-step.
    const page = [
      "How to Prepare for a Job Interview (Step-by-Step)",
      "Career & Skill DevelopmentPosted on by Neha Desai",
      "",
      "Table Of Contents",
      "Introduction",
      "Preparing for a job interview can feel a bit scary, but it doesn't have to be.",
      "",
      "What to look for:",
      "",
      "  • Key responsibilities: Understand what tasks you’ll be doing.",
      "  • Required skills: Note both technical skills and soft skills.",
      "  • Keywords and phrases: These can often guide your language and responses during the interview.",
    ].join("\n");
    const units = readSource(page).units.map((u) => plainText(u.text));
    expect(units.join("\n")).not.toMatch(/Posted on|Table Of Contents|^Introduction$|What to look for: Key/m);
    expect(units).toContain("Key responsibilities: Understand what tasks you’ll be doing.");
  });

  it("ends a shortened sentence before its side clause, never on the clause's first words", () => {
    const bullet = writeBullet(
      "Before you even think about what you’re going to wear or say, study the job description like your career depends on it—because it does.",
      "standard",
      "sentence",
    ).text;
    expect(bullet).toBe("Study the job description like your career depends on it");
  });

  it("titles a later part after a noun phrase of what it shows, not words run across two bullets", () => {
    const page = [
      "How to Prepare for a Job Interview",
      "",
      "Step 1: Research the Company and Role",
      "Before you walk into an interview, it’s important to learn about the company. You should know what they do, what their goals are, and what kind of people work there. Visit their website and read the “About Us” page. Look at their social media pages and search for any recent news articles. This will help you understand their values, products, and company culture.",
      "Next, read the job description carefully. What skills and experience are they asking for? What tasks will you be doing if you get the job? Write down any questions you have about the role. If you know exactly what they need, you’ll be able to talk about how your experience fits their needs during the interview.",
      "Employers like it when candidates show that they’ve done their homework. It proves you care about the job and that you’re serious about working there.",
      "Step 2: Understand the Interview Format",
      "Not all interviews are the same. Some happen in person, while others take place over the phone or on a video call.",
    ].join("\n");
    const titles = generateOfflineOutline(ZGenerateOptions.parse({ content: page })).slides.map(
      (s) => s.title,
    );
    for (const title of titles) expect(title).not.toMatch(/You[’']|Asking|Fits$/);
  });
});

describe("hurricane-outlook news (fox8live.com 2015, securitymagazine.com 2019; quoted in part)", () => {
  it("drops a station's dateline and copyright line, and splits no clause inside brackets", () => {
    const story = [
      "Forecasters announce updated outlook for 2015 Atlantic hurricane season",
      "",
      "NEW ORLEANS (WVUE) - The lead hurricane forecaster at the National Oceanic and Atmospheric Administration's Climate Prediction Center announced an updated outlook for the 2015 hurricane season.",
      "",
      "These ranges — which include the three named storms to-date (Ana, Bill, and Claudette) — are centered well below the seasonal averages of 12 named storms, 6 hurricanes and three major hurricanes.",
      "",
      "Copyright 2015 WVUE. All rights reserved.",
    ].join("\n");
    const units = readSource(story).units.map((u) => plainText(u.text));
    expect(units.join("\n")).not.toMatch(/WVUE|rights reserved/);
    const all = generateOfflineOutline(ZGenerateOptions.parse({ content: story })).slides.flatMap((s) =>
      s.bullets.map(plainText),
    );
    expect(all.join("\n")).not.toMatch(/^Claudette|to-date$/m);
  });

  it("never cuts a sentence right after a dashed aside, before its main verb", () => {
    expect(
      writeBullet(
        "These ranges — which include the three named storms to-date (Ana, Bill, and Claudette) — are centered well below the seasonal averages of 12 named storms, 6 hurricanes and three major hurricanes.",
        "standard",
        "sentence",
      ).text,
    ).toBe("These ranges are centered well below the seasonal averages");
  });

  it("names an untitled text after a whole name, and titles no slide with a clause or a cut-off figure", () => {
    const story = [
      "The National Oceanic and Atmospheric Administration said in its mid-season outlook that conditions have changed to allow for above normal hurricane activity this year.",
      "",
      "Seasonal forecasters with NOAA’s Climate Prediction Center have increased the likelihood of an above-normal Atlantic hurricane season to 45% (up from 30 percent from the outlook issued in May). The likelihood of near-normal activity is now at 35 percent, and the chance of below-normal activity has dropped to 20 percent.",
      "",
      "The number of predicted storms is also greater with NOAA now expecting 10-17 named storms (winds of 39 mph or greater), of which 5-9 will become hurricanes (winds of 74 mph or greater), including 2-4 major hurricanes (winds of 111 mph or greater). This updated outlook is for the entire six-month hurricane season, which ends Nov. 30.",
      "",
      "On average, the Atlantic hurricane season produces 12 named storms, of which six become hurricanes, including three major hurricanes. NOAA’s hurricane season outlook is for overall seasonal activity and is not a landfall forecast.",
    ].join("\n");
    expect(describeContent(story).title).toBe("National Oceanic and Atmospheric Administration");
    const titles = generateOfflineOutline(ZGenerateOptions.parse({ content: story })).slides.map(
      (s) => s.title,
    );
    for (const title of titles) expect(title).not.toMatch(/^Including|Produces|\d$|^Normal Activity$/);
  });
});

describe("shares stated in a forecast (securitymagazine.com 2019, quoted in part)", () => {
  it("reads a share's subject after 'is now at', 'increased … to' and 'a 90 percent chance of', and no figure in brackets", async () => {
    const { readUnitMetrics } = await import("@/lib/generate/offline/plan-structure");
    expect(
      readUnitMetrics(
        "Seasonal forecasters with NOAA’s Climate Prediction Center have increased the likelihood of an above-normal Atlantic hurricane season to 45% (up from 30 percent from the outlook issued in May).",
      ),
    ).toEqual([{ value: "45%", label: "Likelihood of an above-normal Atlantic hurricane season" }]);
    expect(readUnitMetrics("The likelihood of near-normal activity is now at 35 percent.")).toEqual([
      { value: "35 percent", label: "Likelihood of near-normal activity" },
    ]);
    expect(
      readUnitMetrics(
        "The Climate Prediction Center now calls for a 90 percent chance of a below-normal hurricane season.",
      ),
    ).toEqual([{ value: "90 percent", label: "Chance of a below-normal hurricane season" }]);
    expect(
      readUnitMetrics("NOAA now expects 10-17 named storms (winds of 39 mph or greater)."),
    ).not.toContainEqual(expect.objectContaining({ value: "39" }));
  });
});

describe("a markdown explainer (The Rust Book, appendix G; MIT/Apache-2.0, in the corpus)", () => {
  it("makes no card, title or bullet of an exclamation, and cuts no sentence down to its 'every time' clause", () => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({
        content: readCorpusText("explainer-markdown-rust-release-channels.txt"),
        n_slides: 12,
      }),
    ).slides;
    expect(slides.map((s) => s.title)).not.toContain("Hooray");
    const all = slides.flatMap((s) => s.bullets.map(plainText));
    expect(all).not.toContain("Hooray!");
    expect(all.join("\n")).not.toMatch(/^(?:Now, )?every time you call .* inside$/im);
    expect(
      writeBullet(
        "Now, every time you call `rustc` or `cargo` inside of _~/projects/needs-nightly_, `rustup` will make sure that you are using nightly Rust, rather than your default of stable Rust.",
        "standard",
        "sentence",
      ).text,
    ).toBe("`rustup` will make sure that you are using nightly Rust");
  });
});

describe("untitled Arabic and Hebrew texts", () => {
  it("are named by the opening's first short clause, not a run of words cut out of it", () => {
    // "Wikipedia completed its twenty-fifth year", not "ويكيبيديا عامها الخامس" ("Wikipedia its-year the-fifth").
    expect(describeContent(readCorpusText("ar-news-wiki-palestine-wikipedia-25.txt")).title).toBe(
      "أتمت ويكيبيديا عامها الخامس والعشرين",
    );
    const cover = describeContent(readCorpusText("ar-announcement-wikipedia-25-birthday.txt"));
    expect(cover.title).toBe("تبلغ ويكيبيديا عامها الخامس والعشرين في 15 يناير");
    // The subtitle does not say the title's sentence again.
    expect(cover.subtitle ?? "").not.toContain("تبلغ ويكيبيديا");
  });

  it("title no slide with a figure and its prefix ('ו-3,576', 'and 3,576')", () => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({
        content: readCorpusText("he-encyclopedia-hebrew-wikipedia.txt"),
        language: "Hebrew",
      }),
    ).slides;
    // The counts are the figures' slide, each with the noun it counts.
    expect(slides.flatMap((s) => s.bullets)).toContain("3,576 — עורכים פעילים");
    for (const slide of slides) expect(slide.title).not.toMatch(/\d/);
  });
});

describe("a German comparison page (techsyncer.com, quoted in part)", () => {
  it("cuts no German sentence after a modal that waits for its verb, and repeats no question heading as a point", () => {
    expect(
      cutForeign(
        "Es ist auf Ihrem Betriebssystem (OS) installiert, vorzugsweise auf Linux, kann aber auch auf Windows und macOS installiert werden, das wiederum auf einer physischen oder virtuellen Maschine läuft.",
        14,
        "de",
      )?.text ?? "",
    ).not.toMatch(/kann$/);
    const page = [
      "Kubernetes vs Docker – Was ist der Unterschied?",
      "",
      "Der Docker-Engine ist die beliebteste Plattform für die Ausführung von Containern. Kubernetes ist ein Begriff, den Sie in zunehmendem Maße im Bereich der Containerisierung und Cloud-Computing hören können.",
      "",
      "Was ist Docker?",
      "",
      "Docker ist eine Open-Source-Standalone-Anwendung, die als Engine verwendet wird, um containerisierte Anwendungen auszuführen. Mehrere Docker-Container können gleichzeitig auf einem einzelnen Betriebssystem ausgeführt werden.",
    ].join("\n");
    for (const slide of generateOfflineOutline(ZGenerateOptions.parse({ content: page, language: "German" }))
      .slides)
      expect(
        slide.bullets.map((b) => plainText(b).replace(/[?!.]$/, "")),
        slide.title,
      ).not.toContain(slide.title);
  });
});

describe("a French news page (fr.euronews.com 2018, quoted in part)", () => {
  const page = [
    "Rentrée du gouvernement Macron : toujours plus de réformes",
    "",
    "Rentrée du gouvernement Macron : toujours plus de réformes",
    "Tous droits réservés REUTERS/Charles Platiau",
    "Tous droits réservés REUTERS/Charles Platiau",
    "Par Euronews",
    "Partager cet articleDiscussion",
    "Copier/coller le lien embed de la vidéo de l'article :Copy to clipboardLien copié",
    "",
    "Après un été agité par les affaires Benalla et Kohler, Emmanuel Macron a tenu son premier conseil des ministres.",
    "",
    "PUBLICITÉ",
    "",
    "Après deux semaines de vacances dans le sud de la France, c'est l'heure de la rentrée des classes pour Emmanuel Macron et son gouvernement.",
  ].join("\n");

  it("reads neither its credits, byline, share buttons and advertising mark nor its title twice", () => {
    const units = readSource(page).units.map((u) => plainText(u.text));
    expect(units.join("\n")).not.toMatch(
      /droits réservés|Par Euronews|Partager|Copy to clipboard|PUBLICITÉ|Rentrée du gouvernement/,
    );
  });

  it("cuts no sentence down to its opening phrase", () => {
    expect(
      cutForeign(
        "Après deux semaines de vacances dans le sud de la France, c'est l'heure de la rentrée des classes pour Emmanuel Macron et son gouvernement.",
        14,
        "fr",
      )?.text ?? "",
    ).not.toBe("Après deux semaines de vacances dans le sud de la France");
  });
});
