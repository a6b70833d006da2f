// Chinese and Japanese text tools of the offline generator (words, sentences, clauses, shortening)
// on the real zh-/ja- texts of the deck-quality corpus (tests/fixtures/corpus, sources.json).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CJK_WORDS_PER_WORD, compressSentence } from "@/lib/generate/offline/compress-sentence";
import { extractKeyPhrases } from "@/lib/generate/offline/extract-key-phrases";
import type { TUnit } from "@/lib/generate/offline/source-types";
import {
  cjkClauses,
  endsOpenCjk,
  joinAroundCjkDate,
  splitClauses,
} from "@/lib/generate/offline/split-clauses";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { countWords, terms, words } from "@/lib/generate/offline/tokenize";

// Footnote marks ("[6]") go before the generator reads a sentence (read-source.ts).
const corpus = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8").replace(/\[\d+\]/g, "");
const VOA = corpus("zh-encyclopedia-voice-of-america.txt");
const DYNASTIES = corpus("zh-history-dynasties.txt");
const EDO = corpus("ja-history-edo-period.txt");
const sentenceOf = (text: string, start: string) => {
  const found = splitSentences(text).find((s) => s.startsWith(start));
  if (!found) throw new Error(`no sentence starts with ${start}`);
  return found;
};
// Words a shortened Chinese or Japanese text may not end on (the bullet would end mid-clause).
const DANGLING = /(?:的|之|以|于|在|和|与|及|或|对|从|由|将|为|是|の|は|が|を|に|で|と|や|も|へ)$/u;
const unbalanced = (t: string) =>
  (t.match(/[(（「『《]/gu)?.length ?? 0) !== (t.match(/[)）」』》]/gu)?.length ?? 0);

describe("words, countWords and terms in Chinese and Japanese", () => {
  it("splits a run without spaces into dictionary words, not one 'word' per run", () => {
    // A numeral and its counter are one word: "48种", "1942年", "2月".
    expect(words("美国之音以48种语言制作数字、电视和广播节目")).toEqual(
      "美国 之音 以 48种 语言 制作 数字 电视 和 广播 节目".split(" "),
    );
    expect(words("美国之音成立于1942年2月")).toEqual(["美国", "之音", "成立", "于", "1942年", "2月"]);
    expect(words("江戸時代の流れをざっくりと確認します")).toContain("江戸");
    expect(countWords("美国之音以48种语言制作数字、电视和广播节目")).toBe(11);
  });

  it("keeps a name the dictionary does not know as one word (ICU gives it character by character)", () => {
    expect(words("根据美国时任总统贝拉克·奥巴马在2016年12月23日签署")).toContain("奥巴马");
  });

  it("gives content words as terms, without particles and function characters", () => {
    const zh = terms("美国之音由独立机构管理,确保编辑自主,保持独立与客观");
    expect(zh).toEqual(expect.arrayContaining(["美国", "之音", "独立", "机构", "管理"]));
    expect(zh).not.toContain("由");
    expect(zh).not.toContain("与");
    const ja = terms("この戦いに勝利した徳川家康は、1603年に征夷大将軍に任命されて江戸幕府を開きました");
    expect(ja).toEqual(expect.arrayContaining(["徳川", "家康", "征夷大将軍", "江戸", "幕府"]));
    for (const particle of ["に", "は", "を", "て", "た"]) expect(ja).not.toContain(particle);
  });
});

describe("splitSentences in Chinese and Japanese (ICU's segmenter, checked by the rules)", () => {
  it("ends every corpus sentence at 。！？ or a line end, never inside one", () => {
    for (const text of [VOA, DYNASTIES, EDO]) {
      for (const s of splitSentences(text)) expect(s.slice(0, -1), s).not.toMatch(/[。！？]/u);
    }
    expect(splitSentences(DYNASTIES)).toContain(
      "夏商周时期是中国历史上最早的三个朝代,它们奠定了中华文明的基础。",
    );
  });

  it("keeps a quotation with its verb of saying, and a numbered heading whole", () => {
    expect(splitSentences("「食べて。寝て。」と先生は言った。それだけだ！")).toEqual([
      "「食べて。寝て。」と先生は言った。",
      "それだけだ！",
    ]);
    expect(splitSentences("0.江戸時代の流れ")).toEqual(["0.江戸時代の流れ"]);
  });

  it("ends an entry typed on its own line (a chronology) instead of running it into the next", () => {
    expect(
      splitSentences("1603年江戸幕府が開かれる\n1630年代を中心に「鎖国」政策がかためられていく"),
    ).toEqual(["1603年江戸幕府が開かれる", "1630年代を中心に「鎖国」政策がかためられていく"]);
  });
});

