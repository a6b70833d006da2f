import type { TRateLimitStore, TRateLimitWindow } from "./rate-limit";

/**
 * Sliding-window log in this process's memory: a key's accepted request times within the window.
 * Exact ("at most `limit` in any `windowMs`"), at most `limit` timestamps per active key; keys idle
 * for a whole window are swept. Refused requests are not recorded, so a client that keeps knocking
 * while limited does not push its own reset further away. One process only (the embedded setup);
 * instances behind a load balancer need a shared store.
 */
export class MemoryRateLimitStore implements TRateLimitStore {
  readonly #hits = new Map<string, number[]>();
  #lastSweep = 0;

  hit(key: string, limit: number, windowMs: number, now: number): TRateLimitWindow {
    this.#sweep(now, windowMs);
    const hits = this.#hits.get(key) ?? [];
    let expired = 0;
    while (expired < hits.length && hits[expired] <= now - windowMs) expired++;
    if (expired > 0) hits.splice(0, expired);
    const allowed = hits.length < limit;
    if (allowed) hits.push(now);
    if (hits.length > 0) this.#hits.set(key, hits);
    return {
      allowed,
      remaining: Math.max(0, limit - hits.length),
      // The oldest counted request leaving the window gives one request back.
      resetMs: hits.length > 0 ? hits[0] + windowMs - now : 0,
    };
  }

  #sweep(now: number, windowMs: number): void {
    if (now - this.#lastSweep < windowMs) return;
    this.#lastSweep = now;
    for (const [key, hits] of this.#hits) {
      if ((hits.at(-1) ?? 0) <= now - windowMs) this.#hits.delete(key);
    }
  }
}
