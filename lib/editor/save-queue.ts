/**
 * Autosave with optimistic concurrency, framework-free: changes are saved after a pause, one save
 * at a time, the latest state next; a conflict (someone saved a newer version) stops saving until
 * the user chooses to reload or to keep their version — nothing is overwritten or dropped silently.
 * Failures that may pass (network, 5xx, 429) are retried with backoff. Client-safe.
 */

export type TSaveState = "saved" | "dirty" | "saving" | "error" | "conflict";

export type TSaveStatus = {
  state: TSaveState;
  /** The version the next save is based on. */
  version: number;
  /** Why the last save failed (state "error"). */
  error?: string;
  /** A failed save will be tried again by itself. */
  retrying?: boolean;
  /** The server's version when a save was refused as stale (state "conflict"). */
  currentVersion?: number;
};

/** What a failed save means. */
export type TSaveFailure =
  | { kind: "conflict"; currentVersion: number }
  | { kind: "retry"; message: string; delayMs?: number }
  | { kind: "fatal"; message: string };

export type TSaveQueueOptions<T> = {
  /** Saves `doc` over `version`; resolves with the new version. */
  save: (doc: T, version: number) => Promise<number>;
  /** Sorts a save's error into conflict, retryable or not. */
  classify: (error: unknown) => TSaveFailure;
  onStatus: (status: TSaveStatus) => void;
  /** Pause after the last change before saving. */
  debounceMs?: number;
  /** Longest wait between retries. */
  maxRetryMs?: number;
};

/** Raised by flush() when the changes could not be saved. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly conflict: boolean,
  ) {
    super(message);
    this.name = "SaveError";
  }
}

export class SaveQueue<T> {
  private latest: T;
  private saved: T;
  private version: number;
  private inFlight: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private conflict: number | null = null;
  private failure: { message: string; retry: boolean } | null = null;
  private waiters: { resolve: () => void; reject: (error: SaveError) => void }[] = [];
  private disposed = false;
  private lastStatus = "";

  constructor(
    initial: T,
    version: number,
    private readonly options: TSaveQueueOptions<T>,
  ) {
    this.latest = initial;
    this.saved = initial;
    this.version = version;
  }

  /** The current status (also sent to onStatus whenever it changes). */
  status(): TSaveStatus {
    const base = { version: this.version };
    if (this.conflict !== null) return { ...base, state: "conflict", currentVersion: this.conflict };
    if (this.inFlight) return { ...base, state: "saving" };
    if (this.failure)
      return { ...base, state: "error", error: this.failure.message, retrying: this.failure.retry };
    return { ...base, state: this.latest === this.saved ? "saved" : "dirty" };
  }

  /** The document last saved (or loaded): the server holds it at `status().version` when nothing is pending. */
  savedDoc(): T {
    return this.saved;
  }

  /** The document changed: save it after a pause (nothing while a conflict waits for the user). */
  update(doc: T): void {
    if (doc === this.latest) return;
    this.latest = doc;
    if (this.conflict === null) this.schedule(this.options.debounceMs ?? 800);
    this.emit();
  }

  /** Saves now and resolves once everything is saved; rejects on a conflict or a failed save. */
  flush(): Promise<void> {
    if (this.conflict !== null)
      return Promise.reject(new SaveError("The presentation was changed elsewhere.", true));
    if (!this.inFlight && this.latest === this.saved) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.clearTimer();
    this.kick();
    return done;
  }

  /** The user chose the server's version: it becomes the saved state. */
  reload(doc: T, version: number): void {
    this.clearTimer();
    this.conflict = null;
    this.failure = null;
    this.attempt = 0;
    this.latest = doc;
    this.saved = doc;
    this.version = version;
    this.emit();
  }

  /** The user keeps their version: save it over the server's newer one. */
  keepMine(): Promise<void> {
    if (this.conflict === null) return this.flush();
    this.version = this.conflict;
    this.conflict = null;
    this.failure = null;
    this.emit();
    return this.flush();
  }

  /** Stops timers; an answer still in flight is ignored. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private kick(): void {
    if (this.disposed || this.inFlight || this.conflict !== null) return;
    if (this.latest === this.saved) {
      this.failure = null;
      this.settle();
      this.emit();
      return;
    }
    const doc = this.latest;
    const version = this.version;
    this.inFlight = this.options.save(doc, version).then(
      (next) => {
        this.version = next;
        this.saved = doc;
        this.failure = null;
        this.attempt = 0;
      },
      (error: unknown) => {
        const failure = this.options.classify(error);
        if (failure.kind === "conflict") {
          this.conflict = failure.currentVersion;
          this.failure = null;
        } else {
          this.failure = { message: failure.message, retry: failure.kind === "retry" };
          if (failure.kind === "retry") {
            this.attempt += 1;
            const backoff = Math.min(this.options.maxRetryMs ?? 30_000, 1000 * 2 ** (this.attempt - 1));
            this.schedule(Math.max(failure.delayMs ?? 0, backoff));
          }
        }
      },
    );
    this.emit();
    void this.inFlight.then(() => {
      this.inFlight = null;
      if (this.disposed) return;
      this.afterSave();
      this.emit();
    });
  }

  private afterSave(): void {
    if (this.conflict !== null || this.failure) {
      this.settle();
      return;
    }
    if (this.latest === this.saved) {
      this.settle();
      return;
    }
    // Changes arrived during the save: save them next, unless the user is still mid-change
    // (a pending pause timer) and nobody is waiting on a flush.
    if (this.waiters.length || this.timer === null) {
      this.clearTimer();
      this.kick();
    }
  }

  private settle(): void {
    const waiters = this.waiters;
    if (!waiters.length) return;
    if (this.conflict !== null) {
      this.waiters = [];
      for (const waiter of waiters)
        waiter.reject(new SaveError("The presentation was changed elsewhere.", true));
    } else if (this.failure) {
      this.waiters = [];
      for (const waiter of waiters) waiter.reject(new SaveError(this.failure.message, false));
    } else if (this.latest === this.saved && !this.inFlight) {
      this.waiters = [];
      for (const waiter of waiters) waiter.resolve();
    }
  }

  private emit(): void {
    const status = this.status();
    const key = JSON.stringify(status);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.options.onStatus(status);
  }
}
