/**
 * "Add a slide about X": the edited slide stays as it is, and a new slide titled X follows it (or
 * comes before it: "… before this one") holding what the deck already says about X — the
 * sentences of the other slides and of the notes that mention X's words, as bullets, laid out by
 * their shape. When the deck says nothing about X, the new slide is a section divider titled X
 * and a warning says the offline rules cannot write new content: no text is made up. Pure.
 */
import type { TSlide } from "@/lib/deck/schema";
import { chooseLayout } from "@/lib/generate/choose-layout";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { titleCase } from "@/lib/generate/offline/title-case";
import { countWords, plainText, terms } from "@/lib/generate/offline/tokenize";
import { bulletKey, isNearDuplicate, writeBullet } from "@/lib/generate/offline/write-bullet";
import { resolveLanguage } from "@/lib/generate/phrases";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { count, notesField } from "../move-to-notes";
import { noteSentences } from "../note-sentences";
import { slideLines } from "../read-slide";
import type { TEditOutcome, TEditRule, TSlideDraft } from "../types";

const ADD =
  /^(?:add|insert|create|make|append|include|write|new)\s+(?:a\s+|an\s+|one\s+|another\s+)?(?:new\s+|extra\s+|separate\s+)?(?:slide|page)\s*(?:(?:about|on|for|covering|regarding|explaining|describing|with|titled|called|named)\s+|:\s*)(.+?)$/i;
const PLACE =
  /\s+(after|before|below|above|following|preceding)(?:\s+(?:this|it|this\s+one|this\s+slide|the\s+slide|the\s+current\s+(?:one|slide)))?$/i;
const MAX_BULLETS = 5;
const QUOTES = /^["“”'‘’«»„]+|["“”'‘’«»„]+$/g;

/** The topic and where the new slide goes, or null when the prompt does not ask for a slide. */
export function readAddSlide(prompt: string): { topic: string; before: boolean } | null {
  const m = ADD.exec(prompt.trim());
  if (!m) return null;
  let topic = m[1].trim();
  let before = false;
  const place = PLACE.exec(topic);
  if (place) {
    before = /^(?:before|above|preceding)$/i.test(place[1]);
    topic = topic.slice(0, place.index);
  }
  topic = topic
    .replace(/^(?:the|a|an)\s+/i, "")
    .replace(QUOTES, "")
    .trim();
  return topic ? { topic, before } : null;
}

export const addSlideRule: TEditRule = {
  id: "add-slide",
  help: '"add a slide about <topic>" (from what the deck already says about it)',
  parse(prompt) {
    const asked = readAddSlide(prompt);
    return asked ? (slide, ctx) => addSlide(slide, ctx, asked.topic, asked.before) : null;
  },
};

function addSlide(slide: TSlide, ctx: TEditContext, topic: string, before: boolean): TEditOutcome {
  const keywords = new Set(terms(topic));
  if (keywords.size === 0)
    throw new EditRefusal(`Name what the new slide is about: "add a slide about <topic>".`);
  const language = resolveLanguage(ctx.deck.language) ?? "xx";
  const title = titleCase(plainText(topic), language).slice(0, 300);
  const found = mentions(slide, ctx, keywords);
  const warnings: string[] = [];

  let added: TSlideDraft;
  if (found.length === 0) {
    added = { layout: "section", content: { title } };
    warnings.push(
      `The deck says nothing about "${topic}", and the offline rules cannot write new content: the new slide is a section divider titled "${title}". Write its content in the editor, or set an LLM provider (LLM_PROVIDER).`,
    );
  } else {
    const bullets = found.map((f) => writeBullet(f.text, "standard", "sentence").text);
    const chosen = chooseLayout({ title, bullets });
    const sources = [...new Set(found.map((f) => f.from))];
    added = { layout: chosen.layout, content: chosen.content, notes: `Taken from: ${sources.join("; ")}.` };
  }
  const kept: TSlideDraft = {
    id: slide.id,
    layout: slide.layout,
    content: slide.content,
    ...notesField(slide.notes),
  };
  const summary =
    found.length === 0
      ? `added a section divider titled "${title}" ${before ? "before" : "after"} the slide`
      : `added a slide "${title}" ${before ? "before" : "after"} the slide with ${count(found.length, "point")} the deck already makes about it`;
  return { slides: before ? [added, kept] : [kept, added], summary, warnings };
}

type TMention = { text: string; from: string; hits: number; order: number };

/**
 * Sentences of the deck that mention the topic's words — the other slides' text and notes, and
 * the edited slide's notes — best first (most of the topic's words), at most five, in deck order.
 */
function mentions(slide: TSlide, ctx: TEditContext, keywords: ReadonlySet<string>): TMention[] {
  const sources: { from: string; sentences: string[] }[] = ctx.deck.slides.map((s, i) => {
    const name = `slide ${i + 1}${s.content.title ? ` ("${plainText(s.content.title)}")` : ""}`;
    if (s.id === slide.id) return { from: `the notes of ${name}`, sentences: noteSentences(slide.notes) };
    const text = [s.content.subtitle, s.content.body, ...slideLines(s.content)].filter((t): t is string =>
      Boolean(t),
    );
    return { from: name, sentences: [...text.flatMap((t) => splitSentences(t)), ...noteSentences(s.notes)] };
  });
  // A slide added in the editor and not saved yet: its notes count too.
  if (ctx.index < 0) sources.push({ from: "the slide's notes", sentences: noteSentences(slide.notes) });
  const shown = slideLines(slide.content).map(bulletKey);
  const all: TMention[] = [];
  let order = 0;
  for (const { from, sentences } of sources)
    for (const text of sentences) {
      order += 1;
      const hits = new Set(terms(text).filter((t) => keywords.has(t))).size;
      if (hits > 0 && countWords(text) >= 3) all.push({ text: plainText(text).trim(), from, hits, order });
    }
  const picked: TMention[] = [];
  const used = [...shown];
  for (const m of [...all].sort((a, b) => b.hits - a.hits || a.order - b.order)) {
    const key = bulletKey(m.text);
    if (isNearDuplicate(key, used)) continue;
    used.push(key);
    picked.push(m);
    if (picked.length === MAX_BULLETS) break;
  }
  return picked.sort((a, b) => a.order - b.order);
}
