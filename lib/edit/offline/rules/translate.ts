/** "Translate …" / "in French": the offline editor cannot translate — a 422 that says an LLM is needed. */
import { resolveLanguage } from "@/lib/generate/phrases";
import { EditRefusal } from "../../edit-refusal";
import type { TEditRule } from "../types";

const TRANSLATE = /\btranslat(?:e|ed|ion|ing)\b/i;
const INTO = /\b(?:in|into|to)\s+(\p{L}{4,})\b/giu;

/** True when the prompt asks for another language. */
export function asksTranslation(prompt: string): boolean {
  if (TRANSLATE.test(prompt)) return true;
  for (const m of prompt.matchAll(INTO)) if (resolveLanguage(m[1]) !== null) return true;
  return false;
}

export const translateRule: TEditRule = {
  id: "translate",
  help: "translation needs an LLM provider",
  parse(prompt) {
    if (!asksTranslation(prompt)) return null;
    return () => {
      throw new EditRefusal(
        "Translating needs a language model: the offline editor (LLM_PROVIDER=offline) does not translate. Set LLM_PROVIDER to openai, anthropic, google, ollama or openai-compatible.",
      );
    };
  },
};
