// Decks the AI edit tests run on: a hand-written one whose slides carry each shape a rule reads
// (pairs, dated steps, shares, two sides, a quotation, jargon, notes with more detail), and real
// generated ones from the text fixtures.
import fs from "node:fs";
import path from "node:path";
import { DECK_VERSION, type TDeck, type TSlide } from "@/lib/deck/schema";
import { buildEditContext, type TEditContext } from "@/lib/edit/edit-context";
import { generateDeck } from "@/lib/generate/generate-deck";
import { createOfflineProvider } from "@/lib/generate/offline/offline-provider";
import { ZGenerateOptions } from "@/lib/generate/types";

const ASSET = `assets/${"ab".repeat(32)}.jpg`;

/** A deck about solar power for rural clinics. */
export const SOLAR: TDeck = {
  version: DECK_VERSION,
  title: "Solar power for rural clinics",
  language: "English",
  template: "general",
  theme: "light",
  slides: [
    {
      id: "s1",
      layout: "title",
      content: { title: "Solar power for rural clinics", subtitle: "A plan for 2026–2028" },
    },
    {
      id: "s2",
      layout: "bullets",
      content: {
        title: "Why clinics need power",
        body: "Rural clinics lose power nine hours a week. Generators are loud and expensive to run.",
        bullets: [
          "Vaccines spoil when the fridges warm up during a power cut, which happens several times every week",
          "Night deliveries take place by the light of mobile phones in most of the clinics we visited",
          "Diesel for the backup generators costs each clinic about $3,200 a year",
          "Staff spend hours every week driving to town to buy fuel for the generators",
          "Patients travel further to district hospitals when a clinic has no power",
        ],
      },
      notes:
        "Open with the story of the clinic in Mbale. A single fridge holds vaccines for 4,000 children. Solar panels would cut diesel spending to almost nothing. Clinics with reliable power keep their nurses longer.",
    },
    {
      id: "s3",
      layout: "bullets",
      content: {
        title: "Costs per clinic",
        bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"],
      },
      notes: "Prices quoted by two suppliers in March.",
    },
    {
      id: "s4",
      layout: "bullets",
      content: {
        title: "Plan",
        bullets: [
          "2026: Pilot in 12 clinics",
          "2027: Regional roll-out to 80 clinics",
          "2028: National programme",
        ],
      },
    },
    {
      id: "s5",
      layout: "bullets",
      content: {
        title: "Solar or diesel",
        bullets: [
          "Solar: no fuel to buy",
          "Solar: silent",
          "Diesel: cheap to install",
          "Diesel: loud and smoky",
        ],
      },
    },
    {
      id: "s6",
      layout: "bullets",
      content: {
        title: "How the programme works",
        bullets: [
          "We will utilise approximately 40 panels per site in order to facilitate cold storage (as agreed with the ministry)",
          "Clinics are required to submit additional monthly reports prior to the second payment",
        ],
      },
    },
    {
      id: "s7",
      layout: "image-right",
      content: {
        title: "Field visit",
        bullets: ["We visited 14 clinics in May", "Every clinic had at least one broken fridge"],
        image: {
          query: "rural clinic solar panels",
          alt: "Solar panels on a clinic roof",
          asset: ASSET,
          credit: "Photo by A. Osei",
        },
      },
    },
    {
      id: "s8",
      layout: "bullets",
      content: {
        title: "What nurses told us",
        bullets: [
          "“Power cuts spoil our vaccines every week.” — Grace Akello, head nurse",
          "Most nurses asked for lighting first",
        ],
      },
    },
    {
      id: "s9",
      layout: "bullets",
      content: {
        title: "Where clinic power comes from",
        bullets: ["Grid: 30%", "Diesel: 55%", "Solar: 15%"],
      },
    },
    {
      id: "s10",
      layout: "bullets",
      content: {
        title: "Open questions",
        bullets: ["Who maintains the batteries after the warranty ends"],
      },
      notes:
        "Theft of panels is a risk in remote sites. Battery replacement after eight years is the biggest cost risk.",
    },
    {
      id: "s11",
      layout: "icons-grid",
      content: {
        title: "What changes",
        items: [
          { title: "Cold chain", body: "Vaccines stay cold" },
          { title: "Lighting", icon: "lightbulb" },
          { title: "Water pumps" },
        ],
      },
      notes: "Water pumps can run on the same panels during the day.",
    },
  ],
};

/** A slide of SOLAR by id. */
export function slideOf(deck: TDeck, id: string): TSlide {
  const slide = deck.slides.find((s) => s.id === id);
  if (!slide) throw new Error(`no slide ${id}`);
  return slide;
}

/** The edit context of one of the deck's slides. */
export function contextOf(deck: TDeck, id: string): TEditContext {
  return buildEditContext(deck, slideOf(deck, id));
}

/** A deck the offline generator makes from a text fixture (deterministic). */
export async function generatedDeck(fixture: string, nSlides = 8): Promise<TDeck> {
  const content = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/text", fixture), "utf8");
  const opts = {
    ...ZGenerateOptions.parse({ content, n_slides: nSlides }),
    template: "general" as const,
    theme: "light" as const,
  };
  return (await generateDeck(createOfflineProvider(), opts)).deck;
}

/** A deck the offline generator makes from a real third-party text of tests/fixtures/corpus (deterministic). */
export async function corpusDeck(file: string, nSlides = 8): Promise<TDeck> {
  const content = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/corpus", file), "utf8");
  const opts = {
    ...ZGenerateOptions.parse({ content, n_slides: nSlides }),
    template: "general" as const,
    theme: "light" as const,
  };
  return (await generateDeck(createOfflineProvider(), opts)).deck;
}
