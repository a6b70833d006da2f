// Fonts and scripts: font stacks (Noto Sans SC, Arabic, Hebrew after the family), shaped Arabic,
// CJK line breaking, bidi, and the PDF, PPTX and editor faces that go with them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { create, type Font } from "fontkit";
import JSZip from "jszip";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TDeck } from "@/lib/deck/schema";
import { isRtlText, visualPieces } from "@/lib/layouts/bidi";
import type { TTextBox, TTextRun } from "@/lib/layouts/boxes";
import { bulletAdvanceEm, bulletIndent } from "@/lib/layouts/bullet-style";
import { fitText } from "@/lib/layouts/fit-text";
import { FALLBACK_FACES, FONT_FAMILIES } from "@/lib/layouts/font-families";
import { faceSegments, measureRun } from "@/lib/layouts/fonts";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { placeLines } from "@/lib/layouts/place-lines";
import { wrapParagraph } from "@/lib/layouts/wrap-paragraph";
import { renderDeck } from "@/lib/render/render-deck";

const EPSILON = 1e-6;
const node = (file: string) => path.resolve("node_modules", file);
const load = (file: string) => create(readFileSync(node(file))) as Font;
const NOTO_SC = load(FALLBACK_FACES[0].files.regular);
const NOTO_ARABIC = load(FALLBACK_FACES[1].files.regular);
const ARIMO = load(FONT_FAMILIES.sans.files.regular[0].file);
const emOf = (font: Font, ch: string) =>
  font.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth / font.unitsPerEm;
const shapedEm = (font: Font, text: string) =>
  font.layout(text, { kern: false, liga: false }).advanceWidth / font.unitsPerEm;
const textOf = (runs: TTextRun[]) => runs.map((run) => run.text).join("");
// poppler marks right-to-left stretches with embedding controls; the words are what we look for.
const plain = (text: string) => text.replace(/[\u202a-\u202e]/g, "");

