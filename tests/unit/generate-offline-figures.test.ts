// Figures beyond English sentences: counts in Hebrew, German, Chinese and Japanese read with the
// noun they count; a measure stated at three dates drawn as a chart; a list of periods as a table;
// an encyclopedia page's sections and its era dates. The Hebrew, Chinese, Japanese and PEP 602
// texts are corpus texts (tests/fixtures/corpus/sources.json); the German excerpts come from pages
// found with the search tool's pages corpus:
// - https://www.easyvoyage.de/reiseinformation/rekordbesucherzahlen-in-deutschen-staedten-60896
// - https://www.berliner-zeitung.de/urlaub-diese-staedte-besuchen-besonders-viele-touristen-li.406146
// and the two press releases from:
// - https://capedge.com/filing/320345/0001104659-05-019359/MCRS-8K/file/2 (MICROS, April 2005)
// - https://m.scoop.co.nz/stories/BU0107/S00171/microsoft-announces-record-revenue-for-fiscal-year.htm
import { describe, expect, it } from "vitest";
import { generateLikeApi, readCorpusText } from "@/bench/lib/corpus-decks";
import type { TSlide } from "@/lib/deck/schema";
import { readCountedFigures } from "@/lib/generate/offline/counted-figures";

const EASYVOYAGE = `Die meisten Gästeankünfte konnte natürlich die Hauptstadt verzeichnen. 8,4 Millionen Besucher empfing Berlin von Januar bis November 2010, was einer Steigerung von 10,3 Prozent entspricht.`;

const MICROS = `MICROS REPORTS FISCAL 2005 THIRD QUARTER RESULTS:
RECORD REVENUE, NET INCOME AND EPS;
REVENUE, NET INCOME AND EPS EXCEED EXPECTATIONS
Columbia, Maryland... MICROS Systems, Inc. (Nasdaq:MCRS), a leading supplier of information systems to the hospitality and retail industries, today announced the results for its fiscal 2005 third quarter ended March 31, 2005. Revenue for the quarter was $153.4 million, an increase of $32.4 million, or 26.8%, over the same period last year. Net income for the quarter was $14.2 million, an increase of $6.7 million, or 88.6%, over the year ago third quarter. Earnings per share, on a diluted basis, were $0.35, an increase of $0.16 per share, or 84.2%, over the year ago earnings of $0.19 per share. The quarterly revenue, net income and earnings per share are Company records. The earnings per share results reflect the February 2005 two-for-one stock split, effected in the form of a 100% stock dividend.
Revenue, net income and earnings per share results exceeded consensus expectations.
For the nine-month period ending March 31, 2005, MICROS’s revenue was $425.2 million, an increase of $80.6 million, or 23.4%, over the same period in fiscal 2004. Net income for the nine-month period was $35.6 million, an increase of $14.8 million, or 70.8%, over the same period in fiscal 2004.`;

const MICROSOFT = `Microsoft Announces Record Revenue For Fiscal Year 2001
REDMOND, Wash. - July 19, 2001 - Microsoft Corp. today announced revenue of US$25.30 billion for the fiscal year ended June 30, 2001, a 10 percent increase over the US$22.96 billion reported last year. Operating income totalled US$11.72 billion compared to US$11.01 billion in fiscal 2000.
Including the non-cash charge related to investment impairments announced on July 11, diluted earnings per share were US$1.32, compared to US$1.70 in fiscal 2000.
The company also announced revenue of US$6.58 billion for the quarter ended June 30, 2001, a 13 percent increase over the US$5.80 billion for the same quarter last year. Operating income was US$2.75 billion compared to US$2.55 billion for the same quarter last year.`;

const BERLINER = [
  "In Miami kommen damit auf 100 Einwohner jährlich 1641 Urlauber.",
  "Auf 100 Anwohner von Dubai kommen jährlich 588 Touristen.",
  "Frankfurt ist außerdem die Stadt, die 2010 mit 5 Gästen pro Einwohner das höchste Einwohner/Gast-Verhältnis hatte.",
];

function sentencesOf(file: string): string[] {
  return readCorpusText(file)
    .split(/\n+/)
    .map((l) => l.replace(/\[\d+\]/g, "").trim())
    .filter(Boolean);
}

function slideText(slide: TSlide): string {
  const c = slide.content;
  return [
    c.title,
    ...(c.bullets ?? []),
    ...(c.items ?? []).flatMap((i) => [i.title, i.body ?? ""]),
    ...(c.metrics ?? []).flatMap((m) => [m.value, m.label]),
    ...(c.timeline ?? []).flatMap((e) => [e.date, e.title, e.body ?? ""]),
  ].join(" ");
}

