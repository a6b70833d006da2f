import "server-only";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { GenerationInputError, ProviderUnavailableError } from "@/lib/generate/errors";
import { ApiError, invalidFields } from "./errors";

/** Maps errors of the layers below to the API's codes; null for an unexpected error (a 500). */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return invalidFields(error);
  if (error instanceof ProviderUnavailableError) return new ApiError("provider_unavailable", error.message);
  if (error instanceof GenerationInputError) {
    const errors = error.path ? [{ path: error.path, message: error.message }] : undefined;
    return new ApiError("invalid_field", error.path ? `${error.path}: ${error.message}` : error.message, {
      errors,
    });
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[deckforge] database unavailable:", (error as Error).message);
    return new ApiError(
      "provider_unavailable",
      "The database is busy or unreachable, so nothing was changed. Try again in a few seconds.",
    );
  }
  return null;
}
