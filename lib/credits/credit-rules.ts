import { getCreditSettings, type TCreditRules } from "./credit-settings";

/** One row of the credit rule table, as GET /api/v1/credits/rules and the README show it. */
export type TCreditRule = {
  rule: "per_slide" | "per_ai_image" | "per_ai_edit" | "per_document_page";
  credits: number;
  env: string;
  description: string;
};

const TABLE: { rule: TCreditRule["rule"]; key: keyof TCreditRules; env: string; description: string }[] = [
  {
    rule: "per_slide",
    key: "perSlide",
    env: "CREDITS_PER_SLIDE",
    description:
      "Every slide of a delivered deck, title, agenda and closing slides included (generate, generate from outline slides, create from JSON).",
  },
  {
    rule: "per_ai_image",
    key: "perAiImage",
    env: "CREDITS_PER_AI_IMAGE",
    description:
      "Every picture an image model generated for the deck (image_type 'ai-generated'). Stock photos, pictures from uploaded documents and offline illustrations are free.",
  },
  {
    rule: "per_ai_edit",
    key: "perAiEdit",
    env: "CREDITS_PER_AI_EDIT",
    description: "Every AI prompt edit of a slide in the editor.",
  },
  {
    rule: "per_document_page",
    key: "perDocumentPage",
    env: "CREDITS_PER_DOCUMENT_PAGE",
    description:
      "Every page of an uploaded PDF and every slide of an uploaded PPTX that a generation reads (DOCX, TXT, MD and CSV files have no pages and are free).",
  },
];

/**
 * The credit rule table with the values in force. Outlines (POST /api/v3/presentation/outlines/generate),
 * uploads, downloads and reads cost nothing; a failed generation is refunded in full.
 */
export function creditRuleTable(rules: TCreditRules = getCreditSettings().rules): TCreditRule[] {
  return TABLE.map(({ rule, key, env, description }) => ({ rule, credits: rules[key], env, description }));
}
