// The offline AI editor's rules on real decks: what each request does to the slide's content,
// what it refuses (and why), and how the router reads prompts (courtesy words, combined requests).
import { describe, expect, it } from "vitest";
import { type TSlide, ZSlide } from "@/lib/deck/schema";
import { buildEditContext } from "@/lib/edit/edit-context";
import { EditRefusal } from "@/lib/edit/edit-refusal";
import { finishSlides } from "@/lib/edit/finish-slides";
import { editOffline, normalizePrompt, planOffline } from "@/lib/edit/offline/edit-offline";
import { readAddSlide } from "@/lib/edit/offline/rules/add-slide";
import { readReshape } from "@/lib/edit/offline/rules/reshape";
import { readTitle } from "@/lib/edit/offline/rules/retitle";
import { readSplit } from "@/lib/edit/offline/rules/split-slide";
import { asksTranslation } from "@/lib/edit/offline/rules/translate";
import { slideProblems } from "@/lib/edit/slide-problems";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { contextOf, generatedDeck, SOLAR, slideOf } from "./ai-edit-fixtures";

/** Runs a prompt on a slide of SOLAR and checks the proposal is a valid set of slides. */
function edit(id: string, prompt: string, deck = SOLAR) {
  const ctx = contextOf(deck, id);
  const result = editOffline(prompt, ctx);
  const slides = finishSlides(result.slides, ctx);
  for (const slide of slides) {
    expect(ZSlide.safeParse(slide).success).toBe(true);
    expect(slideProblems(slide.layout, slide.content)).toEqual([]);
  }
  return { ...result, slides, edited: slides.find((s) => s.id === id) as TSlide };
}

/** The refusal message of a prompt on a slide. */
function refusal(id: string, prompt: string): string {
  try {
    editOffline(prompt, contextOf(SOLAR, id));
  } catch (error) {
    expect(error).toBeInstanceOf(EditRefusal);
    return (error as Error).message;
  }
  throw new Error(`"${prompt}" was not refused`);
}

const words = (texts: readonly string[]) => texts.reduce((n, t) => n + countWords(t), 0);

describe("shorten", () => {
  it("keeps the most central bullets, cut at clean boundaries with every figure, and moves the rest to the notes", () => {
    const before = slideOf(SOLAR, "s2");
    const { edited, summary, warnings } = edit("s2", "make it shorter");
    const bullets = edited.content.bullets ?? [];
    expect(edited.layout).toBe("bullets");
    expect(bullets).toHaveLength(3);
    expect(words(bullets)).toBeLessThan(words(before.content.bullets ?? []) * 0.6);
    // The figure survives the cut; the lead is cut to its first sentence.
    expect(bullets.join(" ")).toContain("$3,200");
    expect(edited.content.body).toBe("Rural clinics lose power nine hours a week.");
    // Nothing is lost: what was cut is in the speaker notes, after the notes the slide had.
    expect(edited.notes?.startsWith(before.notes ?? "")).toBe(true);
    expect(edited.notes).toContain("• Generators are loud and expensive to run.");
    const dropped = (before.content.bullets ?? []).filter((b) => edited.notes?.includes(`• ${b}`));
    expect(dropped).toEqual([
      "Vaccines spoil when the fridges warm up during a power cut, which happens several times every week",
      "Staff spend hours every week driving to town to buy fuel for the generators",
    ]);
    expect(summary).toMatch(/^Shortened the slide from 91 to \d+ words \(5 bullets → 3\)\.$/);
    expect(warnings).toEqual(["What was cut (3 bullets or sentences) is in the speaker notes."]);
  });

  it("shortens real generated bullets without breaking a figure off", async () => {
    const deck = await generatedDeck("report-quarterly-results.md");
    const slide = deck.slides.find((s) => s.content.title === "Costs and Margins") as TSlide;
    const { edited } = edit(slide.id, "trim it", deck);
    expect(edited.id).toBe(slide.id);
    expect(words(edited.content.bullets ?? [])).toBeLessThan(words(slide.content.bullets ?? []));
    expect(edited.content.bullets?.[0]).toBe("Freight costs fell **14%** per order");
    for (const b of edited.content.bullets ?? []) expect(b).not.toMatch(/\b(?:to|of|and|the|at)$/);
  });

  it("refuses a slide that is already short (nothing charged for an unchanged proposal)", () => {
    expect(refusal("s3", "make it shorter")).toBe(
      "The slide is already as short as the offline rules can make it: its texts are a few words each.",
    );
  });

  it("shortens only the title when the prompt says so", () => {
    const deck = structuredClone(SOLAR);
    slideOf(deck, "s2").content.title =
      "Why rural clinics in the northern districts need reliable electric power, day and night";
    const { edited } = edit("s2", "shorter title", deck);
    expect(edited.content.title).toBe("Why rural clinics need reliable electric power, day and night");
    expect(edited.content.bullets).toEqual(slideOf(deck, "s2").content.bullets);
  });
});

