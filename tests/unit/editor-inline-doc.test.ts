// Inline markdown ↔ Tiptap JSON: what the inline editor shows and what it writes back.
import { describe, expect, it } from "vitest";
import {
  docToLine,
  docToRich,
  docToText,
  inlineToNodes,
  isSafeHref,
  lineToDoc,
  nodesToInline,
  richToDoc,
  serializeRuns,
  type TDocNode,
  type TMark,
  type TRun,
  textToDoc,
} from "@/lib/editor/inline-doc";
import { parseInline, stripInline } from "@/lib/layouts/parse-inline";

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const text = (value: string, ...marks: TMark["type"][]): TDocNode => ({
  type: "text",
  text: value,
  ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}),
});

/** Runs as parseInline gives them, for comparing documents by meaning. */
const runsOf = (markdown: string) => parseInline(markdown) as TRun[];

describe("deck text → document", () => {
  it("turns emphasis into marks and keeps markup characters as text", () => {
    expect(inlineToNodes("Plain **bold** and *it* and `x*y`")).toEqual([
      { type: "text", text: "Plain " },
      { type: "text", text: "bold", marks: [{ type: "bold" }] },
      { type: "text", text: " and " },
      { type: "text", text: "it", marks: [{ type: "italic" }] },
      { type: "text", text: " and " },
      { type: "text", text: "x*y", marks: [{ type: "code" }] },
    ]);
    // Markup stays text nodes (the parser may still read `_…_` inside it as italics, as the exports do).
    const xss = inlineToNodes(XSS);
    expect(xss.every((node) => node.type === "text")).toBe(true);
    expect(xss.map((node) => node.text).join("")).toBe(stripInline(XSS));
    expect(inlineToNodes("<b>x</b>")).toEqual([{ type: "text", text: "<b>x</b>" }]);
    expect(inlineToNodes("")).toEqual([]);
    expect(lineToDoc("")).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });

  it("makes a paragraph per line and a bullet list of bullets", () => {
    expect(textToDoc("one\n\ntwo")).toEqual({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "one" }] },
        { type: "paragraph", content: [{ type: "text", text: "two" }] },
      ],
    });
    const doc = richToDoc({ body: "Lead", bullets: ["a", "**b**"] });
    expect(doc.content?.map((node) => node.type)).toEqual(["paragraph", "bulletList"]);
    expect(doc.content?.[1].content?.[1]).toEqual({
      type: "listItem",
      content: [{ type: "paragraph", content: [{ type: "text", text: "b", marks: [{ type: "bold" }] }] }],
    });
    expect(richToDoc({ body: "", bullets: [] })).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });
});

describe("document → deck text", () => {
  it("writes marks as markdown that reads back the same", () => {
    const cases: TDocNode[][] = [
      [text("Hello "), text("bold", "bold"), text(" world")],
      [text("a "), text("both", "bold", "italic"), text(" b")],
      [text("x", "bold"), text("y", "bold", "italic"), text("z", "italic")],
      [text("un"), text("believ", "italic"), text("able")],
      [text("code ", "bold"), text("`tick`", "code"), text("x_y", "code")],
      [text("  spaced bold  ", "bold"), text("tail")],
      [text("2 * 3 = 6, snake_case, \\n, `q`, [a](b)")],
      [text("**not bold**")],
      [text(XSS)],
    ];
    for (const nodes of cases) {
      const markdown = nodesToInline(nodes);
      const back = inlineToNodes(markdown);
      expect(back.map((node) => node.text).join("")).toBe(nodes.map((node) => node.text).join(""));
      // Re-serialising what was read gives the same markdown: a fixed point.
      expect(nodesToInline(back)).toBe(markdown);
    }
    expect(nodesToInline([text("Hello "), text("bold", "bold")])).toBe("Hello **bold**");
    expect(nodesToInline([text("x", "italic")])).toBe("*x*");
    expect(nodesToInline([text("a*b`c\\d")])).toBe("a\\*b\\`c\\\\d");
    expect(nodesToInline([text("  spaced  ", "bold")])).toBe("  **spaced**  ");
  });

  it("round-trips deck text through the editor unchanged in meaning", () => {
    const samples = [
      "Revenue grew **faster** than *planned*",
      "The `eu-west` region",
      "***both*** and **bold *nested* text**",
      "Literal \\*stars\\* and \\_under\\_",
      "snake_case_names stay",
      XSS,
      "Tom & Jerry <b>not bold</b>",
      "émigré – 中文 – עברית",
    ];
    for (const sample of samples) {
      const back = nodesToInline(inlineToNodes(sample));
      expect(runsOf(back)).toEqual(runsOf(sample));
    }
  });

  it("joins a line's paragraphs, keeps a text's paragraphs, and splits body from bullets", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "paragraph", content: [text("Intro "), text("here", "bold")] },
        { type: "paragraph" },
        { type: "paragraph", content: [text("Second")] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [text("one")] }] },
            {
              type: "listItem",
              content: [
                { type: "paragraph", content: [text("two", "italic")] },
                {
                  type: "bulletList",
                  content: [
                    { type: "listItem", content: [{ type: "paragraph", content: [text("nested")] }] },
                  ],
                },
              ],
            },
            { type: "listItem", content: [{ type: "paragraph" }] },
          ],
        },
      ],
    };
    expect(docToLine(doc)).toBe("Intro **here** Second one *two* nested");
    expect(docToText(doc)).toBe("Intro **here**\nSecond\none\n*two*\nnested");
    expect(docToRich(doc)).toEqual({ body: "Intro **here**\nSecond", bullets: ["one", "*two*", "nested"] });
    expect(docToRich(richToDoc({ body: "A\nB", bullets: ["c", "`d`"] }))).toEqual({
      body: "A\nB",
      bullets: ["c", "`d`"],
    });
  });
});

