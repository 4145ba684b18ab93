import pg from 'pg';

/**
 * The tokens' generation of a PostgreSQL station without a query per request. Every token write, at any station or
 * `station` command on the database, notifies `station_tokens` as it commits (migration 001's trigger); a station
 * listening on a connection of its own counts each notification, and its own token writes once they commit, so that
 * authentication drops what it remembers without reading `token_changes` before every request (a round trip each,
 * the most of a read by code).
 * - Only while listening: until the LISTEN is in place, and after its connection breaks, `current` is null and the
 *   store reads the table as before, so a change made meanwhile is never missed; each start and loss of the
 *   connection counts as a change too.
 * - The numbers counted here are below zero and the table's are not, so the two never compare equal.
 * - Another station's change counts once its notification arrives, which PostgreSQL sends as the change commits: a
 *   request that reaches this station after that arrived is judged on the new tokens.
 */
export interface TokenWatch {
  /** The generation counted here, or null when not listening (then it is read from the table). */
  current: () => number | null;
  /** A token write of this station committed. */
  changed: () => void;
  close: () => Promise<void>;
}

/** A broken listening connection is opened again at the first request after this long. */
const RETRY_MS = 1_000;

export function watchTokens(url: string): TokenWatch {
  let client: pg.Client | null = null;
  let listening = false;
  let retryAt = 0;
  let generation = 0;
  const changed = () => void (generation -= 1);

  function start(): void {
    if (client || Date.now() < retryAt) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      listening = false;
      retryAt = Date.now() + RETRY_MS;
      changed();
      void c.end().catch(() => undefined);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', changed);
    c.connect()
      .then(() => c.query('LISTEN station_tokens'))
      .then(() => {
        if (client !== c) return;
        // Whatever changed before the LISTEN took hold was not notified here: what is remembered goes.
        changed();
        listening = true;
      }, lost);
  }

  return {
    current() {
      if (listening) return generation;
      start();
      return null;
    },
    changed,
    async close() {
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => undefined);
    },
  };
}
