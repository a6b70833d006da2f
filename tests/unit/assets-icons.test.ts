import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_ICON, findIcon, searchIcons } from "@/lib/assets/icons/find-icon";
import { iconCatalog } from "@/lib/assets/icons/icon-catalog";
import { iconElements, iconSvg } from "@/lib/assets/icons/icon-svg";
import { ICON_SYNONYMS } from "@/lib/assets/icons/icon-synonyms";
import { iconDataUri, svgDataUri } from "@/lib/assets/icons/svg-data-uri";

describe("iconCatalog", () => {
  it("loads the whole Lucide set with tags and resolves old names to current ones", () => {
    const { icons, aliases } = iconCatalog();
    expect(icons.size).toBeGreaterThan(1500);
    expect(icons.get("shield")?.tags).toContain("secure");
    expect(icons.get("rocket")?.nodes.length).toBeGreaterThan(0);
    expect(aliases.get("alert-triangle")).toBe("triangle-alert");
    expect(aliases.get("bar-chart")).toMatch(/^chart-/);
  });

  it("has every topic synonym's icon", () => {
    const { icons } = iconCatalog();
    const missing = Object.entries(ICON_SYNONYMS).filter(([, name]) => !icons.has(name));
    expect(missing).toEqual([]);
  });
});

describe("findIcon", () => {
  it.each([
    ["money", ["banknote", "coins", "wallet", "dollar-sign", "circle-dollar-sign", "piggy-bank"]],
    ["security", ["shield-check", "shield", "lock", "shield-lock"]],
    ["team", ["users", "users-round", "user-group", "users-collaboration"]],
    ["growth", ["trending-up", "chart-line", "sprout"]],
    ["time", ["clock", "timer", "hourglass"]],
    ["energy", ["zap", "battery-charging", "plug-zap"]],
    ["health", ["heart-pulse", "stethoscope", "activity"]],
    ["data", ["database", "chart-column"]],
    ["cloud", ["cloud"]],
    ["education", ["graduation-cap", "school", "book-open"]],
  ])("finds a fitting icon for %j", (query, fitting) => {
    expect(fitting).toContain(findIcon(query));
  });

  it("takes exact names, aliases and spaced names as they are", () => {
    expect(findIcon("rocket")).toBe("rocket");
    expect(findIcon("alert-triangle")).toBe("triangle-alert");
    expect(findIcon("Shield Check")).toBe("shield-check");
  });

  it("reads slide titles: plurals, stop words, and the head of the phrase", () => {
    expect(findIcon("Our teams")).toBe(findIcon("team"));
    expect(findIcon("Revenue growth in Q3")).toBe("trending-up");
    expect(findIcon("Customer support")).toBe("life-buoy");
    expect(findIcon("Machine learning models")).toBe("brain-circuit");
  });

  it("finds the nearest icon for a topic Lucide draws no icon of", () => {
    expect(searchIcons("bee")[0]).toBe("bug");
    expect(findIcon("Beehive swarm")).toBe("bug");
    expect(findIcon("Our beehives")).toBe("hexagon");
    expect(findIcon("Pollinators")).toBe("flower");
    expect(findIcon("Dairy farming")).toBe("tractor");
  });

  it("falls back to the default icon for words it cannot place", () => {
    expect(findIcon("qwertyzz")).toBe(DEFAULT_ICON);
    expect(findIcon("")).toBe(DEFAULT_ICON);
    expect(findIcon("2024 !!")).toBe(DEFAULT_ICON);
    expect(iconCatalog().icons.has(DEFAULT_ICON)).toBe(true);
  });

  it("ranks several candidates for a picker, the best one first", () => {
    const results = searchIcons("security", 8);
    expect(results[0]).toBe(findIcon("security"));
    expect(results.length).toBe(8);
    expect(new Set(results).size).toBe(8);
    expect(searchIcons("qwertyzz")).toEqual([]);
  });
});

describe("iconSvg", () => {
  it("draws the icon in the given colour and stroke width", async () => {
    const svg = iconSvg("shield-check", "#FF0000", 1.5);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(svg).toContain('stroke="#FF0000"');
    expect(svg).toContain('stroke-width="1.5"');
    expect(svg).not.toContain("currentColor");
    const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let inked = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i + 3] > 128) {
        inked++;
        // Every drawn pixel is the stroke colour.
        expect(data[i]).toBeGreaterThan(200);
        expect(data[i + 1]).toBeLessThan(60);
      }
    }
    expect(inked).toBeGreaterThan(500);
  });

  it("fills Lucide's solid dots with the colour too", () => {
    const dotted = [...iconCatalog().icons.values()].find((icon) =>
      icon.nodes.some(([, attributes]) => attributes.fill === "currentColor"),
    );
    expect(dotted).toBeDefined();
    expect(iconElements(dotted?.name ?? "", "#123456")).toContain('fill="#123456"');
  });

  it("resolves keywords, and makes data URIs", () => {
    expect(iconSvg("money", "#000000")).toBe(iconSvg(findIcon("money"), "#000000"));
    const uri = iconDataUri("rocket", "#000000");
    expect(uri.startsWith("data:image/svg+xml;base64,")).toBe(true);
    expect(Buffer.from(uri.split(",")[1], "base64").toString("utf8")).toBe(iconSvg("rocket", "#000000"));
    expect(svgDataUri("<svg/>")).toBe(
      `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`,
    );
  });
});
