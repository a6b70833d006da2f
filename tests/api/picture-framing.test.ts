// Picture framing over real HTTP: a deck made from JSON with cropped, contained and focused pictures
// (an uploaded test picture of four coloured quadrants as their asset), exported as PPTX — each
// picture's a:srcRect and placement are framePicture's — and as PDF, whose pages rendered by
// pdftoppm show the framed part of the picture in each frame. Bad framing is a 422.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TImageBox, TRenderedSlide } from "@/lib/layouts/boxes";
import { framePicture, type TPictureFraming } from "@/lib/layouts/frame-picture";
import { api, baseUrl, download } from "./helpers";

const SIZE = 400;
const RED = [255, 0, 0];
const GREEN = [0, 200, 0];
const BLUE = [0, 0, 255];
const YELLOW = [255, 220, 0];

/** 400 × 400: red top-left, green top-right, blue bottom-left, yellow bottom-right. */
function quadrants(): Promise<Buffer> {
  const square = (color: number[], left: number, top: number) => ({
    input: { create: { width: SIZE / 2, height: SIZE / 2, channels: 3 as const, background: rgb(color) } },
    left,
    top,
  });
  return sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: rgb(RED) } })
    .composite([square(GREEN, SIZE / 2, 0), square(BLUE, 0, SIZE / 2), square(YELLOW, SIZE / 2, SIZE / 2)])
    .png()
    .toBuffer();
}

function rgb([r, g, b]: number[]) {
  return { r, g, b };
}

const FRAMINGS: Record<string, TPictureFraming> = {
  Cropped: { fit: "cover", crop: { left: 0, top: 0, right: 0.5, bottom: 0.5 } },
  Contained: { fit: "contain" },
  Focused: { fit: "cover", focus: { x: 1, y: 0.5 } },
};

