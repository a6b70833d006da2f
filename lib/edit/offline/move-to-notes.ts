/**
 * Text a rewrite takes off the slide goes to its speaker notes, one "• " line each, so an edit
 * never loses what the user wrote. Pure.
 */
import { plainText } from "@/lib/generate/offline/tokenize";

const MAX_NOTES = 20_000;

/** `notes` with `lines` appended; the notes unchanged when there is nothing to move. */
export function moveToNotes(notes: string | undefined, lines: readonly string[]): string | undefined {
  const moved = lines.map((l) => plainText(l).trim()).filter(Boolean);
  if (moved.length === 0) return notes;
  const block = moved.map((l) => `• ${l}`).join("\n");
  const joined = notes?.trim() ? `${notes.trim()}\n\n${block}` : block;
  return joined.length > MAX_NOTES ? `${joined.slice(0, MAX_NOTES - 1)}…` : joined;
}

/** The draft's notes field: present only when there are notes. */
export function notesField(notes: string | undefined): { notes?: string } {
  return notes?.trim() ? { notes } : {};
}

/** "3 bullets", "1 line"; `plural` when adding an "s" is wrong. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
