import { describeApiFailure } from "@/lib/net/describe-api-failure";
import { ImageProviderError } from "./image-provider";

/** A failed provider call as an ImageProviderError (see describeApiFailure for message and `fatal`). */
export function providerFailure(name: string, error: unknown): ImageProviderError {
  if (error instanceof ImageProviderError) return error;
  const { message, fatal } = describeApiFailure(name, error);
  return new ImageProviderError(message, fatal);
}
