// Shared by the MCP tests (HTTP and stdio): the source text, a deck made over REST, the credits
// balance, and what a tool result or a downloaded file must look like.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { api, download, pptxSlides } from "./helpers";

export const TOOL_NAMES = [
  "edit_slide",
  "export_presentation",
  "generate_presentation",
  "get_presentation",
  "list_templates",
];

/** A short report with headings, so the offline generator makes a deck of several slides from it. */
export const SOURCE = `# Solar power for rural clinics

## Outages
Clinics in the district lose power for about nine hours every week. Vaccines spoil when the fridges warm up, and night deliveries take place by the light of mobile phones.

## Costs
Diesel for the backup generators costs each clinic about $3,200 a year. A solar system with batteries costs $12,000 per clinic and lasts twenty years.

## Plan
We will equip twelve clinics in 2026 and the remaining thirty in 2027. Local technicians will be trained to maintain the panels and the batteries.`;

/** Slides for create/from-json: the third has figures the offline rules can turn into a table. */
export const SLIDES = [
  { layout: "title", content: { title: "Solar power for rural clinics", subtitle: "A plan for 2026–2028" } },
  {
    layout: "bullets",
    content: {
      title: "Why clinics need power",
      bullets: [
        "Vaccines spoil when the fridges warm up during a power cut, which happens several times every week",
        "Night deliveries take place by the light of mobile phones in most of the clinics we visited",
        "Diesel for the backup generators costs each clinic about $3,200 a year",
      ],
    },
  },
  {
    layout: "bullets",
    content: {
      title: "Costs per clinic",
      bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"],
    },
    notes: "Prices per clinic, quoted in March.",
  },
];

/** A presentation of SLIDES for the key's account, made over REST; its id. */
export async function createDeck(key: string): Promise<string> {
  const res = await api("/api/v1/ppt/presentation/create/from-json", {
    key,
    body: { title: "Solar clinics", slides: SLIDES },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.presentation_id as string;
}

export async function balanceOf(key: string): Promise<number> {
  const res = await api("/api/v1/credits", { key });
  expect(res.status).toBe(200);
  return res.json.balance as number;
}

/** A successful tool result's structured content, checked against its JSON text twin. */
// biome-ignore lint/suspicious/noExplicitAny: tests read tool answers as plain JSON
export function structured(result: unknown): any {
  const call = result as CallToolResult;
  const text = call.content.find((item) => item.type === "text");
  expect(call.isError, text?.type === "text" ? text.text : "").toBeFalsy();
  expect(call.structuredContent).toBeDefined();
  expect(text?.type === "text" && JSON.parse(text.text)).toEqual(call.structuredContent);
  return call.structuredContent;
}

/** A tool error's message. */
export function toolErrorText(result: unknown): string {
  const call = result as CallToolResult;
  expect(call.isError).toBe(true);
  const text = call.content.find((item) => item.type === "text");
  return text?.type === "text" ? text.text : "";
}

/** Calls generate_presentation with a progress callback; the result and every progress report. */
export async function generateWithProgress(client: Client, args: Record<string, unknown>) {
  const progress: Progress[] = [];
  const result = await client.callTool({ name: "generate_presentation", arguments: args }, undefined, {
    onprogress: (report) => progress.push(report),
  });
  return { result, progress };
}

/**
 * Reports arrive, rise to 100, are out of 100 and name the task. The last one (100) is sent a
 * moment before the result: the SDK's Client handles a notification a microtask later than a
 * response, so one read holding both would drop it (its progress handler is gone by then).
 */
export function expectProgressReports(progress: Progress[]) {
  expect(progress.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < progress.length; i++)
    expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
  for (const report of progress) {
    expect(report.total).toBe(100);
    expect(report.progress).toBeLessThanOrEqual(100);
    expect(report.message).toMatch(/\(task [0-9a-f-]{36}\)$/);
  }
  expect(progress[0].progress).toBeLessThan(100);
  expect(progress.at(-1)?.progress).toBe(100);
}

/** Downloads a PPTX link: a zip (PK magic) whose slides are PowerPoint slides; their text. */
export async function downloadPptx(url: string): Promise<string[]> {
  const file = await download(url);
  expect(file.status).toBe(200);
  expect(file.bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
  return pptxSlides(file.bytes);
}

/** Downloads a PDF link: %PDF- magic, the trailer, and its page count (pdfkit writes page objects plainly). */
export async function downloadPdfPages(url: string): Promise<number> {
  const file = await download(url);
  expect(file.status).toBe(200);
  expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = file.bytes.toString("latin1");
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  return [...text.matchAll(/\/Type \/Page\b(?!s)/g)].length;
}
