import "server-only";
import { z } from "zod";

type TEnv = Record<string, string | undefined>;

/** Largest credit amount a setting or an adjustment may name: balances are 32-bit integers. */
export const MAX_CREDIT_AMOUNT = 1_000_000_000;

const ZAmount = z.coerce.number().int().min(0).max(MAX_CREDIT_AMOUNT);

/** The credit environment variables; the README's configuration table mirrors these defaults. */
export const ZCreditEnv = z.object({
  CREDITS_PER_SLIDE: ZAmount.default(1),
  CREDITS_PER_AI_IMAGE: ZAmount.default(2),
  CREDITS_PER_AI_EDIT: ZAmount.default(1),
  CREDITS_PER_DOCUMENT_PAGE: ZAmount.default(0),
  CREDITS_GRANT: ZAmount.default(100),
  // "false", "0", "no", "off" turn enforcement off; "true", "1", "yes", "on" keep it on.
  CREDITS_ENFORCE: z.stringbool().default(true),
});

/** What each unit of work costs, in credits. */
export type TCreditRules = {
  perSlide: number;
  perAiImage: number;
  perAiEdit: number;
  perDocumentPage: number;
};

export type TCreditSettings = {
  rules: TCreditRules;
  /** Credits a new account starts with (a "grant" ledger entry). */
  grant: number;
  /** False: charges are still recorded but a short balance never refuses work and may go negative. */
  enforce: boolean;
};

/**
 * The credit settings from the environment. Read on every call (a handful of fields) so a test or
 * an operator's restart-free tooling sees the current values; a bad value is a configuration error
 * (a plain Error, so a request answers 500 and the log names the variable), never a 422.
 */
export function getCreditSettings(env: TEnv = process.env): TCreditSettings {
  const parsed = ZCreditEnv.safeParse({
    CREDITS_PER_SLIDE: blankToUndefined(env.CREDITS_PER_SLIDE),
    CREDITS_PER_AI_IMAGE: blankToUndefined(env.CREDITS_PER_AI_IMAGE),
    CREDITS_PER_AI_EDIT: blankToUndefined(env.CREDITS_PER_AI_EDIT),
    CREDITS_PER_DOCUMENT_PAGE: blankToUndefined(env.CREDITS_PER_DOCUMENT_PAGE),
    CREDITS_GRANT: blankToUndefined(env.CREDITS_GRANT),
    CREDITS_ENFORCE: blankToUndefined(env.CREDITS_ENFORCE),
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid credit configuration — ${issues.join("; ")}`);
  }
  const e = parsed.data;
  return {
    rules: {
      perSlide: e.CREDITS_PER_SLIDE,
      perAiImage: e.CREDITS_PER_AI_IMAGE,
      perAiEdit: e.CREDITS_PER_AI_EDIT,
      perDocumentPage: e.CREDITS_PER_DOCUMENT_PAGE,
    },
    grant: e.CREDITS_GRANT,
    enforce: e.CREDITS_ENFORCE,
  };
}

// An empty variable (CREDITS_GRANT= in an env file) means "use the default", not zero.
function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
