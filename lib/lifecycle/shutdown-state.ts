import "server-only";

type TShutdownState = { since?: Date };
const globalForShutdown = globalThis as unknown as { deckforgeShutdown?: TShutdownState };

function state(): TShutdownState {
  globalForShutdown.deckforgeShutdown ??= {};
  return globalForShutdown.deckforgeShutdown;
}

/** True once this process has begun shutting down: it is not ready and claims no new work. */
export function isShuttingDown(): boolean {
  return state().since !== undefined;
}

/** Marks this process as shutting down; false when it already was (a repeated signal). */
export function beginShutdown(now: Date = new Date()): boolean {
  const current = state();
  if (current.since) return false;
  current.since = now;
  return true;
}

/** Forgets a shutdown (tests that drive one in-process and then carry on). */
export function resetShutdownState(): void {
  state().since = undefined;
}