const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(tool, args, { encoding: "utf8", timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
};

const CHINESE =
  "与去年同期相比，收入增长了百分之十八，所有地区的利润率均有所改善。我们的团队在没有增加人手的情况下完成了全部目标。";
const JAPANESE =
  "売上高は前年同期比で十八パーセント増加し、すべての地域で利益率が改善しました。「顧客第一」の方針を継続し、来期も成長を目指します。";
const ARABIC =
  "نمت الإيرادات بنسبة كبيرة مقارنة بالعام الماضي، وتحسنت الهوامش في جميع المناطق دون زيادة التكاليف";
const HEBREW = "ההכנסות צמחו לעומת השנה שעברה, והשוליים השתפרו בכל האזורים";

// Kinsoku: what may not start a line, and what may not end one.
const NO_LINE_START = /^[、。，．・：；？！ー）」』】〕〉》]/u;
const NO_LINE_END = /[（「『【〔〈《]$/u;

describe("CJK wrapping", () => {
  it.each([
    ["Chinese", CHINESE],
    ["Japanese", JAPANESE],
  ])("wraps %s within the width, measured with Noto Sans SC advances", (_, text) => {
    const fontSize = 28;
    const lines = wrapParagraph([{ text }], { font: "sans", fontSize, maxWidth: 400 });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((line) => textOf(line.runs)).join("")).toBe(text);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(400 + EPSILON);
      const expected =
        Array.from(textOf(line.runs)).reduce((sum, ch) => sum + emOf(NOTO_SC, ch), 0) * fontSize;
      expect(line.width).toBeCloseTo(expected, 6);
    }
  });

  it("never starts a line with closing punctuation nor ends one with an opening bracket, at any width", () => {
    for (const text of [CHINESE, JAPANESE]) {
      for (let maxWidth = 120; maxWidth <= 640; maxWidth += 9) {
        const lines = wrapParagraph([{ text }], { font: "sans", fontSize: 24, maxWidth });
        for (const line of lines.slice(1)) expect(textOf(line.runs)).not.toMatch(NO_LINE_START);
        for (const line of lines.slice(0, -1)) expect(textOf(line.runs)).not.toMatch(NO_LINE_END);
      }
    }
  });

  it("reads the 10 MB Noto Sans SC file only once a CJK character is measured", async () => {
    const read: string[] = [];
    vi.resetModules();
    vi.doMock("node:fs", async (importOriginal) => {
      const fs = await importOriginal<typeof import("node:fs")>();
      const readFileSync = ((file: string, ...rest: []) => {
        read.push(String(file));
        return fs.readFileSync(file, ...rest);
      }) as typeof fs.readFileSync;
      return { ...fs, default: { ...fs, readFileSync }, readFileSync };
    });
    try {
      const fresh = await import("@/lib/layouts/fonts");
      fresh.measureRun("sans", { text: "Revenue ارتفع 18% שלום" }, 20);
      expect(read.some((file) => file.includes("NotoSansArabic"))).toBe(true);
      expect(read.some((file) => file.includes("NotoSansSC"))).toBe(false);
      fresh.measureRun("sans", { text: "收入" }, 20);
      expect(read.some((file) => file.includes("NotoSansSC"))).toBe(true);
    } finally {
      vi.doUnmock("node:fs");
      vi.resetModules();
    }
  });

  it("draws bold CJK from Noto Sans SC Bold and slants italic CJK drawn by the upright face", () => {
    const [bold] = faceSegments("sans", { text: "收入", bold: true });
    expect(bold.face?.id).toBe(FALLBACK_FACES[0].files.bold);
    expect(bold.fallback?.slot).toBe("ea");
    const [italic] = faceSegments("serif", { text: "收入", italic: true });
    expect(italic.face?.id).toBe(FALLBACK_FACES[0].files.regular);
    expect(italic.synthItalic).toBe(true);
    // Latin stays with the family, Han goes to the fallback, in logical order.
    expect(
      faceSegments("sans", { text: "Q3 收入" }).map((segment) => [segment.text, segment.fallback?.name]),
    ).toEqual([
      ["Q3 ", undefined],
      ["收入", "Noto Sans SC"],
    ]);
  });
});

