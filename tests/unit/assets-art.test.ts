import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateArt } from "@/lib/assets/art/generate-art";
import { findIcon } from "@/lib/assets/icons/find-icon";
import { iconElements } from "@/lib/assets/icons/icon-svg";
import { THEMES } from "@/lib/layouts/themes";

const LIGHT = THEMES.light.palette;
const DARK = THEMES.dark.palette;
const SEEDS = ["Revenue growth", "Data security", "Our team", "Cloud migration", "Energy", "Hiring plan"];

/** Rasterises an SVG and returns the mean and standard deviation of its luminance. */
async function pixelStats(
  svg: string,
): Promise<{ mean: number; stdev: number; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(240)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    sum += data[i];
    squares += data[i] * data[i];
  }
  const n = data.length / info.channels;
  const mean = sum / n;
  return { mean, stdev: Math.sqrt(squares / n - mean * mean), width: info.width, height: info.height };
}

describe("generateArt", () => {
  it("is deterministic for a seed and palette", () => {
    for (const seed of SEEDS) expect(generateArt(seed, LIGHT)).toBe(generateArt(seed, LIGHT));
  });

  it("differs across seeds and across themes", () => {
    const pictures = SEEDS.map((seed) => generateArt(seed, LIGHT));
    expect(new Set(pictures).size).toBe(SEEDS.length);
    for (const seed of SEEDS) expect(generateArt(seed, DARK)).not.toBe(generateArt(seed, LIGHT));
    // The theme's colours are the picture's colours.
    expect(generateArt("Data security", THEMES.sunset.palette)).toMatch(/#C2410C|#DB2777/i);
  });

  it("is valid SVG of the requested aspect that rasterises to a varied image", async () => {
    for (const palette of [LIGHT, DARK, THEMES.forest.palette, THEMES.midnight.palette]) {
      for (const seed of SEEDS) {
        const svg = generateArt(seed, palette, { width: 560, height: 720 });
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="560" height="720" viewBox="0 0 560 720"/,
        );
        const stats = await pixelStats(svg);
        expect(stats.height / stats.width).toBeCloseTo(720 / 560, 1);
        // Not a flat box: gradients, shapes and the motif give real contrast.
        expect(stats.stdev, `${seed} is too flat`).toBeGreaterThan(8);
      }
    }
  });

  it("is darker on a dark theme than on a light one", async () => {
    let lighter = 0;
    for (const seed of SEEDS) {
      const light = await pixelStats(generateArt(seed, LIGHT));
      const dark = await pixelStats(generateArt(seed, DARK));
      if (light.mean > dark.mean) lighter++;
    }
    expect(lighter).toBe(SEEDS.length);
  });

  it("draws the topic icon as its motif unless told not to", () => {
    const motif = iconElements(findIcon("Data security"), "#FFFFFF");
    const path = motif.match(/d="([^"]+)"/)?.[1] ?? "";
    expect(path).not.toBe("");
    expect(generateArt("Data security", LIGHT)).toContain(path);
    expect(generateArt("Data security", LIGHT, { motif: false })).not.toContain(path);
    const rocket = iconElements("rocket").match(/d="([^"]+)"/)?.[1] ?? "";
    expect(generateArt("Data security", LIGHT, { motif: "rocket" })).toContain(rocket);
  });

  // The offline illustration of a picture's query draws the icon its words pick (names, Lucide's
  // tags, topic synonyms), not a generic motif; only words nothing matches get DEFAULT_ICON.
  it.each([
    ["beehive swarm", "bug"],
    ["quarterly revenue growth", "trending-up"],
    ["Q3 results", "chart-column"],
    ["solar panels on rooftops", "solar-panel"],
    ["coffee shop interior", "coffee"],
    ["customer support call center", "phone"],
    ["cloud migration roadmap", "cloud"],
    ["employee onboarding", "user-plus"],
    ["qwzx vlorp", "sparkles"],
  ])("draws '%s' with the %s icon", (query, icon) => {
    expect(findIcon(query)).toBe(icon);
    const art = generateArt(query, LIGHT, { width: 576, height: 720 });
    const paths = [...iconElements(icon).matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(art).toContain(path);
    // Deterministic: the same query draws the same picture.
    expect(generateArt(query, LIGHT, { width: 576, height: 720 })).toBe(art);
  });
});
