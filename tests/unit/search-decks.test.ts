// The dashboard search inside a deck: the title first, then the slides' text and notes in order,
// with a snippet around the match cut at spaces; icon names and stored picture keys are not words.
import { describe, expect, it } from "vitest";
import type { TDeck } from "@/lib/deck/schema";
import { findInDeck } from "@/lib/presentations/search-decks";

// Text from the Library of Congress's Hoover Dam history (tests/fixtures/corpus/history-hoover-dam-loc.txt).
const LONG =
  "Considered a wonder of civil engineering, the concrete arch-gravity Hoover Dam was constructed in the Black Canyon of the Colorado River between 1931 and 1936, and it was dedicated on September 30, 1935, by President Franklin D. Roosevelt.";

const DECK: TDeck = {
  version: 1,
  title: "Hoover Dam",
  language: "en",
  template: "general",
  theme: "light",
  slides: [
    { id: "s1", layout: "title", content: { title: "Hoover Dam" } },
    {
      id: "s2",
      layout: "icons-grid",
      content: { title: "Parts", items: [{ title: "Spillways", icon: "waves" }, { title: "Intake towers" }] },
    },
    {
      id: "s3",
      layout: "bullets",
      content: { title: "Building it", bullets: [LONG] },
      notes: "Ask about the *workers*.",
    },
  ],
};

describe("findInDeck", () => {
  it("matches the title first", () => {
    expect(findInDeck("Hoover Dam", DECK, "hoover")).toBe(true);
  });

  it("names the first slide with the text and a snippet around it, cut at spaces", () => {
    const found = findInDeck("Deck", DECK, "black canyon");
    expect(found).toEqual({
      slide: 3,
      text: "…Hoover Dam was constructed in the Black Canyon of the Colorado River between 1931 and 1936, and it was dedicated on September 30,…",
    });
    expect(findInDeck("Deck", DECK, "intake")).toEqual({ slide: 2, text: "Intake towers" });
  });

  it("reads speaker notes without their emphasis, and not icon names", () => {
    expect(findInDeck("Deck", DECK, "the workers")).toEqual({ slide: 3, text: "Ask about the workers." });
    expect(findInDeck("Deck", DECK, "waves")).toBeNull();
  });
});
