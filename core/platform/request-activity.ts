/**
 * When the service last began an operation for a client (an HTTP request, the desk, a command). Background work that
 * can wait a moment (the webhooks' deliveries) looks at it to yield while requests stream in: on a station of two
 * cores, sending and verifying deliveries beside a burst of creates took a quarter of their pace.
 */
export interface RequestActivity {
  /** An operation begins now. */
  began(): void;
  /** Wall ms when the last one began (0: none yet). */
  lastBegan(): number;
}

export function createRequestActivity(): RequestActivity {
  let last = 0;
  return {
    began: () => {
      last = Date.now();
    },
    lastBegan: () => last,
  };
}

/**
 * A wait for a pause in the clients' operations: until none has begun for `quietMs`, and `mostMs` at most from the
 * first `wait`, so that work which can wait a moment (the webhooks' deliveries, SQLite's checkpoint) does not share
 * the cores with a burst of requests, nor wait for ever under a load that never pauses.
 */
export function pauseWaiter(lastBegan: () => number, quietMs: number, mostMs: number) {
  /** Since when the work has waited (null: it is not waiting). */
  let since: number | null = null;
  return {
    /** Null: go now, and the wait ends. Else how long until a pause could have come (the rest of the quiet gap). */
    wait(): number | null {
      const now = Date.now();
      const quietFor = now - lastBegan();
      since ??= now;
      if (quietFor >= quietMs || now - since >= mostMs) {
        since = null;
        return null;
      }
      return Math.min(quietMs - quietFor, since + mostMs - now);
    },
    /** Nothing waits any more: the next wait counts its `mostMs` from its own start. */
    reset(): void {
      since = null;
    },
  };
}
