/**
 * Header words for tables the offline editor builds from label–value text, in the deck's
 * language where the table has them (English otherwise). Pure.
 */
import { resolveLanguage } from "@/lib/generate/phrases";

export type TTableWords = { item: string; value: string; details: string; date: string; step: string };

const WORDS: Record<string, TTableWords> = {
  en: { item: "Item", value: "Value", details: "Details", date: "Date", step: "Step" },
  es: { item: "Elemento", value: "Valor", details: "Detalles", date: "Fecha", step: "Paso" },
  fr: { item: "Élément", value: "Valeur", details: "Détails", date: "Date", step: "Étape" },
  de: { item: "Punkt", value: "Wert", details: "Details", date: "Datum", step: "Schritt" },
  pt: { item: "Item", value: "Valor", details: "Detalhes", date: "Data", step: "Etapa" },
  it: { item: "Voce", value: "Valore", details: "Dettagli", date: "Data", step: "Fase" },
  nl: { item: "Onderdeel", value: "Waarde", details: "Details", date: "Datum", step: "Stap" },
};

/** The words for `language` (a name or code), English when the table has no entry for it. */
export function tableWords(language: string): TTableWords {
  return WORDS[resolveLanguage(language) ?? "en"] ?? WORDS.en;
}
