// POST /api/v1/ppt/presentation/{id}/switch-layout over real HTTP: every slide of decks generated
// from real documents (tests/fixtures/corpus) switched to every layout answers a drawable slide
// or a 422 saying why, and switching back loses nothing; bullets with figures become key figures
// whose undrawn bullets stay out of the PPTX and come back on switching back; an empty slide gets
// starter content; the switch is free.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { hiddenContent, visibleContent } from "@/lib/deck/hidden-content";
import { LAYOUT_IDS, type TSlide } from "@/lib/deck/schema";
import { slideProblems } from "@/lib/edit/slide-problems";
import { api, download, pptxSlides } from "./helpers";

const CORPUS = path.resolve(import.meta.dirname, "../fixtures/corpus");

const switchLayout = (id: string, body: Record<string, unknown>) =>
  api(`/api/v1/ppt/presentation/${id}/switch-layout`, { body });

/** Every string inside a value, deeply. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

async function generated(file: string, nSlides: number) {
  const content = fs.readFileSync(path.join(CORPUS, file), "utf8");
  const res = await api("/api/v1/ppt/presentation/generate", { body: { content, n_slides: nSlides } });
  expect(res.status).toBe(200);
  const id = res.json.presentation_id as string;
  const detail = await api(`/api/v1/ppt/presentation/${id}`);
  return { id, slides: detail.json.deck.slides as TSlide[], version: detail.json.version as number };
}

describe("switching a generated slide's layout", () => {
  for (const file of ["earnings-microsoft-q2-fy2020.txt", "biography-grace-hopper.txt"]) {
    it(`${file}: every slide to every layout is drawable or refused with a reason, and switching back loses nothing`, async () => {
      const deck = await generated(file, 6);
      let converted = 0;
      for (const slide of deck.slides) {
        for (const layout of LAYOUT_IDS) {
          if (layout === slide.layout) continue;
          const res = await switchLayout(deck.id, { layout, slide });
          if (res.status === 422) {
            expect(res.json.errors[0].path).toBe("layout");
            expect(res.json.errors[0].message.length).toBeGreaterThan(20);
            continue;
          }
          expect(res.status, `${slide.id} → ${layout}: ${res.text}`).toBe(200);
          const next = res.json.slide as TSlide;
          expect(next.layout).toBe(layout);
          expect(slideProblems(layout, next.content)).toEqual([]);
          if (!res.json.starter) converted++;
          const back = await switchLayout(deck.id, { layout: slide.layout, slide: next });
          expect(back.status, `${layout} → ${slide.layout}: ${back.text}`).toBe(200);
          const kept = [...strings(back.json.slide.content), back.json.slide.notes ?? ""].join("\n");
          for (const text of strings(visibleContent(slide.layout, slide.content)))
            expect(kept, `${slide.id} ${slide.layout} → ${layout} → back`).toContain(text);
        }
      }
      expect(converted).toBeGreaterThan(deck.slides.length * 3);
    });
  }
});

describe("bullets with figures to key figures", () => {
  const slide: TSlide = {
    id: "s2",
    layout: "bullets",
    content: {
      title: "Costs per clinic",
      bullets: [
        "Panels: $6,000",
        "Batteries: $4,500, replaced after eight years",
        "Installation: $1,500",
        "Installation takes two days per clinic",
      ],
    },
  };
  let id: string;
  let version: number;
  beforeAll(async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: {
        title: "Solar clinics",
        slides: [
          { layout: "title", content: { title: "Solar clinics" } },
          { layout: slide.layout, content: slide.content },
        ],
      },
    });
    expect(res.status).toBe(200);
    id = res.json.presentation_id;
    version = (await api(`/api/v1/ppt/presentation/${id}`)).json.version;
  });

  it("keeps the figures, keeps the bullets undrawn, costs nothing and comes back on switching back", async () => {
    const before = (await api("/api/v1/credits")).json.balance;
    const res = await switchLayout(id, { layout: "metrics", slide });
    expect(res.status).toBe(200);
    const metrics = res.json.slide;
    expect(metrics.content.metrics).toEqual([
      { value: "$6,000", label: "Panels" },
      { value: "$4,500", label: "Batteries", detail: "replaced after eight years" },
      { value: "$1,500", label: "Installation" },
    ]);
    expect(hiddenContent("metrics", metrics.content).map((h) => h.name)).toEqual(["4 bullets"]);
    expect(res.json.starter).toBe(false);
    expect((await api("/api/v1/credits")).json.balance).toBe(before);

    // Saved and exported: the figures are on the slide, the undrawn bullet is not.
    const deck = (await api(`/api/v1/ppt/presentation/${id}`)).json.deck;
    deck.slides[1] = metrics;
    const saved = await api(`/api/v1/ppt/presentation/${id}`, { method: "PUT", body: { version, deck } });
    expect(saved.status).toBe(200);
    const exported = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(exported.status).toBe(200);
    const text = (await pptxSlides((await download(exported.json.path)).bytes))[1];
    expect(text).toContain("$4,500");
    expect(text).not.toContain("two days");

    const back = await switchLayout(id, { layout: "bullets", slide: metrics });
    expect(back.status).toBe(200);
    expect(back.json.slide.content.bullets).toEqual(slide.content.bullets);
  });

  it("refuses a layout the content cannot take with the reason, and switches with starter content when asked", async () => {
    const plain: TSlide = {
      id: "s2",
      layout: "bullets",
      content: { title: "Why it matters", bullets: ["Teams ship faster", "Fewer mistakes reach users"] },
    };
    const refused = await switchLayout(id, { layout: "timeline", slide: plain });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.json.errors[0].message).toMatch(/date/);
    const started = await switchLayout(id, { layout: "timeline", slide: plain, starter: true });
    expect(started.status).toBe(200);
    expect(started.json.starter).toBe(true);
    expect(started.json.slide.content.timeline.length).toBeGreaterThanOrEqual(2);
    expect(started.json.slide.content.bullets).toEqual(plain.content.bullets);
  });

  it("gives an empty slide starter content without asking", async () => {
    const empty: TSlide = { id: "s2", layout: "bullets", content: { title: "Figures" } };
    const res = await switchLayout(id, { layout: "metrics", slide: empty });
    expect(res.status).toBe(200);
    expect(res.json.starter).toBe(true);
    expect(res.json.slide.content.metrics.length).toBeGreaterThan(0);
    expect(res.json.slide.content.title).toBe("Figures");
  });

  it("answers 422 for an unknown layout and 404 for another account's deck", async () => {
    expect((await switchLayout(id, { layout: "mosaic", slide })).status).toBe(422);
    const other = await api(`/api/v1/ppt/presentation/${id}/switch-layout`, {
      body: { layout: "table", slide },
      key: inject("keyB"),
    });
    expect(other.status).toBe(404);
  });
});
