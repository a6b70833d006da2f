// The credit rule table, creditsFor (the actual charge) and estimateCredits (the reservation):
// the estimate must never be below what the generator then delivers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { creditRuleTable } from "@/lib/credits/credit-rules";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import { creditsFor } from "@/lib/credits/credits-for";
import { estimateCredits } from "@/lib/credits/estimate-credits";
import { slidesFromOutlineInputs } from "@/lib/generate/build-deck";
import { requestFrame } from "@/lib/generate/frame-slides";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { parseSlideMarkdown } from "@/lib/generate/parse-outline";

const article = readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/text/article-heat-pumps.md"),
  "utf8",
);
const DEFAULT_RULES = { perSlide: 1, perAiImage: 2, perAiEdit: 1, perDocumentPage: 0 };

const ENV = [
  "CREDITS_PER_SLIDE",
  "CREDITS_PER_AI_IMAGE",
  "CREDITS_PER_AI_EDIT",
  "CREDITS_PER_DOCUMENT_PAGE",
  "CREDITS_GRANT",
  "CREDITS_ENFORCE",
];
afterEach(() => {
  for (const name of ENV) delete process.env[name];
});

/** The offline generator run the way POST /api/v1/ppt/presentation/generate runs it (no files). */
async function deliveredSlides(body: Record<string, unknown>): Promise<number> {
  const input = ZGeneratePresentationRequest.parse(body);
  const outline = input.slides_markdown?.map((md) => parseSlideMarkdown(md));
  const { frame, contentSlides } = requestFrame(input);
  const { deck } = await generateDeck(
    getProvider({}),
    {
      content: input.content,
      instructions: input.instructions,
      tone: input.tone,
      verbosity: input.verbosity,
      language: input.language,
      n_slides: contentSlides,
      frame,
      include_title_slide: frame.title,
      include_table_of_contents: frame.agenda,
      markdown_emphasis: input.markdown_emphasis,
      template: input.template,
      theme: input.theme,
    },
    outline,
  );
  return deck.slides.length;
}

describe("credit settings and the rule table", () => {
  it("defaults: 1 a slide, 2 an AI image, 1 an AI edit, 0 a document page, grant 100, enforced", () => {
    expect(getCreditSettings({})).toEqual({ rules: DEFAULT_RULES, grant: 100, enforce: true });
    expect(creditRuleTable(DEFAULT_RULES).map((r) => [r.rule, r.credits, r.env])).toEqual([
      ["per_slide", 1, "CREDITS_PER_SLIDE"],
      ["per_ai_image", 2, "CREDITS_PER_AI_IMAGE"],
      ["per_ai_edit", 1, "CREDITS_PER_AI_EDIT"],
      ["per_document_page", 0, "CREDITS_PER_DOCUMENT_PAGE"],
    ]);
    for (const row of creditRuleTable()) expect(row.description.length).toBeGreaterThan(20);
  });

  it("reads every variable; blank means default; yes/no words for enforcement", () => {
    const settings = getCreditSettings({
      CREDITS_PER_SLIDE: "3",
      CREDITS_PER_AI_IMAGE: "5",
      CREDITS_PER_AI_EDIT: "0",
      CREDITS_PER_DOCUMENT_PAGE: " 1 ",
      CREDITS_GRANT: "",
      CREDITS_ENFORCE: "off",
    });
    expect(settings).toEqual({
      rules: { perSlide: 3, perAiImage: 5, perAiEdit: 0, perDocumentPage: 1 },
      grant: 100,
      enforce: false,
    });
    for (const no of ["false", "0", "no", "off"])
      expect(getCreditSettings({ CREDITS_ENFORCE: no }).enforce).toBe(false);
    for (const yes of ["true", "1", "yes", "on"])
      expect(getCreditSettings({ CREDITS_ENFORCE: yes }).enforce).toBe(true);
  });

  it("refuses negative, fractional or unreadable values with the variable's name", () => {
    expect(() => getCreditSettings({ CREDITS_PER_SLIDE: "-1" })).toThrow(/CREDITS_PER_SLIDE/);
    expect(() => getCreditSettings({ CREDITS_PER_AI_IMAGE: "1.5" })).toThrow(/CREDITS_PER_AI_IMAGE/);
    expect(() => getCreditSettings({ CREDITS_ENFORCE: "maybe" })).toThrow(/CREDITS_ENFORCE/);
    expect(() => getCreditSettings({ CREDITS_GRANT: "2000000000" })).toThrow(/CREDITS_GRANT/);
  });
});

