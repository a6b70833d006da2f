/**
 * An edit the service understood but cannot make (or a prompt it does not understand): answered
 * as a 422 on the `prompt` field, and nothing is charged.
 */
import { ApiError } from "@/lib/api/errors";

export class EditRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EditRefusal";
  }
}

/** The 422 problem for a refusal. */
export function refusalProblem(refusal: EditRefusal): ApiError {
  return new ApiError("invalid_field", `prompt: ${refusal.message}`, {
    errors: [{ path: "prompt", message: refusal.message }],
  });
}
