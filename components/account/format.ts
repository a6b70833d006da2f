/** Display helpers of the account page. Client-safe. */

/** A timestamp in the visitor's locale and time zone ("12 Mar 2026, 14:05"). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A signed credit amount: "+1,000", "−9", "0". */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta.toLocaleString()}`;
  if (delta < 0) return `−${Math.abs(delta).toLocaleString()}`;
  return "0";
}
