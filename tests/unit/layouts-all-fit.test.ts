// Every layout in every template and theme, fed more content than any slide should carry: the
// boxes it draws must hold their text, stay on the slide and keep out of each other's way.
import { describe, expect, it } from "vitest";
import {
  CHART_TYPES,
  LAYOUT_IDS,
  type TDeck,
  TEMPLATE_IDS,
  type TLayoutId,
  type TSlideContent,
  type TThemeId,
} from "@/lib/deck/schema";
import { layoutSlide } from "@/lib/layouts/layout-deck";
import { LAYOUTS } from "@/lib/layouts/slide-layouts/layouts";
import { TEMPLATES } from "@/lib/layouts/templates";
import { THEMES } from "@/lib/layouts/themes";
import { DECK, expectPageFits, oversized } from "./layout-fit-checks";

// Light and dark, and each face pairing: sans (light), serif over sans (midnight), serif (sunset).
// Themes of one pairing share their geometry, so the others would repeat these.
const THEME_IDS: TThemeId[] = ["light", "midnight", "sunset"];

function layOut(layout: TLayoutId, content: TSlideContent, template: TDeck["template"], theme: TThemeId) {
  return layoutSlide({ ...DECK, template, theme }, { id: "s", layout, content });
}

describe("every layout", () => {
  it("is covered: the layout table has exactly the schema's layout ids", () => {
    expect(Object.keys(LAYOUTS).sort()).toEqual([...LAYOUT_IDS].sort());
    expect(Object.keys(TEMPLATES).sort()).toEqual([...TEMPLATE_IDS].sort());
    for (const theme of THEME_IDS) expect(THEMES[theme]).toBeDefined();
    expect(new Set(THEME_IDS.map((theme) => THEMES[theme].mode))).toEqual(new Set(["light", "dark"]));
  });

  const cases = TEMPLATE_IDS.flatMap((template, t) =>
    THEME_IDS.map((theme, h) => ({ template, theme, chart: CHART_TYPES[(t + h) % CHART_TYPES.length] })),
  );

  describe.each(cases)("in $template / $theme", ({ template, theme, chart }) => {
    const content = oversized(chart);

    it.each([...LAYOUT_IDS])("%s holds oversized content without overflow or overlap", (layout) => {
      const pages = layOut(layout, content, template, theme);
      expect(pages.length).toBeGreaterThan(0);
      for (const [index, page] of pages.entries()) {
        expect(page.slideId).toBe("s");
        expectPageFits(page, `${layout} page ${index + 1}`);
      }
    });

    it.each([...LAYOUT_IDS])("%s draws an empty or title-only slide without crashing", (layout) => {
      for (const bare of [{}, { title: "Only a title" }] satisfies TSlideContent[]) {
        const pages = layOut(layout, bare, template, theme);
        expect(pages.length).toBeGreaterThan(0);
        for (const [index, page] of pages.entries()) expectPageFits(page, `${layout} bare page ${index + 1}`);
      }
    });
  });
});