describe("right-to-left scripts", () => {
  it("measures Arabic as fontkit shapes it, not as the sum of isolated letters", () => {
    const word = "الإيرادات";
    const size = 40;
    expect(measureRun("sans", { text: word }, size)).toBeCloseTo(shapedEm(NOTO_ARABIC, word) * size, 6);
    const isolated = Array.from(word).reduce((sum, ch) => sum + emOf(NOTO_ARABIC, ch), 0) * size;
    expect(Math.abs(isolated - measureRun("sans", { text: word }, size))).toBeGreaterThan(1);
    // Words are shaped in Noto Sans Arabic; the spaces between them are Arimo's, the family's.
    const words = ARABIC.split(" ");
    const expected =
      words.reduce((sum, each) => sum + shapedEm(NOTO_ARABIC, each), 0) +
      (words.length - 1) * emOf(ARIMO, " ");
    expect(measureRun("sans", { text: ARABIC }, size)).toBeCloseTo(expected * size, 6);
  });

  it("wraps an Arabic paragraph into right-to-left lines no wider than the box, each measured as shaped", () => {
    const fit = fitText({
      paragraphs: [{ runs: [{ text: ARABIC }] }],
      w: 360,
      h: 400,
      font: "sans",
      fontSize: 28,
      lineHeight: 1.3,
    });
    const [paragraph] = fit.paragraphs;
    expect(paragraph.rtl).toBe(true);
    expect(paragraph.lines.length).toBeGreaterThan(1);
    expect(paragraph.lines.map((line) => textOf(line.runs)).join(" ")).toBe(ARABIC);
    for (const line of paragraph.lines) {
      expect(line.width).toBeLessThanOrEqual(360);
      const words = textOf(line.runs).split(" ");
      const shaped =
        words.reduce((sum, each) => sum + shapedEm(NOTO_ARABIC, each), 0) +
        (words.length - 1) * emOf(ARIMO, " ");
      expect(line.width).toBeCloseTo(shaped * fit.fontSize, 6);
    }
  });

  it("marks Hebrew paragraphs right to left and measures them with the family's own Hebrew", () => {
    const fit = fitText({
      paragraphs: [{ runs: [{ text: HEBREW }] }],
      w: 600,
      h: 300,
      font: "sans",
      fontSize: 28,
      lineHeight: 1.3,
    });
    expect(fit.paragraphs[0].rtl).toBe(true);
    // Arimo has Hebrew, metric-compatible with Arial's, which the PPTX names.
    expect(faceSegments("sans", { text: "שלום" })[0].face?.id).toBe(FONT_FAMILIES.sans.files.regular[0].file);
    expect(isRtlText("Revenue ארתפע")).toBe(false);
    expect(isRtlText("18% שלום Revenue")).toBe(true);
  });

  it("orders a mixed line's pieces visually, numbers and Latin inside Arabic included", () => {
    const pieces = (runs: TTextRun[], rtl: boolean) => {
      const text = textOf(runs);
      return visualPieces(runs, rtl).map((piece) => [text.slice(piece.start, piece.end), piece.rtl]);
    };
    // Left-to-right paragraph: the Arabic word and the number after it form one right-to-left
    // stretch, so 18 shows left of ارتفع; the trailing % resolves to the paragraph's direction.
    expect(pieces([{ text: "Revenue ارتفع 18%" }], false)).toEqual([
      ["Revenue ", false],
      ["18", false],
      ["ارتفع ", true],
      ["%", false],
    ]);
    // Right-to-left paragraph: it starts at the right, so the Latin at its end shows leftmost.
    expect(pieces([{ text: "الإيرادات ارتفعت 18% في Q3" }], true)).toEqual([
      ["Q3", false],
      ["% في ", true],
      ["18", false],
      ["الإيرادات ارتفعت ", true],
    ]);
    // Styled runs keep their own pieces.
    expect(pieces([{ text: "Revenue " }, { text: "ارتفع", bold: true }, { text: " 18%" }], false)).toEqual([
      ["Revenue ", false],
      ["18", false],
      [" ", true],
      ["ارتفع", true],
      ["%", false],
    ]);
  });

  it("starts right-to-left lines at the right, mirrors the alignment and hangs the bullet on the right", () => {
    const fit = fitText({
      paragraphs: [
        { runs: [{ text: HEBREW }], bullet: true },
        { runs: [{ text: "Plain English" }], bullet: true },
      ],
      w: 700,
      h: 300,
      font: "sans",
      fontSize: 28,
      lineHeight: 1.3,
    });
    const box: TTextBox = {
      kind: "text",
      id: "b",
      role: "bullets",
      x: 100,
      y: 50,
      w: 700,
      h: 300,
      paragraphs: fit.paragraphs,
      font: "sans",
      fontSize: fit.fontSize,
      lineHeight: 1.3,
      paragraphGap: 0,
      color: "#000000",
      align: "left",
      valign: "top",
    };
    const placed = placeLines(box);
    const hebrew = placed[0];
    const english = placed.at(-1);
    if (!english) throw new Error("no lines");
    expect(hebrew.rtl).toBe(true);
    expect(hebrew.x + hebrew.line.width).toBeCloseTo(800 - bulletIndent(fit.fontSize), 6);
    expect(hebrew.bulletX).toBeCloseTo(800 - bulletAdvanceEm("sans") * fit.fontSize, 6);
    expect(english.rtl).toBeUndefined();
    expect(english.x).toBe(100 + bulletIndent(fit.fontSize));
    expect(english.bulletX).toBe(100);
  });

  it("uses the bullet advance the families really have", () => {
    // Bullets are drawn in the regular face.
    for (const family of Object.values(FONT_FAMILIES))
      expect(emOf(load(family.files.regular[0].file), "\u2022")).toBe(family.bulletAdvanceEm);
  });
});

