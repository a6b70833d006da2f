import { describe, expect, it } from "vitest";
import { LAYOUT_IDS, TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { api } from "./helpers";

describe("GET /api/v1/ppt/templates", () => {
  it("lists every template with every layout's content schema, and the themes", async () => {
    const res = await api("/api/v1/ppt/templates");
    expect(res.status).toBe(200);
    expect(res.json.templates.map((t: { id: string }) => t.id)).toEqual([...TEMPLATE_IDS]);
    for (const template of res.json.templates) {
      expect(template.layouts.map((l: { id: string }) => l.id)).toEqual([...LAYOUT_IDS]);
      const chart = template.layouts.find((l: { id: string }) => l.id === "chart");
      expect(chart.requires).toEqual(["chart"]);
      expect(chart.content_schema.required).toEqual(["chart"]);
      expect(chart.content_schema.properties.chart.properties.type.enum).toContain("pie");
    }
    expect(res.json.themes.map((t: { id: string }) => t.id)).toEqual([...THEME_IDS]);
    expect(new Set(res.json.themes.map((t: { mode: string }) => t.mode))).toEqual(new Set(["light", "dark"]));
    expect((await api("/api/v3/templates")).json).toEqual(res.json);
  });

  it("needs an API key", async () => {
    expect((await api("/api/v1/ppt/templates", { key: null })).status).toBe(401);
  });
});
