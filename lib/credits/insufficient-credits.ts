import { ApiError } from "@/lib/api/errors";

/**
 * The 402 answered when a balance cannot cover a charge: the problem body carries `balance` and
 * `required` so a client can tell the user how many credits are missing.
 */
export function insufficientCredits(balance: number, required: number): ApiError {
  return new ApiError(
    "insufficient_credits",
    `This needs ${required} credit${required === 1 ? "" : "s"} and the account has ${balance}.`,
    { extensions: { balance, required } },
  );
}
