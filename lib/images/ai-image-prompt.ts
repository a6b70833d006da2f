/**
 * The prompt for a slide's generated picture: the slide's topic, the deck for context, and the
 * rules a slide picture needs (no lettering: models misspell it, and the slide has its own text).
 */
export function aiImagePrompt(query: string, deckTitle?: string): string {
  const deck = deckTitle?.trim() ?? "";
  const context = deck && deck !== query ? ` (presentation: "${deck}")` : "";
  return [
    `An editorial photograph illustrating "${query}"${context}.`,
    "Natural light, clean composition with a clear subject, suitable as a picture beside slide text.",
    "No text, letters, numbers, captions, logos or watermarks.",
  ].join(" ");
}