describe("editor faces", () => {
  const source = readFileSync(path.resolve("app/fonts.ts"), "utf8");

  it("loads every script fallback from the measurer's files with the measurer's unicode-range", () => {
    for (const face of FALLBACK_FACES) {
      expect(source).toContain(`"../node_modules/${face.files.regular}"`);
      expect(source).toContain(`"../node_modules/${face.files.bold}"`);
      expect(source).toContain(`"${face.unicodeRange}"`);
    }
    expect(source).toContain('"../node_modules/@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf"');
  });

  it("draws serif text from WOFF2 files with the same advances the measurer reads from WOFF", () => {
    // The editor loads fontsource's stylesheets (WOFF2 first); the server reads the WOFF twins.
    for (const face of FONT_FAMILIES.serif.files.regular.slice(0, 2)) {
      const woff = load(face.file);
      const woff2 = load(`${face.file}2`);
      for (const ch of "Quarterly review: ĄŁŻ 1–2 €") {
        const cp = ch.codePointAt(0) ?? 0;
        if (woff.hasGlyphForCodePoint(cp)) expect(emOf(woff2, ch)).toBe(emOf(woff, ch));
      }
    }
  });
});

const MULTILINGUAL: TDeck = {
  version: 1,
  title: "Multilingual",
  language: "en",
  template: "general",
  theme: "light",
  slides: [
    {
      id: "ar",
      layout: "bullets",
      content: {
        title: "ارتفعت الإيرادات في الربع الثالث",
        body: "نمت الإيرادات بنسبة 18% مقارنة بالعام الماضي",
        bullets: ["تجديد عقود الشركات قبل موعدها", "Revenue ارتفع 18%"],
      },
    },
    {
      id: "he",
      layout: "bullets",
      content: { title: "ההכנסות עלו ברבעון השלישי", bullets: ["חידוש חוזים ארגוניים לפני המועד"] },
    },
    {
      id: "zh",
      layout: "bullets",
      content: {
        title: "第三季度收入增长超出预期",
        bullets: ["企业续约提前两周完成", "自助转化率从3.1%提高到4.4%"],
      },
    },
    {
      id: "ja",
      layout: "bullets",
      content: { title: "売上は計画を上回りました", bullets: ["「顧客第一」の方針を継続します"] },
    },
  ],
};

