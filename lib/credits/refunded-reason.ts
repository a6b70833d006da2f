/** Marks a refunded reservation in its ledger reason ("generation" → "generation_refunded"). */
const SUFFIX = "_refunded";

/** The reason a reservation's entry carries once it has been refunded. */
export function refundedReason(reason: string): string {
  return `${reason}${SUFFIX}`;
}

/** Whether a ledger reason is that of a refunded reservation. */
export function isRefundedReason(reason: string): boolean {
  return reason.endsWith(SUFFIX);
}