describe("cjkClauses and endsOpenCjk", () => {
  it("cuts at clause marks outside brackets only; 、 is a clause mark in Japanese, a list mark in Chinese", () => {
    const first = sentenceOf(VOA, "美国之音(英语");
    expect(cjkClauses(first)).toHaveLength(1);
    expect(cjkClauses("美国之音以48种语言制作数字、电视和广播节目,分发给全球各地的附属机构")).toEqual([
      "美国之音以48种语言制作数字、电视和广播节目,",
      "分发给全球各地的附属机构",
    ]);
    expect(cjkClauses("両者は東西に分かれ、1600年に大きな戦いが起こりました。")).toHaveLength(2);
  });

  it("calls a clause open when it ends on a particle, a preposition or 的, or only sets up the next", () => {
    for (const open of [
      "它是美国政府资助的",
      "美国之音成立于",
      "以下は",
      "秦朝虽然短暂",
      "2016年",
      "美国之音(英语:Voice of America",
    ])
      expect(endsOpenCjk(open), open).toBe(true);
    for (const whole of ["美国之音由独立机构管理", "江戸時代の始まりです", "大政奉還で江戸幕府終了"])
      expect(endsOpenCjk(whole), whole).toBe(false);
  });
});

describe("compressSentence in Chinese and Japanese", () => {
  it("drops the aside in brackets before cutting, and never stops on 的最大 or inside the brackets", () => {
    const first = sentenceOf(VOA, "美国之音(英语");
    for (const maxWords of [8, 12, 15]) {
      const { text } = compressSentence(first, { maxWords, keepPeriod: false });
      expect(unbalanced(text), text).toBe(false);
      expect(text, text).not.toMatch(/最大$/u);
      expect(text, text).not.toMatch(DANGLING);
    }
    expect(compressSentence(first, { maxWords: 15, keepPeriod: false }).text).toBe(
      "美国之音是美国的国营国际广播机构它是美国政府资助的最大、历史最悠久的国际广播公司",
    );
  });

  it("keeps whole clauses of every corpus sentence at every budget, ending on no particle", () => {
    for (const text of [VOA, DYNASTIES, EDO]) {
      for (const s of splitSentences(text)) {
        for (const maxWords of [8, 15]) {
          const { text: short } = compressSentence(s, { maxWords, keepPeriod: false });
          expect(short, s).not.toMatch(DANGLING);
          expect(unbalanced(short), short).toBe(false);
          expect(countWords(short), short).toBeLessThanOrEqual(Math.round(maxWords * CJK_WORDS_PER_WORD));
        }
      }
    }
  });

  it("keeps a Japanese sentence's closing predicate when its opening clauses go on", () => {
    const s = "夜の前半には深いノンレム睡眠が多く、後半にはレム睡眠が増えます。";
    expect(compressSentence(s, { maxWords: 6, keepPeriod: false }).text).toBe("後半にはレム睡眠が増えます");
  });

  it("gives a clause that only sets the scene up for the one after it", () => {
    const s = sentenceOf(VOA, "根据美国时任总统");
    expect(compressSentence(s, { maxWords: 10, keepPeriod: false }).text).toBe(
      "由一名首席执行官负责管理美国之音",
    );
  });
});

describe("splitClauses in Chinese", () => {
  it("makes each statement joined by a semicolon a point of its own, without its conjunction", () => {
    const s = sentenceOf(DYNASTIES, "夏朝大约起于");
    const unit: TUnit = { id: 3, text: s, kind: "sentence", terms: terms(s), score: 1 } as TUnit;
    expect(splitClauses([unit]).map((u) => u.text)).toEqual([
      "夏朝大约起于公元前2070年,终结于公元前1600年",
      "商朝始于公元前1600年,止于公元前1046年",
      "周朝则从公元前1046年开始,直至公元前256年结束。",
    ]);
  });
});

describe("joinAroundCjkDate (a timeline event without its date)", () => {
  it("takes the preposition or particle along with the date and leaves no space", () => {
    expect(joinAroundCjkDate("美国之音成立于", ",总部坐落在首都华盛顿")).toBe(
      "美国之音成立,总部坐落在首都华盛顿",
    );
    expect(joinAroundCjkDate("美国之音宪章于", "由杰拉德·福特总统签署成为法律。")).toBe(
      "美国之音宪章由杰拉德·福特总统签署成为法律。",
    );
    expect(joinAroundCjkDate("両者は東西に分かれ、", "に大きな戦いが起こりました。")).toBe(
      "両者は東西に分かれ、大きな戦いが起こりました。",
    );
    expect(joinAroundCjkDate("", ",美国之音每周向全球约2.366亿人播放")).toBe(
      "美国之音每周向全球约2.366亿人播放",
    );
    expect(joinAroundCjkDate("In ", ", Powell was the first")).toBeNull();
  });
});

describe("extractKeyPhrases in Chinese and Japanese", () => {
  it("names topics by whole compounds of dictionary words, not verbs or words cut out of a compound", () => {
    const phrases = extractKeyPhrases(EDO, { limit: 12 }).map((k) => k.text);
    expect(phrases).toEqual(expect.arrayContaining(["江戸幕府"]));
    for (const p of phrases) {
      expect(p, p).not.toMatch(/\p{Script=Hiragana}$/u);
      expect(p, p).not.toMatch(/\s/u);
    }
  });
});