describe("multilingual exports", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-scripts-"));
  const pdfFile = path.join(dir, "deck.pdf");
  const pptxFile = path.join(dir, "deck.pptx");
  let slideXml: string[];

  beforeAll(async () => {
    writeFileSync(pdfFile, (await renderDeck(MULTILINGUAL, "pdf")).bytes);
    const pptx = (await renderDeck(MULTILINGUAL, "pptx")).bytes;
    writeFileSync(pptxFile, pptx);
    const zip = await JSZip.loadAsync(pptx);
    slideXml = await Promise.all(
      [1, 2, 3, 4].map((n) => zip.file(`ppt/slides/slide${n}.xml`)?.async("string") ?? ""),
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("embeds the Noto faces the scripts are drawn with", () => {
    const fonts = run("pdffonts", pdfFile);
    for (const face of [
      "NotoSansArabic-Regular",
      "NotoSansArabic-Bold",
      "NotoSansSC-Regular",
      "NotoSansSC-Bold",
      "Arimo-Regular",
    ])
      expect(fonts).toMatch(new RegExp(`\\+${face}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes\\s+yes`));
  });

  it("extracts Chinese, Japanese, Hebrew and Arabic text in logical order with the right letters", () => {
    const text = plain(run("pdftotext", pdfFile, "-"));
    for (const phrase of [
      "第三季度收入增长超出预期",
      "企业续约提前两周完成",
      "「顧客第一」の方針を継続します",
      "ההכנסות עלו ברבעון השלישי",
      "חידוש חוזים ארגוניים לפני המועד",
      "ارتفعت الإيرادات في الربع الثالث",
      // ي, ت, ن and ب share one dotless skeleton glyph in Noto Sans Arabic: each must keep its letter.
      "تجديد عقود الشركات قبل موعدها",
      "نمت الإيرادات بنسبة",
    ])
      expect(text).toContain(phrase);
  });

  it("extracts the same text from a second document drawn with the fonts parsed for the first", async () => {
    // lib/render/pdf/pdf-fonts.ts parses each font file once per process; the glyphs of one
    // document's layouts must not leak their text into the next document's ToUnicode map.
    const again = path.join(dir, "again.pdf");
    writeFileSync(again, (await renderDeck(MULTILINGUAL, "pdf")).bytes);
    expect(plain(run("pdftotext", again, "-"))).toBe(plain(run("pdftotext", pdfFile, "-")));
    expect(run("pdffonts", again)).toMatch(/NotoSansArabic-Regular/);
  });

  it("places right-to-left lines against the right edge of their box", () => {
    const slides = layoutDeck(MULTILINGUAL);
    for (const [page, slide] of [1, 2].map((n) => [n, slides[n - 1]] as const)) {
      const title = slide.boxes.find((box): box is TTextBox => box.kind === "text" && box.role === "title");
      if (!title) throw new Error("no title box");
      const words = [
        ...run("pdftotext", "-f", `${page}`, "-l", `${page}`, "-bbox", pdfFile, "-").matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g,
        ),
      ]
        .map(([, xMin, yMin, xMax, yMax]) => ({ xMin: +xMin, xMax: +xMax, y: (+yMin + +yMax) / 2 }))
        .filter((word) => word.y > title.y * 0.75 && word.y < (title.y + title.h) * 0.75);
      expect(words.length).toBeGreaterThan(2);
      // Points = units × 0.75; the title's text ends at the box's right edge, not its left.
      expect(Math.max(...words.map((word) => word.xMax))).toBeCloseTo((title.x + title.w) * 0.75, 0);
      expect(Math.min(...words.map((word) => word.xMin))).toBeGreaterThan(title.x * 0.75 + 20);
    }
  });

  it("writes right-to-left paragraphs with rtl and mirrored alignment, and script faces and languages on runs", () => {
    const [arabic, hebrew, chinese, japanese] = slideXml;
    const paragraphOf = (xml: string, text: string) =>
      [...xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)]
        .map(([, inner]) => inner)
        .find((inner) => inner.includes(text)) ?? "";
    const arabicTitle = paragraphOf(arabic, "ارتفعت الإيرادات");
    expect(arabicTitle).toMatch(/^<a:pPr rtl="1"\s+algn="r"/);
    expect(arabicTitle).toMatch(
      /<a:rPr lang="ar-SA"[^>]*>.*<a:latin typeface="Arial"[^>]*\/><a:ea [^>]*\/><a:cs typeface="Noto Sans Arabic" charset="-78"\/><\/a:rPr><a:t>ارتفعت/,
    );
    // The English-first bullet stays left to right; its Arabic part carries its own language.
    const mixed = paragraphOf(arabic, "Revenue");
    expect(mixed).not.toContain('rtl="1"');
    expect(mixed).toMatch(/lang="ar-SA"[^>]*>.*<a:t>ارتفع 18%<\/a:t>/);
    expect(paragraphOf(hebrew, "ההכנסות")).toMatch(/^<a:pPr rtl="1"/);
    expect(hebrew).toMatch(
      /<a:rPr lang="he-IL"[^>]*>.*?<a:cs typeface="Arial" charset="-79"\/><\/a:rPr><a:t>ההכנסות/,
    );
    expect(chinese).toMatch(
      /<a:rPr lang="zh-CN"[^>]*>.*?<a:ea typeface="Noto Sans SC" charset="-122"\/>.*?<a:t>第三季度/,
    );
    expect(japanese).toMatch(
      /<a:rPr lang="ja-JP"[^>]*>.*?<a:ea typeface="Noto Sans SC" charset="-128"\/>.*?<a:t>売上/,
    );
    expect(paragraphOf(chinese, "第三季度")).not.toContain('rtl="1"');
  });

  it("opens in LibreOffice with every slide and its right-to-left text", () => {
    const out = path.join(dir, "lo");
    run(
      "soffice",
      "--headless",
      `-env:UserInstallation=file://${path.join(dir, "profile")}`,
      "--convert-to",
      "pdf",
      "--outdir",
      out,
      pptxFile,
    );
    const converted = path.join(out, "deck.pdf");
    expect(run("pdfinfo", converted)).toMatch(/^Pages:\s+4$/m);
    const text = plain(run("pdftotext", converted, "-"));
    expect(text).toContain("ההכנסות עלו ברבעון השלישי");
    expect(text).toContain("ارتفعت");
  });
});

