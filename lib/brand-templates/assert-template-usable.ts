import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { isCustomTemplateId } from "@/lib/deck/schema";
import { getBrandTemplateOrThrow } from "./find-brand-template";

export type TTemplateChoice = {
  /** The template the request names. */
  template: string;
  /** Whether the request sent a theme (not null) besides. */
  themeSent: boolean;
  /** The request's name of the theme field, for the error's path. */
  themeField?: string;
  /** Headers the refusal carries (a generation's Preference-Applied and Vary). */
  headers?: Record<string, string>;
};

/**
 * Checks the template a request names for a new deck (or switches a deck to): a brand template
 * (`custom-<uuid>`) must be one of the account's, not deleted — else 404 "Template custom-… not
 * found". A brand template brings its own colours and fonts, so a theme sent with it is a 422
 * rather than silently ignored. Built-in templates pass.
 */
export async function assertTemplateUsable(db: Db, userId: string, choice: TTemplateChoice): Promise<void> {
  const { template, headers } = choice;
  if (!isCustomTemplateId(template)) return;
  try {
    await getBrandTemplateOrThrow(db, userId, template);
  } catch (error) {
    if (error instanceof ApiError && headers) throw new ApiError(error.code, error.message, { headers });
    throw error;
  }
  if (choice.themeSent) {
    const field = choice.themeField ?? "theme";
    const message = `The brand template ${template} uses its own colours and fonts, so no theme can be chosen with it; leave '${field}' out (or send null).`;
    throw new ApiError("invalid_field", `${field}: ${message}`, {
      errors: [{ path: field, message }],
      ...(headers ? { headers } : {}),
    });
  }
}
