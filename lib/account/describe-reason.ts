/** What a credit ledger entry was for, in words, for the account page's usage table. Client-safe. */

const REASONS: Record<string, string> = {
  grant: "Sign-up grant",
  generation: "Generation",
  generation_refunded: "Generation (failed, refunded)",
  ai_edit: "AI edit",
  ai_edit_refunded: "AI edit (failed, refunded)",
  ai_image: "AI images (editor)",
  ai_image_refunded: "AI images (failed, refunded)",
  adjustment: "Adjustment",
};

/**
 * What a ledger entry was for, from its reason ("generation", "ai_edit_refunded",
 * "adjustment: ticket 7"); an unknown reason is shown as words rather than hidden.
 */
export function describeReason(reason: string): string {
  const known = REASONS[reason] ?? REASONS[reason.replace(/-/g, "_")];
  if (known) return known;
  const note = /^adjustment:\s*(.+)$/s.exec(reason);
  if (note) return `Adjustment: ${note[1]}`;
  if (reason.endsWith("_refunded"))
    return `${describeReason(reason.slice(0, -"_refunded".length))} (refunded)`;
  const words = reason.replace(/[_-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : reason;
}