describe("serif theme", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-serif-"));
  const deck: TDeck = {
    ...MULTILINGUAL,
    theme: "forest",
    slides: [
      { id: "s", layout: "title", content: { title: "Quarterly Business Review", subtitle: "Results" } },
    ],
  };

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names Times New Roman in the PPTX and embeds and draws Tinos in the PDF", async () => {
    const zip = await JSZip.loadAsync((await renderDeck(deck, "pptx")).bytes);
    expect(await zip.file("ppt/slides/slide1.xml")?.async("string")).toMatch(
      /<a:latin typeface="Times New Roman"[^>]*\/>.*<a:t>Quarterly Business Review<\/a:t>/,
    );
    const file = path.join(dir, "serif.pdf");
    writeFileSync(file, (await renderDeck(deck, "pdf")).bytes);
    expect(run("pdffonts", file)).toMatch(/\+Tinos-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    // The glyphs have outlines (an embedded WOFF2 would leave the title blank): the title's
    // region of the page holds dark pixels.
    const title = layoutDeck(deck)[0].boxes.find(
      (box): box is TTextBox => box.kind === "text" && box.role === "title",
    );
    if (!title) throw new Error("no title box");
    run("pdftoppm", "-r", "96", "-png", "-singlefile", file, path.join(dir, "page"));
    const { data, info } = await sharp(path.join(dir, "page.png"))
      .extract({
        left: Math.round(title.x),
        top: Math.round(title.y),
        width: Math.round(title.w),
        height: Math.round(title.h),
      })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = data[0];
    const ink = data.filter((value) => Math.abs(value - background) > 96).length;
    expect(ink / (info.width * info.height)).toBeGreaterThan(0.02);
  });
});

describe("pictographs pasted with web text", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-emoji-"));
  const deck: TDeck = {
    ...MULTILINGUAL,
    slides: [
      {
        id: "e",
        layout: "bullets",
        content: {
          title: "Stage 2: Upload Your Documents",
          bullets: [
            "📌 Reminder: All communication will be sent by email",
            "✨ Events for vault and cache operations",
          ],
        },
      },
    ],
  };

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are measured and drawn with Noto Emoji, not as the halves of their UTF-16 code", async () => {
    const segments = faceSegments("sans", { text: "📌 Reminder" });
    expect(segments.map((s) => [s.text, s.fallback?.name])).toEqual([
      ["📌", "Noto Emoji"],
      [" Reminder", undefined],
    ]);
    const file = path.join(dir, "emoji.pdf");
    writeFileSync(file, (await renderDeck(deck, "pdf")).bytes);
    expect(run("pdffonts", file)).toMatch(/\+NotoEmoji-Regular\s+CID TrueType/);
    const text = plain(run("pdftotext", file, "-"));
    expect(text).toContain("📌 Reminder: All communication");
    // (Drawn with a font that lacked them, they came out as "Ø=ÜÌ".)
    expect(text).not.toMatch(/Ø=/);
  });

  it("are left to PowerPoint's own emoji font in the PPTX", async () => {
    const zip = await JSZip.loadAsync((await renderDeck(deck, "pptx")).bytes);
    const xml = (await zip.file("ppt/slides/slide1.xml")?.async("string")) ?? "";
    expect(xml).toContain("📌 Reminder");
    expect(xml).not.toContain("Noto Emoji");
  });
});
