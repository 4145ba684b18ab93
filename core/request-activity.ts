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