describe("simplify", () => {
  it("writes formal words plainly and drops side remarks, keeping figures", () => {
    const { edited, summary } = edit("s6", "use plain language");
    expect(edited.content.bullets).toEqual([
      "We will use about 40 panels per site to help cold storage",
      "Clinics are required to submit more monthly reports before the second payment",
    ]);
    expect(edited.content.title).toBe("How the programme works");
    expect(summary).toBe("Rewrote the slide in plainer words.");
  });

  it("refuses when nothing is plainer", () => {
    expect(refusal("s3", "simpler")).toMatch(/already plain/);
  });
});

describe("expand", () => {
  it("adds what the speaker notes say that the slide does not show, as bullets", () => {
    const { edited, summary } = edit("s10", "more detail please");
    expect(edited.content.bullets).toEqual([
      "Who maintains the batteries after the warranty ends",
      "Theft of panels is a risk in remote sites",
      "Battery replacement after eight years is the biggest cost risk",
    ]);
    expect(edited.notes).toBe(slideOf(SOLAR, "s10").notes);
    expect(summary).toBe("Added 2 bullets from the speaker notes.");
  });

  it("gives a card without text the notes sentence about it", () => {
    const { edited } = edit("s11", "expand");
    expect(edited.content.items?.[2]).toEqual({
      title: "Water pumps",
      body: "Water pumps can run on the same panels during the day",
    });
    expect(edited.content.items?.[1]).toEqual({ title: "Lighting", icon: "lightbulb" });
  });

  it("says there is nothing to add rather than inventing", () => {
    expect(refusal("s4", "expand")).toBe(
      "Nothing to add: the slide has no speaker notes to take detail from, and the offline rules do not write new content (an LLM provider can: set LLM_PROVIDER).",
    );
    // s3's notes hold one sentence the slide does not show: it becomes a bullet; asked again, nothing is left.
    const once = edit("s3", "add more detail").edited;
    expect(once.content.bullets?.at(-1)).toBe("Prices quoted by two suppliers in March");
    const deck = structuredClone(SOLAR);
    slideOf(deck, "s3").content = once.content;
    expect(() => editOffline("add more detail", contextOf(deck, "s3"))).toThrow(
      /^Nothing to add: the speaker notes say nothing the slide does not already show/,
    );
  });
});

describe("retitle, emphasis, pictures and icons", () => {
  it.each([
    ["title: Costs per site", "Costs per site"],
    ['rename the title to "Why power matters"', "Why power matters"],
    ["change the title to Power, fuel and risk", "Power, fuel and risk"],
    ["call it Field notes", "Field notes"],
  ])("%s", (prompt, title) => {
    expect(readTitle(normalizePrompt(prompt))).toBe(title);
    const { edited, summary } = edit("s2", prompt);
    expect(edited.content.title).toBe(title);
    expect(edited.content.bullets).toEqual(slideOf(SOLAR, "s2").content.bullets);
    expect(summary).toBe(`Retitled the slide "${title}".`);
  });

  it("bolds the figures, and takes emphasis off again", () => {
    const { edited } = edit("s3", "emphasise the numbers");
    expect(edited.content.bullets).toEqual([
      "Panels: **$6,000**",
      "Batteries: **$4,500**",
      "Installation: **$1,500**",
    ]);
    const deck = structuredClone(SOLAR);
    slideOf(deck, "s3").content = edited.content;
    expect(edit("s3", "remove the bold", deck).edited.content.bullets).toEqual(
      slideOf(SOLAR, "s3").content.bullets,
    );
    expect(refusal("s10", "bold the figures")).toMatch(/no figures to emphasise/);
  });

  it("removes a picture: a picture layout becomes a bullets slide with the same text", () => {
    const { edited } = edit("s7", "remove the image");
    expect(edited.layout).toBe("bullets");
    expect(edited.content.image).toBeUndefined();
    expect(edited.content.bullets).toEqual(slideOf(SOLAR, "s7").content.bullets);
    expect(refusal("s3", "delete the picture")).toBe("The slide has no picture to remove.");
  });

  it("adds icons to cards that have none, and removes them", () => {
    const { edited, summary } = edit("s11", "add icons");
    const icons = edited.content.items?.map((i) => i.icon);
    expect(icons?.[1]).toBe("lightbulb");
    expect(icons?.every((i) => typeof i === "string" && i.length > 0)).toBe(true);
    expect(summary).toBe("Gave 2 cards an icon.");
    const removed = edit("s11", "remove the icons").edited;
    expect(removed.content.items?.some((i) => i.icon)).toBe(false);
  });
});

