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

// "add a section on costs", "add next steps", "add the risks": a common topic named alone.
const ADD_TOPIC =
  /^(?:add|insert|include|cover|write)\s+(?:a\s+|an\s+|the\s+|some\s+)?(?:(?:section|part|bit|page)\s+(?:about|on|for|covering)\s+)?((?:(?:the|our|key|main|potential|possible)\s+)?(?:next\s+steps|risks?|challenges|benefits|costs|goals|results|opportunities|solutions|timeline|team|history|.+?)(?:\s+(?:after|before|below|above|following|preceding)(?:\s+\w+){0,3})?)$/i;

/** The topic and where the new slide goes, or null when the prompt does not ask for a slide. */
export function readAddSlide(prompt: string): { topic: string; before: boolean } | null {
  const m = ADD.exec(prompt.trim()) ?? addTopic(prompt.trim());
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

/** "add next steps", "add a section on costs": only with a section word or a topic of RELATED. */
function addTopic(prompt: string): RegExpExecArray | null {
  const m = ADD_TOPIC.exec(prompt);
  if (!m) return null;
  const named =
    /^(?:add|insert|include|cover|write)\s+(?:a\s+|an\s+|the\s+|some\s+)?(?:section|part|bit|page)\s/i.test(
      prompt,
    );
  const topic = m[1].replace(PLACE, "").replace(/^(?:the|our|key|main|potential|possible)\s+/i, "");
  const common = terms(topic).some((t) => Object.keys(RELATED).some((k) => terms(k)[0] === t));
  return named || (common && terms(topic).length <= 2) ? m : null;
}

export const addSlideRule: TEditRule = {
  id: "add-slide",
  help: '"add a slide about <topic>" (from what the deck already says about it)',
  parse(prompt) {
    const asked = readAddSlide(prompt);
    return asked ? (slide, ctx) => addSlide(slide, ctx, asked.topic, asked.before) : null;
  },
};

/**
 * Words that speak of a common slide topic without naming it: a deck's risks are its challenges,
 * threats and delays. English only (other languages match the topic's own words).
 */
const RELATED: Record<string, string> = {
  risk: "risks challenge challenges threat threats concern concerns danger dangers hazard hazards uncertainty uncertain delay delays failure fail vulnerable vulnerability exposure obstacle obstacles barrier barriers difficult difficulty problem problems warn warning liability setback",
  challenge:
    "challenges risk risks problem problems obstacle obstacles difficult difficulty barrier barriers hurdle hurdles struggle",
  benefit:
    "benefits advantage advantages gain gains improve improves improved save saves savings help helps value opportunity opportunities",
  cost: "costs price prices budget budgets spend spending expense expenses funding fund funds dollars investment afford",
  goal: "goals aim aims objective objectives target targets mission purpose seek seeks plan plans",
  step: "steps next plan plans will upcoming future action actions roadmap milestone milestones begin start",
  result:
    "results outcome outcomes finding findings impact effect effects achieve achieved growth increase decrease rose fell",
  opportunity: "opportunities potential growth benefit benefits advantage market expand expansion",
  solution: "solutions solve solves approach fix address addresses answer",
  timeline: "date dates schedule milestones phase phases deadline",
  team: "people staff members leader leaders leadership founder founders employees partner partners",
  history: "founded began origin origins early century",
};

/** The topic's own terms, and the terms of words related to them (RELATED). */
function topicTerms(topic: string): { own: Set<string>; related: Set<string> } {
  const own = new Set(terms(topic));
  const related = new Set<string>();
  for (const [word, words] of Object.entries(RELATED)) {
    if (!own.has(terms(word)[0] ?? word)) continue;
    for (const t of terms(words)) if (!own.has(t)) related.add(t);
  }
  return { own, related };
}

function addSlide(slide: TSlide, ctx: TEditContext, topic: string, before: boolean): TEditOutcome {
  const { own: keywords, related } = topicTerms(topic);
  if (keywords.size === 0)
    throw new EditRefusal(`Name what the new slide is about: "add a slide about <topic>".`);
  const language = resolveLanguage(ctx.deck.language) ?? "xx";
  const title = titleCase(plainText(topic), language).slice(0, 300);
  const found = mentions(slide, ctx, keywords, related);
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
 * the edited slide's notes — best first (most of the topic's words, then related words), at most five, in deck order.
 */
function mentions(
  slide: TSlide,
  ctx: TEditContext,
  keywords: ReadonlySet<string>,
  related: ReadonlySet<string>,
): TMention[] {
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
      const found = new Set(terms(text));
      // The topic's own words count twice a related word's.
      const hits =
        2 * [...keywords].filter((t) => found.has(t)).length +
        [...related].filter((t) => found.has(t)).length;
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