describe("links", () => {
  it("accepts only web and mail links", () => {
    expect(isSafeHref("https://example.com/a?b=c")).toBe(true);
    expect(isSafeHref("mailto:ada@example.com")).toBe(true);
    expect(isSafeHref("javascript:alert(1)")).toBe(false);
    expect(isSafeHref("data:text/html,<script>")).toBe(false);
    expect(isSafeHref("//example.com")).toBe(false);
    expect(isSafeHref("https://")).toBe(false);
  });

  it("writes link marks as [text](url) and reads them back as links", () => {
    const nodes: TDocNode[] = [
      text("See "),
      {
        type: "text",
        text: "the docs",
        marks: [{ type: "link", attrs: { href: "https://example.com/a b" } }],
      },
      { type: "text", text: " now", marks: [{ type: "bold" }] },
    ];
    const markdown = nodesToInline(nodes);
    expect(markdown).toBe("See [the docs](https://example.com/a%20b) **now**");
    const runs = runsOf(markdown);
    expect(runs.find((run) => run.text === "the docs")?.link).toBe("https://example.com/a%20b");
    expect(inlineToNodes(markdown)[1]).toEqual({
      type: "text",
      text: "the docs",
      marks: [{ type: "link", attrs: { href: "https://example.com/a%20b" } }],
    });
    const bold = nodesToInline([
      {
        type: "text",
        text: "bold link",
        marks: [{ type: "bold" }, { type: "link", attrs: { href: "mailto:a@b.c" } }],
      },
    ]);
    expect(runsOf(bold)).toEqual([{ text: "bold link", bold: true, link: "mailto:a@b.c" }]);
  });

  it("drops unsafe link targets but keeps their text", () => {
    const nodes: TDocNode[] = [
      { type: "text", text: "click", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] },
    ];
    expect(nodesToInline(nodes)).toBe("click");
    expect(inlineToNodes("[click](javascript:alert(1))").some((node) => node.marks?.length)).toBe(false);
  });
});

describe("serializeRuns", () => {
  it("never changes the text, whatever the mix of styles", () => {
    const styles = [{}, { bold: true }, { italic: true }, { bold: true, italic: true }, { code: true }];
    const words = ["a", " b ", "*", "_c_", "d e", "`", "\\"];
    for (let seed = 0; seed < 400; seed++) {
      const runs: TRun[] = [];
      let state = seed;
      for (let i = 0; i < 5; i++) {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        runs.push({ text: words[state % words.length], ...styles[(state >> 3) % styles.length] });
      }
      const back = runsOf(serializeRuns(runs))
        .map((run) => run.text)
        .join("");
      expect(back).toBe(runs.map((run) => run.text).join(""));
    }
  });
});
