// Offline outlines of the Chinese and Japanese texts of the deck-quality corpus
// (tests/fixtures/corpus: Wikipedia and other third-party pages, see sources.json): titles are
// clauses or names, never cut inside a dictionary word, a list or brackets; no bullet ends on a
// particle or inside brackets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { type TOutlineSlide, VERBOSITIES, ZGenerateOptions } from "@/lib/generate/types";

const DIR = path.resolve(import.meta.dirname, "../fixtures/corpus");
const TEXTS = [
  ["zh-encyclopedia-voice-of-america.txt", "Chinese"],
  ["zh-history-dynasties.txt", "Chinese"],
  ["ja-history-edo-period.txt", "Japanese"],
  ["ja-history-mito-botanical-park-timeline.txt", "Japanese"],
] as const;
// ICU's dictionary words, read independently of the generator's own tokenizer.
const SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });
const DANGLING = {
  zh: /(?:的|之|以|于|在|和|与|及|或|对|把|被|从|向|由|将|为|是|而|并)$/u,
  ja: /(?:の|は|が|を|に|で|と|や|も|へ)$/u,
};
const OPEN = /[(（「『《【]/gu;
const CLOSE = /[)）」』》】]/gu;

const outlines = (file: string, language: string): TOutlineSlide[][] => {
  const content = readFileSync(path.join(DIR, file), "utf8");
  return [5, 8, 12].flatMap((n_slides) =>
    VERBOSITIES.map(
      (verbosity) =>
        generateOfflineOutline(ZGenerateOptions.parse({ content, n_slides, language, verbosity })).slides,
    ),
  );
};
const plain = (text: string) => text.replace(/\*\*/g, "").trim();
const unbalanced = (t: string) => (t.match(OPEN)?.length ?? 0) !== (t.match(CLOSE)?.length ?? 0);
const EVENT = /^(\d{4}年(?:\d{1,2}月(?:\d{1,2}日)?)?) — (.+)$/u;

/** Where a title taken from the source stops inside a word or an enumeration of it, or null. */
function cutInSource(title: string, source: string): string | null {
  const at = source.indexOf(title);
  if (at < 0 || title.length < 2) return null;
  const end = at + title.length;
  const line = source.slice(source.lastIndexOf("\n", at) + 1);
  const offset = end - (source.lastIndexOf("\n", at) + 1);
  const bounds = new Set([...SEGMENTER.segment(line)].map((s) => s.index));
  if (!bounds.has(offset)) return "inside a word";
  return source[end] === "、" && !/\p{Script=Hiragana}/u.test(line) ? "inside a 、 list" : null;
}

describe.each(TEXTS)("%s", (file, language) => {
  const source = readFileSync(path.join(DIR, file), "utf8").replace(/\[\d+\]/g, "");
  const headings = new Set(source.split("\n").map((l) => l.trim()));
  const decks = outlines(file, language);
  const dangling = language === "Chinese" ? DANGLING.zh : DANGLING.ja;

  it("titles no slide with a piece cut inside a word, a list or brackets, nor ending on a particle", () => {
    for (const title of decks.flatMap((d) => d.map((s) => plain(s.title)))) {
      expect(unbalanced(title), title).toBe(false);
      if (headings.has(title)) continue;
      expect(cutInSource(title, source), title).toBeNull();
      expect(title, title).not.toMatch(dangling);
    }
  });

  it("ends no bullet on a particle, a preposition or inside brackets", () => {
    for (const bullet of decks.flatMap((d) => d.flatMap((s) => s.bullets.map(plain)))) {
      if (EVENT.test(bullet)) continue;
      expect(unbalanced(bullet), bullet).toBe(false);
      expect(bullet.replace(/[。！？]$/u, ""), bullet).not.toMatch(dangling);
      expect(cutInSource(bullet, source), bullet).toBeNull();
    }
  });

  it("leaves no space or dangling preposition where a timeline event's date was taken out", () => {
    for (const bullet of decks.flatMap((d) => d.flatMap((s) => s.bullets.map(plain)))) {
      const event = EVENT.exec(bullet);
      if (!event) continue;
      const text = event[2];
      // "美国之音成立于 总部坐落在…" was left when 1942年2月 was cut out of the sentence.
      expect(text, bullet).not.toMatch(
        /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}] [\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
      );
      expect(text, bullet).not.toMatch(/(?:于|在|に)[ 、,，]/u);
    }
  });
});

describe("the Edo period chronology", () => {
  it("reads '1680年代' as the 1680s and shows no '・' list marker on a bullet", () => {
    const decks = outlines("ja-history-edo-period.txt", "Japanese");
    const bullets = decks.flatMap((d) => d.flatMap((s) => s.bullets.map(plain)));
    expect(bullets.some((b) => b.startsWith("1680年代"))).toBe(true);
    expect(bullets.filter((b) => /^1680年\b|代からは/u.test(b))).toEqual([]);
    expect(bullets.filter((b) => b.startsWith("・"))).toEqual([]);
  });
});

describe("the dynasties' dates before and after the common era", () => {
  const eventsOf = (slides: TOutlineSlide[]) =>
    slides.filter(
      (s) => s.bullets.length && s.bullets.every((b) => /^(?:公元前?|西元前?)\d{1,4}年 — /u.test(plain(b))),
    );

  it("makes a timeline of '公元前2070年' … '公元618年', in order, BC years first", () => {
    for (const slides of outlines("zh-history-dynasties.txt", "Chinese")) {
      const [timeline] = eventsOf(slides);
      expect(timeline, slides.map((s) => s.title).join(" | ")).toBeDefined();
      const years = timeline.bullets.map((b) => {
        const m = /^(公元前?)(\d+)年/u.exec(plain(b)) ?? [];
        return m[1] === "公元前" ? -Number(m[2]) : Number(m[2]);
      });
      expect(years[0]).toBe(-2070);
      expect(years).toEqual([...years].sort((a, b) => a - b));
      // The conjunction that linked the clause ("而周朝…") does not open an event.
      expect(timeline.bullets.filter((b) => / — (?:而|但|并且)/u.test(b))).toEqual([]);
    }
  });

  it("lists no era ('公元前') as a key term", () => {
    for (const slides of outlines("zh-history-dynasties.txt", "Chinese"))
      expect(
        slides.flatMap((s) => s.bullets.map(plain)).filter((b) => /^(?:公元|西元)前?$/u.test(b)),
      ).toEqual([]);
  });
});

describe("years and section numbers in Japanese are not metrics", () => {
  it("shows '1850年代にペリー来航' as a point and '1.江戸幕府の成立' as no figure", async () => {
    const { readMetric } = await import("@/lib/generate/content-shape");
    expect(readMetric("1850年代にペリー来航、そして開国")).toBeNull();
    expect(readMetric("17世紀の初め")).toBeNull();
    expect(readMetric("1.江戸幕府の成立")).toBeNull();
    for (const slides of outlines("ja-history-edo-period.txt", "Japanese"))
      expect(slides.flatMap((s) => s.bullets.map(plain)).filter((b) => /^(?:1850|1) — /u.test(b))).toEqual(
        [],
      );
  });
});
