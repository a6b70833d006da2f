// The offline AI editor on free-form requests and deck-made slides, on decks the offline generator
// makes from real third-party texts (tests/fixtures/corpus, sources in its README): a request no
// rule reads word for word is mapped to the nearest edit and the summary says how it was read; an
// agenda, a summary and a closing are made from the deck's own slides; "add a slide about risks"
// finds the deck's challenges and threats too. Every new slide passes the deck-quality floors
// (no cut sentences, not thin).
import { beforeAll, describe, expect, it } from "vitest";
import { bodyTexts, countWords, cutReason, isVisual } from "@/bench/lib/deck-quality-metrics";
import { type TDeck, type TSlide, ZSlide } from "@/lib/deck/schema";
import { buildEditContext } from "@/lib/edit/edit-context";
import { EditRefusal } from "@/lib/edit/edit-refusal";
import { finishSlides } from "@/lib/edit/finish-slides";
import { editOffline } from "@/lib/edit/offline/edit-offline";
import { nearestEdit } from "@/lib/edit/offline/nearest-edit";
import { readAddSlide } from "@/lib/edit/offline/rules/add-slide";
import { readFrameSlide } from "@/lib/edit/offline/rules/frame-slide";
import { slideProblems } from "@/lib/edit/slide-problems";
import { corpusDeck } from "./ai-edit-fixtures";

let distress: TDeck; // 18F's guide to projects in distress (markdown, CC0)
let grants: TDeck; // EPA brownfields grant announcement (US government work)
let earnings: TDeck; // Microsoft's FY20 Q2 earnings release
let hoover: TDeck; // Library of Congress, Hoover Dam history

beforeAll(async () => {
  [distress, grants, earnings, hoover] = await Promise.all([
    corpusDeck("markdown-guide-18f-projects-in-distress.txt"),
    corpusDeck("grant-epa-brownfields-267-million.txt"),
    corpusDeck("earnings-microsoft-q2-fy2020.txt"),
    corpusDeck("history-hoover-dam-loc.txt"),
  ]);
}, 60_000);

const bySlide = (deck: TDeck, layout: string) => deck.slides.find((s) => s.layout === layout) as TSlide;

function edit(deck: TDeck, slide: TSlide, prompt: string) {
  const ctx = buildEditContext(deck, slide);
  const result = editOffline(prompt, ctx);
  const slides = finishSlides(result.slides, ctx);
  for (const s of slides) {
    expect(ZSlide.safeParse(s).success).toBe(true);
    expect(slideProblems(s.layout, s.content)).toEqual([]);
  }
  const added = slides.filter((s) => !deck.slides.some((d) => d.id === s.id));
  return { ...result, slides, added, edited: slides.find((s) => s.id === slide.id) as TSlide };
}

function refusal(deck: TDeck, slide: TSlide, prompt: string): string {
  try {
    editOffline(prompt, buildEditContext(deck, slide));
  } catch (error) {
    expect(error).toBeInstanceOf(EditRefusal);
    return (error as Error).message;
  }
  throw new Error(`"${prompt}" was not refused`);
}

/** The deck-quality floors a new content slide must pass: no cut sentence, not thin. */
function expectPassesFloors(slide: TSlide) {
  const texts = bodyTexts(slide.content);
  for (const text of texts) expect(cutReason(text, true), text).toBeNull();
  const words = texts.reduce((n, t) => n + countWords(t), 0);
  expect(words >= 15 || isVisual(slide), `thin: ${words} words`).toBe(true);
}

