/**
 * How far LibreOffice's rendering of our PPTX may drift from our PDF before the parity test fails,
 * set from measured runs (figures in bench/README.md). The bench marks pages beyond them; the unit
 * test asserts them.
 */
import type { TLayoutId } from "@/lib/deck/schema";
import type { TPageParity, TScript } from "./compare-pdf";

/**
 * Largest share of differing pixels on a Latin-script page, per layout: 1.25 × the worst page of
 * the full corpus (npm run bench:parity, 22 Nov 2026; figures in bench/README.md), rounded up.
 * Text dominates the figure: LibreOffice sets lines about 1 pt lower than our PDF, so the edges of
 * every glyph differ by a pixel row at 48 dpi, and dense pages (the long-text deck) score highest.
 * Text itself is held by the word check below; these limits catch what is drawn wrongly or not at
 * all (a missing picture, chart, table band or background).
 */
export const LATIN_PIXEL_LIMITS: Record<TLayoutId, number> = {
  title: 0.008, // measured max 0.62 %
  section: 0.006, // 0.43 %
  agenda: 0.007, // 0.51 %
  bullets: 0.085, // 6.75 % (long text; 3.03 % on a normal slide)
  "two-column": 0.078, // 6.17 % (long text; 1.59 %)
  "image-left": 0.026, // 2.04 % (25 Nov 2026: short text is set larger since)
  "image-right": 0.027, // 2.11 % (25 Nov 2026: short text is set larger since)
  "icons-grid": 0.022, // 1.73 %
  metrics: 0.012, // 0.96 %
  quote: 0.087, // 6.89 % (long text; 1.82 %)
  table: 0.018, // 1.40 %
  chart: 0.017, // 1.32 %
  timeline: 0.025, // 1.99 %
  comparison: 0.026, // 2.08 %
  closing: 0.008, // 0.63 %
};

/**
 * CJK and RTL pages, any layout. Their figure depends on the machine: without a system font for the
 * script LibreOffice draws empty boxes (CJK on a Debian machine with only fonts-liberation) or
 * DejaVu Sans (Arabic, Hebrew) where our PDF draws the embedded Noto glyphs.
 */
export const SCRIPT_PIXEL_LIMITS: Record<Exclude<TScript, "latin">, number> = {
  // 25 Nov 2026: a short bullet page sets its text larger since, so more glyph edges differ where
  // LibreOffice has no font for the script (3.66 % and 2.43 % before).
  cjk: 0.06, // 4.75 %
  rtl: 0.042, // 3.30 %
};

/**
 * Latin words of a page that may land on another line in LibreOffice than in our PDF: one, or 2%
 * of the page's words. The PPTX gives viewers exactly the width the layout wrapped to, and
 * LibreOffice 7.4 sets lines about 0.5% narrower than its fonts' advances add up to, so a word
 * whose line came within that margin of the width can still join the line above there. Measured
 * (npm run bench:parity, 22 Nov 2026, after the wrap widths were aligned): 5 of 3,138 Latin words
 * on 73 pages; at most 1 on a normal slide, 4 of 250 on the long serif page. Naming Verdana instead
 * of Arial moves 51 of 58 (the control in tests/unit/parity.test.ts).
 */
export function movedWordsLimit(words: number): number {
  return Math.max(1, Math.floor(words * 0.02));
}

/** The pixel limit of one page. */
export function pixelLimit(page: Pick<TPageParity, "script" | "layout">): number {
  return page.script === "latin" ? LATIN_PIXEL_LIMITS[page.layout] : SCRIPT_PIXEL_LIMITS[page.script];
}

/** Why a page fails the parity limits; empty when it passes. */
export function parityFailures(page: TPageParity): string[] {
  const failures: string[] = [];
  const limit = pixelLimit(page);
  if (page.ratio > limit) {
    failures.push(`${(page.ratio * 100).toFixed(2)}% of pixels differ (limit ${(limit * 100).toFixed(1)}%)`);
  }
  if (page.script === "latin") {
    if (page.unmatchedWords.length > movedWordsLimit(page.words)) {
      failures.push(
        `${page.unmatchedWords.length} words moved or missing: ${page.unmatchedWords.slice(0, 8).join(" ")}`,
      );
    }
  }
  return failures;
}
