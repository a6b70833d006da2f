// Listings and records copied from web pages: fields asked as questions in capitals ("WHAT DOES IT
// FUND? …") are one list of labelled entries, a name the page broke over two lines is whole again,
// what the page asks of the mouse ("Click here for more information.") is no point and no subtitle,
// a label before a colon leads its text instead of standing for it, and a name alone among cards
// that each say something is no card. Sources and licences: tests/fixtures/pages/sources.json.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateLikeApi } from "@/bench/lib/corpus-decks";
import { readItems } from "@/lib/generate/content-shape";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { isFiller } from "@/lib/generate/offline/rank-units";
import { readSource } from "@/lib/generate/offline/read-source";
import { plainText } from "@/lib/generate/offline/tokenize";
import { endsMidClause, writeBullet } from "@/lib/generate/offline/write-bullet";
import { ZGenerateOptions } from "@/lib/generate/types";

const page = (file: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/pages", file), "utf8");
const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) }));

describe("a weekly grants listing (National Special Districts Coalition)", () => {
  const text = page("grants-update-nsdc-2024-06-28.txt");

  it("reads each grant's questions in capitals as labelled entries, leaving out the one unanswered", () => {
    const items = readSource(text)
      .units.filter((u) => u.kind === "item")
      .map((u) => plainText(u.text));
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^What does it fund: This program encourages the expansion of broadband/),
        expect.stringMatching(/^Who's eligible: State and local governments/),
        "Total funding amount: $25 million",
        "When's it due: August 20, 2024",
        "Total funding amount: $2,583,428",
      ]),
    );
    // The second grant's due date is blank on the page: no entry asks it.
    expect(items.filter((item) => item.startsWith("When's it due"))).toHaveLength(1);
    // "Click here for more information." after an answer is the page's, not the grant's.
    expect(items.join("\n")).not.toMatch(/click here/i);
  });

  it("joins 'Department of' with 'Agriculture', the line the page broke it on", () => {
    const texts = readSource(text).units.map((u) => plainText(u.text));
    expect(texts.join("\n")).not.toMatch(/Department of\n/);
    const deck = outline(text);
    const said = deck.slides.flatMap((s) => [s.title, ...s.bullets]).map(plainText);
    expect(said).not.toContain("Department of");
    expect(said).not.toContain("Agriculture");
  });

  it("shows the first grant's fields under its name, no point or subtitle asking for a click", () => {
    for (const n of [undefined, 5, 12]) {
      const deck = outline(text, n);
      const grant = deck.slides.find((s) => s.title === "FY 2024 Broadband Technical Assistance");
      expect(grant?.bullets.map(plainText)).toEqual([
        expect.stringMatching(/^What does it fund: This program encourages/),
        expect.stringMatching(/^Who's eligible: State and local governments/),
        "Total funding amount: $25 million",
        "When's it due: August 20, 2024",
      ]);
      const all = [deck.subtitle ?? "", ...deck.slides.flatMap((s) => s.bullets)].join("\n");
      expect(all).not.toMatch(/\bclick\b/i);
      // A question is never a bullet on its own.
      expect(deck.slides.flatMap((s) => s.bullets).filter((b) => /\?$/.test(plainText(b)))).toEqual([]);
    }
  });
});

describe("what a page asks of its reader's mouse", () => {
  it("is filler, as a page's own notes are", () => {
    for (const line of [
      "Click here for more information.",
      "Click the images below to register!",
      "For more details, click here.",
      "Tap the button to subscribe.",
    ])
      expect(isFiller(line), line).toBe(true);
    for (const line of [
      "Clicking the link opens the form in a new window.",
      "Users click here and there without reading the page.",
      "The button reads 'Register'.",
    ])
      expect(isFiller(line), line).toBe(false);
  });
});

describe("a label before a colon", () => {
  it("leads its shortened text instead of standing for it alone", () => {
    const fund = writeBullet(
      "What does it fund: The purpose of the program is to support projects that increase the purchase of fluid milk among low-income consumers participating in the Supplemental Nutrition Assistance Program (SNAP) by providing incentives at the point of purchase.",
      "standard",
      "item",
    );
    expect(fund.text).toMatch(/^What does it fund: The purpose of the program is to support/);
    const issue = writeBullet(
      "Impacted Requirements: The failure to accurately classify recipients as subrecipients or contractors has resulted in incorrect reporting and oversight of approximately $86 million in funds.",
      "standard",
      "item",
    );
    expect(issue.text).toMatch(
      /^Impacted Requirements: The failure to accurately classify recipients .* in incorrect reporting/,
    );
    expect(issue.quality).toBeGreaterThanOrEqual(0.5);
  });

  it("is no label when it is a clause that announces what follows", () => {
    const features = writeBullet(
      "PostgreSQL has some nice features like: Generate_series, custom aggregate functions, arrays etc. other hand MySQL has also some nice feature",
      "standard",
      "sentence",
    );
    expect(features.text).toBe("PostgreSQL has some nice features");
  });
});

