/**
 * A scripted "model" for the mock server: it recognises what each request asks for (the outline,
 * the cover, or content slide N in layout L) from the prompt, and answers with fixed JSON — as
 * message content, or as a tool call when the request carries a tool.
 */
import type { TChatRequest, TMockAnswer, TMockHandler } from "./mock-openai-server";
import { userText } from "./mock-openai-server";

/** What a request asks for. */
export type TRequestKind =
  | { kind: "outline" }
  | { kind: "cover" }
  | { kind: "slide"; number: number; layout: string };

/** Reads the request's purpose from its prompt. */
export function kindOf(body: TChatRequest): TRequestKind {
  const text = userText(body);
  if (text.includes("Write the outline")) return { kind: "outline" };
  const slide = /Write slide (\d+) of \d+/.exec(text);
  const layout = /Its layout is "([a-z-]+)"/.exec(text);
  if (slide && layout) return { kind: "slide", number: Number(slide[1]), layout: layout[1] };
  return { kind: "cover" };
}

/** How structured output was requested. */
export function modeOf(body: TChatRequest): "json-schema" | "json" | "tool" | "none" {
  if (body.tools?.length) return "tool";
  if (body.response_format?.type === "json_schema") return "json-schema";
  if (body.response_format?.type === "json_object") return "json";
  return "none";
}

/** The cover the model writes (with the outline, or alone for a reviewed outline). */
export const COVER = { title: "Les pompes à chaleur", subtitle: "Économiser en chauffant mieux" };

/** The deck's cover and four content slides whose bullets choose bullets, metrics, timeline and bullets layouts. */
export const OUTLINE = {
  ...COVER,
  slides: [
    {
      title: "Pourquoi les pompes à chaleur",
      bullets: [
        "Elles déplacent la chaleur au lieu de la produire",
        "Elles réduisent fortement la facture énergétique",
      ],
      notes: "Commencer par une question au public.",
    },
    {
      title: "Les coûts en bref",
      bullets: ["Économies annuelles: 1 200 €", "Coût d'installation: 9 000 €", "Retour: 7 ans"],
    },
    {
      title: "Déploiement",
      bullets: ["2024: Pilote dans trois villes", "2025: Extension régionale", "2026: Programme national"],
    },
    {
      title: "Prochaines étapes",
      bullets: [
        "Demander un devis auprès d'un installateur agréé",
        "Vérifier les aides publiques disponibles",
      ],
    },
  ],
};

/** The content the model writes for each layout (title carries the slide number). */
export function slideAnswer(number: number, layout: string): Record<string, unknown> {
  const title = `Diapo ${number} écrite`;
  switch (layout) {
    case "metrics":
      return {
        title,
        metrics: [
          { value: "1 200 €", label: "Économies annuelles" },
          { value: "9 000 €", label: "Installation" },
          { value: "7 ans", label: "Retour sur investissement" },
        ],
      };
    case "timeline":
      return {
        title,
        timeline: [
          { date: "2024", title: "Pilote" },
          { date: "2025", title: "Région" },
          { date: "2026", title: "National" },
        ],
      };
    case "comparison":
    case "two-column":
      return {
        title,
        columns: [
          { heading: "Avant", bullets: ["Chaudière au fioul", "Facture élevée"] },
          { heading: "Après", bullets: ["Pompe à chaleur", "Facture réduite"] },
        ],
      };
    default:
      return { title, body: `Introduction ${number}`, bullets: [`Point A${number}`, `Point B${number}`] };
  }
}

/** The JSON for a request, from the fixtures above. */
export function answerJson(body: TChatRequest): Record<string, unknown> {
  const k = kindOf(body);
  if (k.kind === "outline") return OUTLINE;
  if (k.kind === "cover") return COVER;
  return slideAnswer(k.number, k.layout);
}

/** Wraps JSON as the answer the request's mode expects (a tool call when it sent a tool). */
export function asAnswer(body: TChatRequest, json: unknown, delayMs?: number): TMockAnswer {
  const delay = delayMs === undefined ? {} : { delayMs };
  const tool = body.tools?.[0]?.function.name;
  if (tool) return { type: "tool-call", name: tool, arguments: json as object, ...delay };
  return { type: "content", content: json as object, ...delay };
}

/** A handler answering every request from the fixtures; `override` may answer first. */
export function scriptedModel(override?: (body: TChatRequest) => TMockAnswer | undefined): TMockHandler {
  return (body) => override?.(body) ?? asAnswer(body, answerJson(body));
}