let dir: string;
let id: string;
let asset: string;
let boxes: Map<string, TImageBox>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-framing-"));
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await quadrants())]), "quadrants.png");
  const uploaded = await fetch(`${baseUrl()}/api/v1/ppt/images/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${inject("keyA")}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  asset = (await uploaded.json()).asset;

  // The JSON description carries the framing (fit, focus, crop); the asset is set by PUT.
  const created = await api("/api/v1/ppt/presentation/create/from-json", {
    body: {
      title: "Framed pictures",
      template: "general",
      slides: [
        { layout: "title", content: { title: "Framed pictures" } },
        ...Object.entries(FRAMINGS).map(([title, framing]) => ({
          layout: "image-right",
          content: {
            title,
            bullets: ["Quadrants"],
            image: { query: "coloured quadrants", alt: title, ...framing },
          },
        })),
      ],
    },
  });
  expect(created.status, created.text).toBe(200);
  id = created.json.presentation_id;
  const saved = (await api(`/api/v1/ppt/presentation/${id}`)).json;
  for (const slide of saved.deck.slides.slice(1)) {
    expect(slide.content.image).toMatchObject(FRAMINGS[slide.content.title]);
    slide.content.image.asset = asset;
  }
  const put = await api(`/api/v1/ppt/presentation/${id}`, {
    method: "PUT",
    body: { version: saved.version, deck: saved.deck },
  });
  expect(put.status, put.text).toBe(200);

  // Where each picture's frame is, as every renderer gets it.
  const deck = (await api(`/api/v1/ppt/presentation/${id}`)).json.deck;
  const layout = await api("/api/v1/ppt/layout", { body: { deck } });
  expect(layout.status, layout.text).toBe(200);
  boxes = new Map();
  for (const page of layout.json.slides as TRenderedSlide[])
    for (const box of page.boxes) if (box.kind === "image" && box.role === "image") boxes.set(box.alt, box);
  expect([...boxes.keys()].sort()).toEqual(Object.keys(FRAMINGS).sort());
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const framed = (title: string) => {
  const box = boxes.get(title) as TImageBox;
  return { box, ...framePicture({ width: SIZE, height: SIZE }, FRAMINGS[title], box) };
};

describe("framed pictures in the PPTX", () => {
  it("writes a cut picture as the whole picture with its crop (a:srcRect), a contained one at its own size", async () => {
    const res = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(res.status, res.text).toBe(200);
    const zip = await JSZip.loadAsync((await download(res.json.path)).bytes);
    const emu = (units: number) => Math.round((units / 96) * 914400);
    for (const [index, title] of Object.keys(FRAMINGS).entries()) {
      const xml = (await zip.file(`ppt/slides/slide${index + 2}.xml`)?.async("string")) ?? "";
      const picture = [...xml.matchAll(/<p:pic>[\s\S]*?<\/p:pic>/g)]
        .map((match) => match[0])
        .find((pic) => pic.includes(`descr="${title}"`));
      expect(picture, title).toBeDefined();
      const { source, dest } = framed(title);
      const [x, y] = [
        Number(/<a:off x="(\d+)" y="(\d+)"/.exec(picture ?? "")?.[1]),
        Number(/<a:off x="\d+" y="(\d+)"/.exec(picture ?? "")?.[1]),
      ];
      const ext = /<a:ext cx="(\d+)" cy="(\d+)"/.exec(picture ?? "");
      // Placed where the frame shows it (the contained picture centred, smaller than its frame).
      expect(Math.abs(x - emu(dest.x)), title).toBeLessThan(1500);
      expect(Math.abs(y - emu(dest.y)), title).toBeLessThan(1500);
      expect(Math.abs(Number(ext?.[1]) - emu(dest.w)), title).toBeLessThan(1500);
      expect(Math.abs(Number(ext?.[2]) - emu(dest.h)), title).toBeLessThan(1500);
      const rect = /<a:srcRect l="(-?\d+)" r="(-?\d+)" t="(-?\d+)" b="(-?\d+)"\/>/.exec(picture ?? "");
      if (title === "Contained") {
        expect(rect, title).toBeNull();
        continue;
      }
      const expected = {
        l: source.x / SIZE,
        r: 1 - (source.x + source.w) / SIZE,
        t: source.y / SIZE,
        b: 1 - (source.y + source.h) / SIZE,
      };
      const [l, r, t, b] = (rect ?? []).slice(1).map((value) => Number(value) / 100_000);
      for (const [name, value] of Object.entries({ l, r, t, b }))
        expect(value, `${title} ${name}`).toBeCloseTo(expected[name as keyof typeof expected], 2);
    }
    // The crop keeps the top-left quadrant: at least half the width and height cut away.
    const cropped = framed("Cropped").source;
    expect(cropped.x + cropped.w).toBeLessThanOrEqual(SIZE / 2);
    expect(cropped.y + cropped.h).toBeLessThanOrEqual(SIZE / 2);
  });
});

describe("framed pictures in the PDF", () => {
  let pages: { data: Buffer; width: number; channels: number }[];

  beforeAll(async () => {
    const res = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pdf" } });
    expect(res.status, res.text).toBe(200);
    const file = path.join(dir, "framed.pdf");
    fs.writeFileSync(file, (await download(res.json.path)).bytes);
    // One pixel per slide unit.
    execFileSync("pdftoppm", [
      "-png",
      "-scale-to-x",
      "1280",
      "-scale-to-y",
      "720",
      file,
      path.join(dir, "page"),
    ]);
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith("page"))
      .sort();
    pages = await Promise.all(
      files.map(async (name) => {
        const { data, info } = await sharp(path.join(dir, name))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, channels: info.channels };
      }),
    );
    expect(pages).toHaveLength(4);
  }, 60_000);

  const colourAt = (page: number, x: number, y: number) => {
    const { data, width, channels } = pages[page];
    const at = (Math.round(y) * width + Math.round(x)) * channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  const near = (actual: number[], expected: number[]) =>
    actual.every((value, i) => Math.abs(value - expected[i]) <= 40);

  it("shows only the cropped top-left quadrant in the cropped picture's frame", () => {
    const { dest } = framed("Cropped");
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.1, 0.1],
      [0.9, 0.9],
      [0.1, 0.9],
      [0.9, 0.1],
    ]) {
      const colour = colourAt(1, dest.x + dest.w * fx, dest.y + dest.h * fy);
      expect(near(colour, RED), `${fx},${fy}: ${colour}`).toBe(true);
    }
  });

  it("shows the whole contained picture centred, with the frame's spare room empty", () => {
    const { box, dest } = framed("Contained");
    expect(dest.h).toBeLessThan(box.h - 20);
    expect(near(colourAt(2, dest.x + dest.w * 0.25, dest.y + dest.h * 0.25), RED)).toBe(true);
    expect(near(colourAt(2, dest.x + dest.w * 0.75, dest.y + dest.h * 0.25), GREEN)).toBe(true);
    expect(near(colourAt(2, dest.x + dest.w * 0.25, dest.y + dest.h * 0.75), BLUE)).toBe(true);
    expect(near(colourAt(2, dest.x + dest.w * 0.75, dest.y + dest.h * 0.75), YELLOW)).toBe(true);
    // Above the picture, inside its frame: none of the picture's colours.
    const above = colourAt(2, box.x + box.w / 2, (box.y + dest.y) / 2);
    for (const colour of [RED, GREEN, BLUE, YELLOW]) expect(near(above, colour), `${above}`).toBe(false);
  });

  it("keeps the focal point on the right in view: the right half fills most of the frame", () => {
    const { dest, source } = framed("Focused");
    // A centred view would start at 200 − w/2; the focus pulls it as far right as it goes.
    expect(source.x).toBeCloseTo(SIZE - source.w, 5);
    const scale = dest.w / source.w;
    const rightHalf = dest.x + (SIZE * 0.75 - source.x) * scale;
    expect(near(colourAt(3, rightHalf, dest.y + dest.h * 0.25), GREEN)).toBe(true);
    expect(near(colourAt(3, rightHalf, dest.y + dest.h * 0.75), YELLOW)).toBe(true);
    // The frame's left edge shows what framePicture says is there.
    const leftEdge = colourAt(3, dest.x + 3, dest.y + dest.h * 0.25);
    expect(near(leftEdge, source.x + 3 / scale < SIZE / 2 ? RED : GREEN), `${leftEdge}`).toBe(true);
  });
});

describe("bad framing", () => {
  it.each([
    [
      { crop: { left: 0.6, right: 0.4 } },
      "crop.right",
      /crop\.left \+ crop\.right is 1; it must be below 0\.95/,
    ],
    [{ focus: { x: 2, y: 0.5 } }, "focus.x", /focus\.x must be from 0 to 1/],
    [{ fit: "stretch" }, "fit", /./],
  ])("refuses %j with a 422 naming the field", async (framing, field, message) => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: {
        slides: [
          {
            layout: "image-right",
            content: { title: "Bad", bullets: ["x"], image: { query: "x", ...framing } },
          },
        ],
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const error = res.json.errors.find((e: { path: string }) => e.path.endsWith(`image.${field}`));
    expect(error, JSON.stringify(res.json.errors)).toBeDefined();
    expect(error.message).toMatch(message);
  });
});