describe("split and add slides", () => {
  it("shares the bullets over two slides: the first keeps id, lead and notes, the next gets a new id and (cont.)", () => {
    const { slides, summary } = edit("s2", "split into two slides");
    expect(slides).toHaveLength(2);
    const [first, second] = slides;
    const bullets = slideOf(SOLAR, "s2").content.bullets ?? [];
    expect(first.id).toBe("s2");
    expect(first.content.bullets).toEqual(bullets.slice(0, 3));
    expect(first.notes).toBe(slideOf(SOLAR, "s2").notes);
    expect(second.id).toMatch(/^[0-9a-f]{8}$/);
    expect(SOLAR.slides.map((s) => s.id)).not.toContain(second.id);
    expect(second.content).toEqual({ title: "Why clinics need power (cont.)", bullets: bullets.slice(3) });
    expect(summary).toBe("Split the slide's 5 bullets over 2 slides.");
    expect(edit("s2", "break it into three slides").slides.map((s) => s.content.bullets?.length)).toEqual([
      2, 2, 1,
    ]);
  });

  it("splits a chart's points and a comparison's two sides alike", () => {
    const deck = structuredClone(SOLAR);
    deck.slides.push(
      {
        id: "c1",
        layout: "chart",
        content: {
          title: "Sites",
          bullets: ["Counted in May"],
          chart: {
            type: "column",
            categories: ["A", "B", "C"],
            series: [{ name: "Panels", values: [40, 32, 12] }],
          },
        },
      },
      {
        id: "c2",
        layout: "comparison",
        content: {
          title: "Solar or diesel",
          columns: [
            { heading: "Solar", bullets: ["No fuel", "Silent", "Clean"] },
            { heading: "Diesel", bullets: ["Cheap", "Loud"] },
          ],
        },
      },
    );
    const chart = edit("c1", "split into two slides", deck).slides;
    expect(
      chart.map((s) => [s.content.chart?.categories, s.content.chart?.series[0].values, s.content.bullets]),
    ).toEqual([
      [["A", "B"], [40, 32], ["Counted in May"]],
      [["C"], [12], undefined],
    ]);
    const sides = edit("c2", "split it", deck).slides;
    expect(sides.map((s) => s.content.columns?.map((c) => c.bullets))).toEqual([
      [["No fuel", "Silent"], ["Cheap"]],
      [["Clean"], ["Loud"]],
    ]);
  });

  it("refuses to split what has no list, or too short a one", () => {
    expect(refusal("s1", "split into two slides")).toMatch(/no list/);
    expect(refusal("s4", "split into four slides")).toBe(
      "Splitting into 4 slides needs at least 4 bullets; the slide has 3.",
    );
  });

  it("adds a slide about a topic from the sentences the deck already has about it", () => {
    const { slides, summary, warnings } = edit("s3", "add a slide about risks");
    expect(slides).toHaveLength(2);
    expect(slides[0]).toEqual(slideOf(SOLAR, "s3"));
    const added = slides[1];
    expect(added.id).toMatch(/^[0-9a-f]{8}$/);
    expect(added.content.title).toBe("Risks");
    expect(added.content.bullets).toEqual([
      "Theft of panels is a risk in remote sites",
      "Battery replacement after eight years is the biggest cost risk",
    ]);
    expect(added.notes).toBe('Taken from: slide 10 ("Open questions").');
    expect(summary).toBe(
      'Added a slide "Risks" after the slide with 2 points the deck already makes about it.',
    );
    expect(warnings).toEqual([]);
  });

  it("adds a section divider and says so when the deck says nothing about the topic; never invents text", () => {
    const { slides, warnings } = edit("s3", "add a new slide on unicorns before this one");
    expect(slides.map((s) => [s.layout, s.content])).toEqual([
      ["section", { title: "Unicorns" }],
      ["bullets", slideOf(SOLAR, "s3").content],
    ]);
    expect(warnings[0]).toMatch(
      /^The deck says nothing about "unicorns", and the offline rules cannot write new content/,
    );
  });

  it("finds a topic in a real generated deck", async () => {
    const deck = await generatedDeck("report-quarterly-results.md");
    const { slides } = edit("s1", "add a slide about gross margin", deck);
    expect(slides[1].content.title).toBe("Gross Margin");
    expect(JSON.stringify(slides[1].content)).toContain("46.3%");
  });
});

