/** Errors the generation layer throws; lib/api maps them to problem responses. */

/** The input has nothing to build slides from (empty or whitespace-only content). */
export class GenerationInputError extends Error {
  readonly code = "generation_input_invalid";
  /** The request field at fault ("slides.2.layout"), when there is one. */
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = "GenerationInputError";
  }
}

/** LLM_PROVIDER names a provider this build cannot use (yet). lib/api answers 503. */
export class ProviderUnavailableError extends Error {
  readonly code = "provider_unavailable";
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}