describe("cards of an audit finding (State of Missouri, 2023-010)", () => {
  it("leave out a name alone ('Finding Text', the heading below the list) among cards that say something", () => {
    const items = readItems([
      "Core Issue: The OA lacks established policies for monitoring subrecipients",
      "Impacted Requirements: Incorrect reporting of about $86 million",
      "Recommended Follow-Up: Develop clear policies and procedures",
      "Finding Text",
    ]);
    expect(items?.map((item) => item.title)).toEqual([
      "Core Issue",
      "Impacted Requirements",
      "Recommended Follow-Up",
    ]);
    // Names alone, all of them, are cards all the same; two cards with text are too few.
    expect(readItems(["Solar", "Wind", "Hydro"])?.length).toBe(3);
    expect(readItems(["Solar: the sun's heat", "Wind: moving air", "Hydro", "Tidal"])).toBeNull();
  });

  it("makes no empty card of the finding's heading in the deck", async () => {
    const { deck } = await generateLikeApi(page("audit-finding-missouri-slfrf-2023-010.txt"));
    const slide = deck.slides.find(
      (s) => "items" in s.content && s.content.items?.some((card) => card.title === "Core Issue"),
    );
    const cards = slide && "items" in slide.content ? (slide.content.items ?? []) : [];
    expect(cards.map((card) => card.title)).toEqual([
      "Core Issue",
      "Impacted Requirements",
      "Recommended Follow-Up",
    ]);
    for (const card of cards) expect(card.body?.trim(), card.title).toBeTruthy();
  });
});

describe("news stories copied from their pages (UPI, dpa-AFX)", () => {
  const upi = page("news-upi-walking-mortality-2017.txt");
  const dpa = page("news-dpa-walking-4000-steps-2025.txt");

  it("leaves out the byline with its time, the share buttons and an agency's dateline", () => {
    const said = (text: string) =>
      readSource(text)
        .units.map((u) => plainText(u.text))
        .join("\n");
    expect(said(upi)).not.toMatch(/Amy Wallace|share with/);
    expect(said(dpa)).not.toMatch(/WASHINGTON|dpa-AFX/);
    expect(said(dpa)).toMatch(/^A new Harvard University study, published in the British Journal/);
  });

  it("shows a sentence with no clean cut whole, or without its side material, never cut before its verb", () => {
    const study = writeBullet(
      "A new Harvard University study, published in the British Journal of Sports Medicine, found that even walking 4,000 steps a day just once or twice a week can lower the risk of dying early or developing heart disease.",
      "standard",
      "sentence",
    );
    expect(study.text).toBe(
      "A new Harvard University study found that even walking 4,000 steps a day just once or twice a week can lower the risk of dying early or developing heart disease",
    );
    expect(study.quality).toBeLessThan(0.5);
    const suggests = writeBullet(
      "A new study, published today in the American Journal of Preventive Medicine, suggests instead that regular walking, even without meeting minimum requirements, can lower a person's mortality risk when compared to being sedentary.",
      "standard",
      "sentence",
    );
    expect(suggests.text).toMatch(/can lower a person's mortality risk/);
  });

  it("reads a cut that stops before what it announces as mid-clause", () => {
    for (const cut of [
      "A new study suggests instead that regular walking",
      "The researchers said the key message is that the total amount",
      "Walking was also linked to specific types of lower mortality risks, for example",
      "Research showed that walking for less than two hours a week was linked",
      "A new Harvard University study, published in the British Journal",
    ])
      expect(endsMidClause(cut), cut).toBe(true);
    for (const whole of [
      "The study found that walking lowers the risk",
      "Walking is linked to a lower risk of heart disease",
      "The findings show a strong link but don't prove cause and effect",
      "The report, published in March, was well received",
    ])
      expect(endsMidClause(whole), whole).toBe(false);
  });

  it("makes decks of both whose bullets are whole claims", () => {
    for (const text of [upi, dpa]) {
      const deck = outline(text);
      for (const bullet of deck.slides.flatMap((s) => s.bullets).map(plainText))
        expect(endsMidClause(bullet), bullet).toBe(false);
    }
  });
});
