import "server-only";

/** Thrown when a check outlives its time limit. */
export class CheckTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * Settles with `work`, or rejects with CheckTimeoutError after `ms`: a hung dependency then fails
 * the check instead of hanging the request. The work itself is not cancelled.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