describe("free-form requests", () => {
  it("reads a request about tone as the change the slide needs most, and says so", () => {
    const slide = distress.slides.find(
      (s) => s.layout === "bullets" && (s.content.bullets?.length ?? 0) >= 5,
    ) as TSlide;
    const { edited, summary, warnings } = edit(distress, slide, "Fix the tone, make it more professional");
    expect(summary).toMatch(
      /^Read “Fix the tone, make it more professional” as “make it shorter” \(the offline rules cannot change wording or tone/,
    );
    expect(summary).toMatch(/shortened the slide from \d+ to \d+ words/);
    expect(countWords(bodyTexts(edited.content).join(" "))).toBeLessThan(
      countWords(bodyTexts(slide.content).join(" ")),
    );
    expect(warnings.join(" ")).toContain("LLM_PROVIDER");
  });

  it("makes a plain list visual for “make this more engaging”", () => {
    const slide = distress.slides.find((s) => s.layout === "bullets") as TSlide;
    const { edited, summary } = edit(distress, slide, "can you make this more engaging?");
    expect(summary).toMatch(/^Read “make this more engaging” as “make it visual”/);
    expect(isVisual(edited)).toBe(true);
    expect(edited.content.image?.query ?? edited.content.items?.length).toBeTruthy();
  });

  it("refuses, saying what the slide already shows, when the nearest edit cannot be made", () => {
    const message = refusal(earnings, bySlide(earnings, "metrics"), "make this more engaging");
    expect(message).toMatch(/^Read “make this more engaging” as “make it visual”.*already shows key figures/);
  });

  it("answers a request with no word it can map in a few lines, with examples", () => {
    const message = refusal(hoover, hoover.slides[2] as TSlide, "make it funnier");
    expect(message).toMatch(
      /^The offline editor \(no LLM provider is configured\) does not understand "make it funnier"\./,
    );
    expect(message.length).toBeLessThan(450);
    expect(nearestEdit("write it as a sonnet", hoover.slides[2] as TSlide)).toBeNull();
  });
});

describe("slides made from the deck", () => {
  it("adds a summary with one whole point from each content slide after the edited slide", () => {
    const slide = hoover.slides[2] as TSlide;
    const { slides, added, summary } = edit(hoover, slide, "Add a summary slide");
    expect(added).toHaveLength(1);
    const [made] = added;
    expect(slides.indexOf(made)).toBe(slides.findIndex((s) => s.id === slide.id) + 1);
    expect(made.content.title).toBe("Key Takeaways");
    expect(made.content.bullets?.length).toBeGreaterThanOrEqual(3);
    for (const b of made.content.bullets ?? []) expect(countWords(b)).toBeLessThanOrEqual(18);
    expectPassesFloors(made);
    expect(made.notes).toMatch(/^One point from each of: /);
    expect(summary).toMatch(/^Added a summary slide "Key Takeaways" with \d points/);
  });

  it("adds an agenda of the deck's slide titles and a closing slide, in the deck's words", () => {
    const agenda = edit(grants, grants.slides[1] as TSlide, "add an agenda slide before this one");
    const [made] = agenda.added;
    expect(made.layout).toBe("agenda");
    expect(agenda.slides[0]).toBe(made);
    const titles = grants.slides.filter((s) => !["title", "agenda", "closing", "section"].includes(s.layout));
    expect(made.content.bullets).toEqual([...new Set(titles.map((s) => s.content.title))].slice(0, 8));
    const closing = edit(grants, grants.slides[1] as TSlide, "add a thank-you slide").added[0];
    expect(closing).toMatchObject({ layout: "closing", content: { title: "Thank you" } });
  });

  it("finds what the deck says about risks in its challenges and threats too", () => {
    const slide = distress.slides[1] as TSlide;
    const { added, warnings } = edit(distress, slide, "Add a slide about risks");
    const [made] = added;
    expect(made.content.title).toBe("Risks");
    expect(made.layout).not.toBe("section");
    expect(bodyTexts(made.content).length).toBeGreaterThanOrEqual(3);
    expectPassesFloors(made);
    expect(warnings).toEqual([]);
    // A deck that says nothing about them gets a titled divider, and is told why.
    const none = edit(grants, grants.slides[1] as TSlide, "Add a slide about risks");
    expect(none.added[0]).toMatchObject({ layout: "section", content: { title: "Risks" } });
    expect(none.warnings[0]).toContain('The deck says nothing about "risks"');
  });

  it("reads which slide is asked for", () => {
    expect(readFrameSlide("add a recap slide")).toEqual({ kind: "summary", before: false });
    expect(readFrameSlide("Insert the table of contents before this slide")).toEqual({
      kind: "agenda",
      before: true,
    });
    expect(readFrameSlide("add a Q&A slide")).toEqual({ kind: "closing", before: false });
    expect(readFrameSlide("summarise the deck")).toEqual({ kind: "summary", before: false });
    expect(readFrameSlide("summarize it")).toBeNull();
    expect(readFrameSlide("add a chart")).toBeNull();
    expect(readAddSlide("add next steps")).toEqual({ topic: "next steps", before: false });
    expect(readAddSlide("add a section on costs")).toEqual({ topic: "costs", before: false });
    expect(readAddSlide("add icons")).toBeNull();
    expect(readAddSlide("add a chart")).toBeNull();
  });
});
