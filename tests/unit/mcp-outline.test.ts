// The MCP outline resource's text (lib/mcp/deck-outline.ts) and the JSON-RPC body check of
// POST /api/mcp (lib/api/schemas/mcp.ts): pure functions, no server.
import { describe, expect, it } from "vitest";
import { invalidFields } from "@/lib/api/errors";
import { MCP_MAX_BATCH, ZMcpRequestBody } from "@/lib/api/schemas/mcp";
import type { TDeck } from "@/lib/deck/schema";
import { deckOutline, outlineMarkdown } from "@/lib/mcp/deck-outline";

const DECK: TDeck = {
  version: 1,
  title: "Clinic\npower",
  language: "English",
  template: "modern",
  theme: "dark",
  slides: [
    { id: "s1", layout: "title", content: { title: "Clinic power", subtitle: "  2026 plan " } },
    {
      id: "s2",
      layout: "timeline",
      content: {
        title: "Roll-out",
        body: "Two phases.",
        timeline: [
          { date: "2026", title: "Twelve clinics" },
          { date: "2027", title: "Thirty more", body: "after the review" },
        ],
      },
      notes: "Dates agreed in March.\nBudget approved.",
    },
    {
      id: "s3",
      layout: "table",
      content: { table: { header: ["Item", "Cost", "Years"], rows: [["Panels", "$6,000", "20"]] } },
    },
  ],
};

describe("deckOutline", () => {
  it("numbers the slides from 1 and reads every layout's text as lines", () => {
    const outline = deckOutline({ id: "0b6f2f4e-3a1d-4c55-9d0c-1f8e7d2c9b10", version: 4 }, DECK);
    expect(outline).toMatchObject({ title: "Clinic\npower", version: 4, template: "modern", theme: "dark" });
    expect(outline.slides).toEqual([
      { number: 1, id: "s1", layout: "title", title: "Clinic power", subtitle: "2026 plan", points: [] },
      {
        number: 2,
        id: "s2",
        layout: "timeline",
        title: "Roll-out",
        body: "Two phases.",
        points: ["2026: Twelve clinics", "2027: Thirty more — after the review"],
        notes: "Dates agreed in March.\nBudget approved.",
      },
      { number: 3, id: "s3", layout: "table", title: "", points: ["Panels: Cost $6,000; Years 20"] },
    ]);
  });

  it("writes markdown with one heading per slide, titles on one line and notes quoted", () => {
    const markdown = outlineMarkdown(
      deckOutline({ id: "0b6f2f4e-3a1d-4c55-9d0c-1f8e7d2c9b10", version: 1 }, DECK),
    );
    expect(markdown).toBe(
      [
        "# Clinic power",
        "",
        "3 slides · template modern · theme dark · language English · version 1",
        "",
        "## 1. Clinic power",
        "",
        "_Layout title, id s1_",
        "",
        "2026 plan",
        "",
        "## 2. Roll-out",
        "",
        "_Layout timeline, id s2_",
        "",
        "Two phases.",
        "",
        "- 2026: Twelve clinics",
        "- 2027: Thirty more — after the review",
        "",
        "Speaker notes:",
        "",
        "> Dates agreed in March.",
        "> Budget approved.",
        "",
        "## 3. (untitled)",
        "",
        "_Layout table, id s3_",
        "",
        "- Panels: Cost $6,000; Years 20",
        "",
      ].join("\n"),
    );
  });
});

describe("ZMcpRequestBody", () => {
  const detail = (body: unknown) => {
    const parsed = ZMcpRequestBody.safeParse(body);
    return parsed.success ? null : invalidFields(parsed.error).message;
  };

  it("takes requests, notifications, responses and batches, keeping every member", () => {
    const request = {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "x", arguments: { a: 1 } },
    };
    expect(ZMcpRequestBody.parse(request)).toEqual(request);
    expect(detail({ jsonrpc: "2.0", method: "notifications/initialized" })).toBeNull();
    expect(detail({ jsonrpc: "2.0", id: "a", result: {} })).toBeNull();
    expect(detail({ jsonrpc: "2.0", id: "a", error: { code: -1, message: "no" } })).toBeNull();
    expect(detail([request, { jsonrpc: "2.0", method: "notifications/cancelled" }])).toBeNull();
  });

  it("names what is wrong with a body that is no message", () => {
    expect(detail({})).toBe('(body): Not a JSON-RPC 2.0 message: jsonrpc: Invalid input: expected "2.0"');
    expect(detail("tools/list")).toBe(
      "(body): Not a JSON-RPC 2.0 message: Invalid input: expected object, received string",
    );
    expect(detail({ jsonrpc: "2.0", id: 1 })).toBe(
      "method: A message needs a method (request or notification), or a result or error (response).",
    );
    expect(detail({ jsonrpc: "2.0", id: 1, method: "ping", result: {} })).toBe(
      "result: A message has a method (request or notification) or a result or error (response), not both.",
    );
    expect(detail({ jsonrpc: "2.0", result: {} })).toBe("id: A response names the request it answers.");
    expect(
      detail([
        { jsonrpc: "2.0", method: "ping", id: 1 },
        { jsonrpc: "1.0", method: "ping" },
      ]),
    ).toBe('(body): Not a JSON-RPC 2.0 batch: 1.jsonrpc: Invalid input: expected "2.0"');
    expect(detail([])).toBe("(body): Too small: expected array to have >=1 items");
    const batch = Array.from({ length: MCP_MAX_BATCH + 1 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i,
      method: "ping",
    }));
    expect(detail(batch)).toBe(
      "(body): Not a JSON-RPC 2.0 batch: Too big: expected array to have <=50 items",
    );
  });
});