describe("figures counted in other languages", () => {
  it("reads a Hebrew count with the noun after it, and a figure in brackets with the noun before them", () => {
    const [, , counts, ranks] = sentencesOf("he-encyclopedia-hebrew-wikipedia.txt");
    expect(readCountedFigures(counts, "he")).toEqual([
      { value: "351,348", label: "ערכים" },
      { value: "3,576", label: "עורכים פעילים" },
    ]);
    // "ה־37" (the 37th) is a place in an order, "18 במרץ" a date: neither is a figure.
    expect(readCountedFigures(ranks, "he")).toEqual([
      { value: "כ-345 אלף", label: "במספר הערכים" },
      { value: "כ-37.55 מיליון", label: "במספר העריכות" },
    ]);
    expect(readCountedFigures(counts, "he").map((f) => f.value)).not.toContain("18");
  });

  it("gives a Hebrew text its figures as metric cards", async () => {
    const { deck } = await generateLikeApi(readCorpusText("he-encyclopedia-hebrew-wikipedia.txt"));
    const metrics = deck.slides.find((s) => s.layout === "metrics");
    expect(metrics?.content.metrics?.map((m) => m.value)).toEqual([
      "351,348",
      "3,576",
      "כ-345 אלף",
      "כ-37.55 מיליון",
    ]);
    expect(metrics?.content.title).toBe("במספרים");
  });

  it("reads a German count with its scale, and a Chinese one with its counter and the noun after it", () => {
    expect(readCountedFigures(EASYVOYAGE, "de")).toEqual([{ value: "8,4 Millionen", label: "Besucher" }]);
    const voa = readCorpusText("zh-encyclopedia-voice-of-america.txt");
    const sentence = voa.split(/。/).find((s) => s.includes("48种语言")) ?? "";
    expect(readCountedFigures(sentence, "zh")).toContainEqual({ value: "48种", label: "语言" });
  });

  it("leaves a ratio's figures in their sentence", () => {
    for (const sentence of BERLINER) expect(readCountedFigures(sentence, "de")).toEqual([]);
  });

  it("reads a Japanese count with the noun before it, not a century, a generation or an anniversary", () => {
    expect(readCountedFigures("1990年8月(平成2年8月) 入園者50万人を達成", "ja")).toEqual([
      { value: "50万人", label: "入園者" },
    ]);
    expect(readCountedFigures("台風15号により園内樹木約20本の倒木被害、臨時休園とする", "ja")).toEqual([
      { value: "約20本", label: "園内樹木" },
    ]);
    expect(readCountedFigures("開園30周年(予定)", "ja")).toEqual([]);
    expect(
      readCountedFigures("1680年代からは元禄時代。5代徳川綱吉により生類憐みの令などが出される", "ja"),
    ).toEqual([]);
  });
});

