/** aria-describedby for a control inside <Field>: its error when shown, else its hint. Client-safe. */
export function describedBy(id: string, state: { hint?: unknown; error?: string }): string | undefined {
  if (state.error) return `${id}-error`;
  if (state.hint) return `${id}-hint`;
  return undefined;
}
