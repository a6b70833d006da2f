/**
 * A count of bytes the server holds at once, shared by every request of the process: a request
 * takes bytes as they arrive and gives them all back when it ends. Taking more than is left fails
 * at once rather than waiting, so a flood is refused (503) instead of queued in memory.
 */
export class ByteBudget {
  #held = 0;

  constructor(readonly limit: number) {}

  /** Takes `bytes` if they fit under the limit; false (and nothing taken) if not. */
  tryTake(bytes: number): boolean {
    if (this.#held + bytes > this.limit) return false;
    this.#held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes);
  }

  get held(): number {
    return this.#held;
  }
}
