/**
 * "More detail" / "expand" / "elaborate": the slide gains what its speaker notes say that it does
 * not show yet — new bullets, and a line of text for cards, steps and figures that have none — and
 * bullets holding several sentences are split into one each. Nothing is invented: with nothing to
 * add the request is refused (422, no charge) and says so. Pure.
 */
import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { countWords, terms } from "@/lib/generate/offline/tokenize";
import { bulletKey, isNearDuplicate } from "@/lib/generate/offline/write-bullet";
import { EditRefusal } from "../../edit-refusal";
import { count, notesField } from "../move-to-notes";
import { noteSentences } from "../note-sentences";
import { slideLines } from "../read-slide";
import { single, type TEditRule } from "../types";

const ASKS =
  /\b(?:more\s+(?:detail(?:s|ed)?|context|depth|information|info|content|points|bullets|text)|expand(?:ed)?|elaborate|flesh(?:\s+it)?\s+out|longer|add\s+(?:more\s+)?(?:detail|details|context|depth|information)|go\s+deeper|explain\s+(?:more|further|in\s+more\s+detail)|richer|in\s+(?:more\s+)?detail)\b/i;
/** A slide showing more than this many bullets is full; the notes stay notes. */
const FULL = 7;
const MAX_ADDED = 3;

export const expandRule: TEditRule = {
  id: "expand",
  help: '"more detail" / "expand" (from the speaker notes; nothing is invented)',
  parse(prompt) {
    return ASKS.test(prompt) ? expand : null;
  },
};

function expand(slide: TSlide) {
  const c = slide.content;
  const reads = new Set(LAYOUT_SPECS[slide.layout].reads);
  const shown = [c.title ?? "", c.body ?? "", c.subtitle ?? "", ...slideLines(c)]
    .filter(Boolean)
    .map(bulletKey);
  const spare = noteSentences(slide.notes).filter(
    (s) => countWords(s) >= 4 && !isNearDuplicate(bulletKey(s), shown),
  );
  const out: TSlideContent = { ...c };
  const done: string[] = [];

  // Bullets of several sentences: one bullet each.
  if (reads.has("bullets") && c.bullets?.length) {
    const split = c.bullets.flatMap((b) => {
      const parts = splitSentences(b);
      return parts.length > 1 && parts.every((p) => countWords(p) >= 3) ? parts : [b];
    });
    if (split.length > c.bullets.length) {
      done.push(`split ${count(split.length - c.bullets.length, "long bullet")} into sentences`);
      out.bullets = split.slice(0, 30);
    }
  }

  // Cards, steps and figures without a line of text get the notes sentence about them.
  const used = new Set<string>();
  const support = (label: string): string | undefined => {
    const key = new Set(terms(label));
    const found = spare.find((s) => !used.has(s) && terms(s).some((t) => key.has(t)));
    if (found) used.add(found);
    return found ? compressSentence(found, { maxWords: 14, keepPeriod: false }).text : undefined;
  };
  let described = 0;
  if (c.items?.length)
    out.items = c.items.map((item) => {
      const body = item.body ?? support(item.title);
      if (body && !item.body) described += 1;
      return body ? { ...item, body } : item;
    });
  if (c.timeline?.length)
    out.timeline = c.timeline.map((e) => {
      const body = e.body ?? support(`${e.title} ${e.date}`);
      if (body && !e.body) described += 1;
      return body ? { ...e, body } : e;
    });
  if (c.metrics?.length)
    out.metrics = c.metrics.map((m) => {
      const detail = m.detail ?? support(m.label);
      if (detail && !m.detail) described += 1;
      return detail ? { ...m, detail } : m;
    });
  if (described) done.push(`gave ${count(described, "entry", "entries")} a line from the speaker notes`);

  // A list slide gains the notes' other sentences as bullets.
  if (reads.has("bullets") && !c.columns?.length && !c.chart) {
    const bullets = out.bullets ?? [];
    const room = Math.min(MAX_ADDED, FULL - bullets.length);
    const added = spare
      .filter((s) => !used.has(s))
      .slice(0, Math.max(0, room))
      .map((s) => compressSentence(s, { maxWords: 25, keepPeriod: false }).text);
    if (added.length) {
      out.bullets = [...bullets, ...added];
      done.push(`added ${count(added.length, "bullet")} from the speaker notes`);
    }
  }

  if (done.length === 0)
    throw new EditRefusal(
      slide.notes?.trim()
        ? "Nothing to add: the speaker notes say nothing the slide does not already show, and the offline rules do not write new content (an LLM provider can: set LLM_PROVIDER)."
        : "Nothing to add: the slide has no speaker notes to take detail from, and the offline rules do not write new content (an LLM provider can: set LLM_PROVIDER).",
    );
  return single(
    slide,
    { layout: slide.layout, content: out, ...notesField(slide.notes) },
    done.join(" and "),
  );
}