describe("an encyclopedia chronology with a measure at three dates", () => {
  it("heads its sections by the lines above the edit links, drops the era dates and charts the visitors", async () => {
    const { deck } = await generateLikeApi(readCorpusText("ja-history-mito-botanical-park-timeline.txt"));
    const titles = deck.slides.map((s) => s.content.title);
    // "沿革" / "[編集]": the history section is named as the page names it, and its second
    // slide by the years it spans.
    expect(titles).toContain("沿革");
    expect(titles).toContain("沿革 1994–2017");
    const events = deck.slides.flatMap((s) => s.content.timeline ?? []);
    expect(events.length).toBeGreaterThanOrEqual(10);
    // "1983年3月(昭和58年3月) …": the era date in brackets is the same date, not the event.
    for (const e of events) expect(e.title).not.toMatch(/^[(（]/);
    const chart = deck.slides.find((s) => s.layout === "chart");
    expect(chart?.content.title).toBe("入園者 (万人)");
    expect(chart?.content.chart?.categories).toEqual(["1990年8月", "1995年5月", "2009年9月"]);
    expect(chart?.content.chart?.series[0]).toMatchObject({ name: "入園者 (万人)", values: [50, 100, 200] });
    // After the chronology it sums up, before the key terms.
    const at = deck.slides.indexOf(chart as TSlide);
    expect(deck.slides[at - 1].layout).toBe("timeline");
    // Era names in brackets ("平成", "昭和") are no key terms.
    const terms = deck.slides.find((s) => s.content.title === "キーワード");
    expect(terms && slideText(terms)).not.toMatch(/平成|昭和/);
  });
});

describe("a list of periods", () => {
  it("shows each phase of a release's seventeen months in a table under the sentence that introduces it", async () => {
    const { deck } = await generateLikeApi(readCorpusText("long-release-plan-pep-602-annual-cycle.txt"));
    const slide = deck.slides.find(
      (s) => s.content.title === "Seventeen months to develop a feature version",
    );
    expect(slide?.layout).toBe("table");
    expect(slide?.content.table?.header).toEqual(["Period", "What happens"]);
    const rows = slide?.content.table?.rows ?? [];
    expect(rows.map((r) => r[0])).toEqual([
      "First five months",
      "Next seven months",
      "Following three months",
      "Final two months",
    ]);
    expect(rows[1][1]).toMatch(/^Versioned alpha releases/);
    expect(rows[2][1]).toMatch(/^Four versioned beta releases/);
    expect(slide?.content.body).toMatch(/developed for around 17 months/);
  });
});

describe("a slide titled by a key phrase", () => {
  it("shows only sentences that speak of the phrase", async () => {
    // The Hebrew text's sentences on its ranks are the figures' slide: no slide is titled "בעולם
    // במספר" ("in the world in the number") over a sentence on the licence.
    const { deck } = await generateLikeApi(readCorpusText("he-encyclopedia-hebrew-wikipedia.txt"));
    for (const slide of deck.slides.filter((s) => s.layout !== "title" && s.layout !== "metrics")) {
      const words = slide.content.title?.split(/\s+/) ?? [];
      const text = (slide.content.bullets ?? []).join(" ");
      if (words.length === 2 && !/סקירה/.test(slide.content.title ?? ""))
        expect(words.every((w) => text.includes(w))).toBe(true);
    }
  });
});

describe("names listed each with a figure in brackets", () => {
  const EASYVOYAGE_CITIES =
    "Zu weiteren beliebten Städten gehörte 2010 Frankfurt am Main (3,4 Mio. Gäste), Köln (2,4 Mio.), Düsseldorf (1,9 Mio.), Dresden (1,5 Mio) und Stuttgart (1,4 Mio.). Frankfurt ist außerdem die Stadt, die 2010 mit 5 Gästen pro Einwohner das höchste Einwohner/Gast-Verhältnis hatte.";

  it("are a table of each name and its figure, headed by what the first one counts", async () => {
    const { deck } = await generateLikeApi(
      `Rekordbesucherzahlen in deutschen Städten\n\n${EASYVOYAGE}\n\n${EASYVOYAGE_CITIES}`,
    );
    const table = deck.slides.find((s) => s.layout === "table");
    expect(table?.content.table?.header).toEqual(["", "Gäste"]);
    expect(table?.content.table?.rows).toEqual([
      ["Frankfurt am Main", "3,4 Mio."],
      ["Köln", "2,4 Mio."],
      ["Düsseldorf", "1,9 Mio."],
      ["Dresden", "1,5 Mio"],
      ["Stuttgart", "1,4 Mio."],
    ]);
    expect(table?.content.body).toBe("Zu weiteren beliebten Städten gehörte 2010:");
  });

  it("are no table when the brackets cite years", async () => {
    const text =
      "Literature review\n\nThe method was first described by Smith (2019), Jones (2020) and Lee (2021), and it has since been applied to coastal towns. Later studies confirmed the effect across regions and seasons.";
    const { deck } = await generateLikeApi(text);
    expect(deck.slides.some((s) => s.layout === "table")).toBe(false);
  });
});

describe("an earnings press release", () => {
  it("is titled by its headline in capitals, and its company line says who announced what", async () => {
    const { deck } = await generateLikeApi(MICROS);
    expect(deck.title).toBe("MICROS Reports Fiscal 2005 Third Quarter Results");
    const text = deck.slides.map(slideText).join("\n");
    // The ticker, the company's description and the dateline are not points.
    expect(text).not.toMatch(/Nasdaq:MCRS|Columbia, Maryland|a leading supplier/);
    expect(text).toContain(
      "MICROS Systems, Inc. today announced the results for its fiscal 2005 third quarter",
    );
    // Its figures are cards, labelled by what they measure; an increase's figure is no card.
    const metrics = deck.slides.find((s) => s.layout === "metrics")?.content.metrics ?? [];
    expect(metrics.slice(0, 2)).toEqual([
      expect.objectContaining({ value: "$153.4 million", label: "Revenue" }),
      expect.objectContaining({ value: "$14.2 million", label: "Net income" }),
    ]);
    expect(metrics.map((m) => m.value)).not.toContain("$0.19");
    // The dates that bound reporting periods ("ending March 31, 2005", "in fiscal 2004") are no
    // chronology.
    expect(deck.slides.some((s) => s.layout === "timeline")).toBe(false);
  });

  it("reads figures in US dollars ('US$25.30 billion') and the amount a noun is of ('revenue of …')", async () => {
    const { deck } = await generateLikeApi(MICROSOFT);
    const metrics = deck.slides.find((s) => s.layout === "metrics")?.content.metrics ?? [];
    expect(metrics.map((m) => [m.value, m.label])).toEqual([
      ["US$25.30 billion", "Revenue"],
      ["US$11.72 billion", "Operating income"],
      ["US$1.32", "Diluted earnings per share"],
    ]);
    // A figure is emphasised whole, never from its decimal point on ("US$11.**72 billion**").
    const bullets = deck.slides.flatMap((s) => s.content.bullets ?? []);
    for (const b of bullets) expect(b).not.toMatch(/\d\.\*\*\d/);
    expect(deck.slides[0].content.subtitle ?? "").not.toMatch(/REDMOND/);
    // A figure or a reporting period is no slide's subject ("Revenue of US$6.58 Billion", "Same
    // Quarter Last Year").
    for (const s of deck.slides)
      expect(s.content.title).not.toMatch(/US\$|\d\s?(?:billion|million)|Same Quarter/i);
  });
});
