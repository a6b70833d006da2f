// The last pass over every provider's slides: empty points, points repeated from an earlier slide
// and points cut mid-clause, as a model or the extractive rules can leave them.
import { describe, expect, it } from "vitest";
import { polishSlides } from "@/lib/generate/polish-slides";

describe("polishSlides", () => {
  it("drops empty and repeated points and the words a cut point stops on", () => {
    const slides = [
      {
        layout: "bullets" as const,
        content: {
          title: "Costs",
          bullets: ["Installation costs **$9,000**", "  ", "Savings are about $1,200 a year while also"],
        },
      },
      {
        layout: "bullets" as const,
        content: {
          title: "Payback",
          bullets: ["Installation costs $9,000.", "It pays back in seven years, and"],
        },
      },
    ];
    const polished = polishSlides(slides);
    expect(polished.map((s) => s.content.bullets)).toEqual([
      ["Installation costs **$9,000**", "Savings are about $1,200 a year"],
      ["It pays back in seven years"],
    ]);
    // The input is left as it was.
    expect(slides[1].content.bullets).toHaveLength(2);
  });

  it("compares points in any script: Japanese points are neither dropped nor taken for each other", () => {
    const polished = polishSlides([
      { content: { title: "江戸", bullets: ["1603年江戸幕府が開かれる", "1603年関ヶ原の戦いの後"] } },
      { content: { title: "明治", bullets: ["1603年江戸幕府が開かれる", "1868年明治維新"] } },
    ]);
    expect(polished.map((s) => s.content.bullets)).toEqual([
      ["1603年江戸幕府が開かれる", "1603年関ヶ原の戦いの後"],
      ["1868年明治維新"],
    ]);
  });

  it("takes the half-open bracket or quotation mark off a point a model cut short", () => {
    const [slide] = polishSlides([
      {
        layout: "bullets" as const,
        content: {
          title: "Program",
          bullets: ["“The program pays for itself within a decade", "Costs fell sharply (from $9,000 to"],
        },
      },
    ]);
    expect(slide.content.bullets).toEqual([
      "The program pays for itself within a decade",
      "Costs fell sharply",
    ]);
  });

  it("keeps a slide's points when every one of them was made before, rather than leave it blank", () => {
    const polished = polishSlides([
      { content: { title: "A", bullets: ["One point"] } },
      { content: { title: "B", bullets: ["One point"] } },
    ]);
    expect(polished[1].content.bullets).toEqual(["One point"]);
  });
  it("does not make again, as a bullet or a card, a point an earlier slide made in nearly the same words", () => {
    // tests/fixtures/corpus/process-quarterly-roadmap-planning.txt lists "Draft preliminary roadmap
    // themes" among week 2's activities and "Draft roadmap themes" among its deliverables.
    const cards = (titles: string[]) => titles.map((title) => ({ title, body: "" }));
    const polished = polishSlides([
      {
        content: {
          title: "Opportunity Prioritization",
          bullets: ["Review and score all opportunities using RICE", "Draft preliminary roadmap themes"],
        },
      },
      {
        content: {
          title: "Deliverables",
          items: cards([
            "RICE-scored opportunity backlog",
            "Draft roadmap themes",
            "Resource allocation estimate",
            "Risk assessment",
          ]),
        },
      },
      {
        content: { title: "Roadmap", bullets: ["Draft roadmap themes", "Share the roadmap with the board"] },
      },
      // Three cards are the least a card slide keeps: none is dropped below that.
      {
        content: {
          title: "Again",
          items: cards(["Risk assessment", "Resource allocation estimate", "Draft roadmap themes"]),
        },
      },
    ]);
    expect(polished[1].content.items?.map((item) => item.title)).toEqual([
      "RICE-scored opportunity backlog",
      "Resource allocation estimate",
      "Risk assessment",
    ]);
    expect(polished[2].content.bullets).toEqual(["Share the roadmap with the board"]);
    expect(polished[3].content.items).toHaveLength(3);
  });
});