describe("creditsFor", () => {
  const deck = { slides: Array.from({ length: 5 }, () => ({})) } as never;

  it("prices slides, AI images and document pages by the rules in force", () => {
    expect(creditsFor(deck, { aiImages: 2, documentPages: 30 }, DEFAULT_RULES)).toBe(5 + 4 + 0);
    process.env.CREDITS_PER_SLIDE = "2";
    process.env.CREDITS_PER_DOCUMENT_PAGE = "1";
    expect(creditsFor(deck, { aiImages: 2, documentPages: 30 })).toBe(10 + 4 + 30);
  });

  it("costs nothing when every rule is 0", () => {
    const free = { perSlide: 0, perAiImage: 0, perAiEdit: 0, perDocumentPage: 0 };
    expect(creditsFor(deck, { aiImages: 3, documentPages: 3 }, free)).toBe(0);
  });
});

describe("estimateCredits", () => {
  it("prices outline slides and JSON slides one slide each", () => {
    const fromSlides = ZGenerateFromSlidesRequest.parse({ slides: [{ content: "A" }, { content: "B" }] });
    expect(estimateCredits("generate_from_slides", fromSlides, { rules: DEFAULT_RULES })).toBe(2);
    expect(slidesFromOutlineInputs(fromSlides.slides, { markdownEmphasis: true })).toHaveLength(2);
    const json = ZCreateFromJsonRequest.parse({
      slides: [
        { layout: "title", content: { title: "Hello" } },
        { layout: "bullets", content: { title: "Points", bullets: ["a", "b"] } },
        { layout: "closing", content: { title: "Bye" } },
      ],
    });
    expect(estimateCredits("create_from_json", json, { rules: { ...DEFAULT_RULES, perSlide: 3 } })).toBe(9);
  });

  // Each case: the request, and the slides the deck must have: n_slides, the frame (title slide,
  // agenda, closing) counted inside it; a given outline adds the frame to its items.
  const CASES: [string, Record<string, unknown>, number][] = [
    ["defaults: 8 with the title slide", {}, 8],
    ["n_slides 10 with the title slide", { n_slides: 10 }, 10],
    ["no title slide", { include_title_slide: false, n_slides: 3 }, 3],
    ["table of contents", { n_slides: 4, include_table_of_contents: true }, 4],
    [
      "table of contents, no title slide",
      { n_slides: 10, include_table_of_contents: true, include_title_slide: false },
      10,
    ],
    [
      "table of contents refused by the instructions",
      { n_slides: 4, include_table_of_contents: true, instructions: "No agenda please." },
      4,
    ],
    [
      "agenda and closing asked in the instructions",
      { n_slides: 4, instructions: "Add an agenda and end with a thank-you slide." },
      4,
    ],
    ["a summary counts inside n_slides", { n_slides: 5, instructions: "Finish with a summary slide." }, 5],
    [
      "a call to action counts inside n_slides",
      { n_slides: 5, instructions: "End with a call to action." },
      5,
    ],
    ["one slide leaves out the title slide and agenda", { n_slides: 1, include_table_of_contents: true }, 1],
    ["two slides leave out the agenda", { n_slides: 2, include_table_of_contents: true }, 2],
    [
      "slides_markdown sets the count",
      { n_slides: 12, slides_markdown: ["# A\n- a", "# B\n- b", "# C\n- c"] },
      4,
    ],
  ];

  it.each(CASES)("%s: the estimate is exactly the slides delivered", async (_name, body, slides) => {
    const request = ZGeneratePresentationRequest.parse({ content: article, ...body });
    expect(await deliveredSlides({ content: article, ...body })).toBe(slides);
    expect(estimateCredits("generate_presentation", request, { rules: DEFAULT_RULES })).toBe(slides);
  });

  it("reserves an AI picture for every content slide (not the title slide) when image_type is ai-generated", () => {
    const request = ZGeneratePresentationRequest.parse({
      content: article,
      n_slides: 6,
      image_type: "ai-generated",
    });
    expect(estimateCredits("generate_presentation", request, { rules: DEFAULT_RULES })).toBe(6 + 5 * 2);
    const stock = ZGeneratePresentationRequest.parse({ content: article, n_slides: 6 });
    expect(estimateCredits("generate_presentation", stock, { rules: DEFAULT_RULES })).toBe(6);
  });

  it("adds the uploaded documents' pages at CREDITS_PER_DOCUMENT_PAGE", () => {
    const request = ZGeneratePresentationRequest.parse({ files: ["f1"], n_slides: 2 });
    const rules = { ...DEFAULT_RULES, perDocumentPage: 2 };
    expect(estimateCredits("generate_presentation", request, { rules, documentPages: 12 })).toBe(2 + 24);
    expect(estimateCredits("generate_presentation", request, { rules })).toBe(2);
  });

  it("reads the rules from the environment when none are passed", () => {
    process.env.CREDITS_PER_SLIDE = "4";
    const request = ZGeneratePresentationRequest.parse({ content: article, n_slides: 2 });
    expect(estimateCredits("generate_presentation", request)).toBe(8);
  });
});
