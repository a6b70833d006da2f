// A slide's title names what the slide shows, and a short text's slides look at the material from
// another angle (its quotation, its labelled fields, its dated events) rather than splitting it.
// Sources and licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { plainText, terms } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) })).slides.map(
    (s) => ({ ...s, bullets: s.bullets.map((b) => plainText(b)) }),
  );

describe("a slide whose quotation another slide shows (Microsoft's Q2 FY2020 results, 5 slides)", () => {
  it("is not titled by a phrase of that quotation", () => {
    const slides = outline(readCorpusText("earnings-microsoft-q2-fy2020.txt"), 5);
    const shared = (title: string, bullets: string[]) => {
      const said = new Set(bullets.flatMap((b) => terms(b)));
      return terms(title).some((t) => said.has(t));
    };
    const returned = slides.find((s) =>
      s.bullets.some((b) => b.startsWith("Microsoft returned $8.5 billion")),
    );
    expect(returned).toBeDefined();
    expect(shared(returned?.title ?? "", returned?.bullets ?? []), returned?.title).toBe(true);
    expect(slides.map((s) => s.title)).not.toContain("Commercial Cloud Revenue");
  });
});

describe("a roadmap by phases (plain-text headings, each over a paragraph and its tasks)", () => {
  const text = readCorpusText("roadmap-edrawmax-product-iteration.txt");

  it("ends a list item at the line that heads the next phase", async () => {
    const { parseBlocks } = await import("@/lib/generate/parse-blocks");
    const items = parseBlocks(text).flatMap((b) => (b.kind === "item" ? [b.text] : []));
    expect(items).toContain("Gather and analyze feedback");
    expect(items).toContain("Conduct major version upgrade and launch");
    expect(items.filter((t) => /Milestones|End of the Year/.test(t))).toEqual([]);
  });

  it("shows the phases in order on a timeline, each phase on a slide of its own, and no steps", () => {
    for (const n of [undefined, 5, 12]) {
      const slides = outline(text, n);
      const timeline = slides.find((s) => s.bullets.length >= 4 && s.bullets.every((b) => / — /.test(b)));
      expect(timeline?.bullets.map((b) => b.split(" — ")[0])).toEqual([
        "Start of the Year",
        "End of the First Quarter",
        "Mid-year Milestones",
        "End of the Third Quarter",
        "End of the Year",
      ]);
      // "By the end of the first quarter, the team focuses…": the label says when, the event what.
      expect(timeline?.bullets[1]).toBe(
        "End of the First Quarter — The team focuses on refining the user experience",
      );
      // Each phase's tasks are that phase's, not one procedure's steps.
      expect(slides.flatMap((s) => s.bullets).filter((b) => /^Step \d/.test(b))).toEqual([]);
      if (n !== 5)
        expect(slides.map((s) => s.title)).toEqual(
          expect.arrayContaining(["Mid-year Milestones", "End of the Year"]),
        );
    }
  });
});

describe("a planning process by week with labelled lists and fields run together", () => {
  const text = readCorpusText("process-quarterly-roadmap-planning.txt");
  const slides = outline(text);

  it("reads 'Week 1: Data Gathering & Analysis' as a part and its lists' name once per slide", () => {
    expect(slides.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Week 1: Data Gathering & Analysis", "Week 2: Opportunity Prioritization"]),
    );
    for (const s of slides) {
      expect(s.title).not.toMatch(/^(\w+) & \1$/);
      const labels = s.bullets.map((b) => /^(\w+):\s/.exec(b)?.[1]).filter(Boolean);
      expect(labels.length < 2 || new Set(labels).size > 1, `${s.title}: ${s.bullets.join(" / ")}`).toBe(
        true,
      );
    }
  });

  it("shows the page's run-together fields as four fields, and no figure cut out of a range or a bracket", () => {
    const all = slides.flatMap((s) => s.bullets);
    for (const field of ["Frequency", "Duration", "Owner", "Outcome"])
      expect(
        all.filter((b) => b.startsWith(`${field}: `)),
        field,
      ).toHaveLength(1);
    expect(all.find((b) => b.startsWith("Duration: "))).toBe("Duration: 2-3 weeks of planning activities");
    expect(all.filter((b) => /^(?:2|4) — /.test(b) || /\(\s/.test(b))).toEqual([]);
    expect(slides.map((s) => s.title)).not.toContain("Q Start");
  });
});

describe("a how-to that ends on a link to its video", () => {
  it("leaves out the line that introduces the video, and the link", () => {
    const slides = outline(readCorpusText("howto-mamaslatinas-repot-houseplant.txt"));
    const all = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(all).not.toMatch(/visual person|youtube|Embedded content/i);
  });
});