describe("the router", () => {
  it("drops courtesy words and trailing punctuation", () => {
    expect(normalizePrompt("  Could you please   make it shorter, thanks!  ")).toBe("make it shorter");
    expect(normalizePrompt("Please turn this into a table.")).toBe("turn this into a table");
  });

  it("runs combined requests in order, and keeps a title or topic whole", () => {
    expect(planOffline("make it shorter and simpler")).toHaveLength(2);
    expect(planOffline("compare pros and cons")).toHaveLength(1);
    expect(planOffline("title: Costs, risks and plans")).toHaveLength(1);
    const { edited, summary } = edit("s3", "bold the numbers and then turn into a table");
    expect(edited.layout).toBe("table");
    expect(edited.content.table?.rows).toEqual([
      ["Panels", "**$6,000**"],
      ["Batteries", "**$4,500**"],
      ["Installation", "**$1,500**"],
    ]);
    expect(summary).toMatch(
      /^Set the figures of 3 lines in bold; turned the slide into a table of 3 rows and 2 columns/,
    );
  });

  it("does the parts of a combined request it can and reports the part it cannot", () => {
    const { edited, warnings } = edit("s3", "Please make it shorter and bold the numbers!");
    expect(edited.content.bullets?.[0]).toBe("Panels: **$6,000**");
    expect(warnings).toEqual([
      "Not done: The slide is already as short as the offline rules can make it: its texts are a few words each.",
    ]);
  });

  it("refuses an unknown prompt, naming it and listing what it understands", () => {
    const message = refusal("s2", "make it funnier");
    expect(message).toMatch(
      /^The offline editor \(no LLM provider is configured\) does not understand "make it funnier"\./,
    );
    for (const ask of [
      "make it shorter",
      "turn into a table",
      "add a slide about <topic>",
      "split into two slides",
      "remove the image",
    ])
      expect(message).toContain(ask);
    expect(message).toContain("Set LLM_PROVIDER");
  });

  it("says translation needs an LLM", () => {
    expect(asksTranslation("translate this slide")).toBe(true);
    expect(asksTranslation("put it in Spanish")).toBe(true);
    expect(asksTranslation("turn it into a table")).toBe(false);
    expect(refusal("s2", "Translate to French")).toMatch(/^Translating needs a language model/);
  });

  it.each([
    ["turn into a table", "table", undefined],
    ["convert the bullets to a pie chart", "chart", "pie"],
    ["make it a timeline", "timeline", undefined],
    ["change the layout to image-left", "image-left", undefined],
    ["use two columns", "two-column", undefined],
    ["as a quote", "quote", undefined],
    ["bar chart", "chart", "bar"],
    ["table of contents", "agenda", undefined],
    ["put it in a table with two columns", "table", undefined],
    ["make it shorter", null, undefined],
    ["use simpler words", null, undefined],
  ])("reads %j as a layout", (prompt, layout, chartType) => {
    const target = readReshape(prompt);
    expect(target?.layout ?? null).toBe(layout);
    expect(target?.chartType).toBe(chartType);
  });

  it("reads split counts and topics", () => {
    expect(readSplit("split into three slides")).toBe(3);
    expect(readSplit("split it")).toBe(2);
    expect(readSplit("split into two columns")).toBeNull();
    expect(readAddSlide("add a slide about the risks after this one")).toEqual({
      topic: "risks",
      before: false,
    });
    expect(readAddSlide("insert a slide on 'Funding' before this slide")).toEqual({
      topic: "Funding",
      before: true,
    });
  });
});

describe("finishSlides", () => {
  it("refuses a proposal without the edited slide, and gives new slides unique ids", () => {
    const ctx = buildEditContext(SOLAR, slideOf(SOLAR, "s3"));
    expect(() => finishSlides([{ layout: "section", content: { title: "X" } }], ctx)).toThrow(/exactly once/);
    const slides = finishSlides(
      [
        { ...slideOf(SOLAR, "s3") },
        ...Array.from({ length: 5 }, () => ({ layout: "section" as const, content: { title: "X" } })),
      ],
      ctx,
    );
    expect(new Set(slides.map((s) => s.id)).size).toBe(6);
    expect(() => finishSlides([{ id: "s3", layout: "table", content: { title: "No table" } }], ctx)).toThrow(
      /needs 'table'/,
    );
  });

  it("keeps plain text plain", () => {
    expect(plainText("**a**")).toBe("a");
  });
});
