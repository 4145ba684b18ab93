import { pauseWaiter } from '../../platform/request-activity.js';
import type { Db } from './db.js';
import { isStorageFull } from './errors.js';

/** No operation begun for this long: the service pauses (between a desk's scans, after a burst of creates). */
const QUIET_MS = 100;
/** While operations stream in without a pause, the log is copied back at the latest this often. */
const MOST_MS = 2_000;
/** How often the pause is looked for. */
const TICK_MS = 50;
/**
 * SQLite's own checkpoint, inside the commit that takes the log past this many pages (80 MB), stays as the bound:
 * it is reached only if the service never pauses and a checkpoint is held back by a long read.
 */
const BOUND_PAGES = 20_000;
/** A checkpoint that met a full disk is tried again after this long. */
const FULL_RETRY_MS = 1_000;
/** SQLite's default, put back for the commands (and tests) that open the store once the service stops. */
const DEFAULT_PAGES = 1_000;

export interface CheckpointTiming {
  quietMs: number;
  mostMs: number;
  tickMs: number;
}

/**
 * Copies SQLite's write-ahead log back into the database when the service pauses. By default SQLite does it inside
 * whichever commit takes the log past 1,000 pages: that commit (a create, a label) also wrote those pages into the
 * database and synced it, and under a stream of creates it came every few hundred of them. With a webhook endpoint
 * subscribed each create writes more pages (its message), so its creates paid for it more often: measured in one
 * process, 1,000 creates spent 6.0 s in their commits with an endpoint and 2.0 s without; with the checkpoint out of
 * the commits, 2.1 and 2.2 s. A larger, later checkpoint also copies a page written by many creates once.
 * `lastBegan`: when the service last began a client's operation (request-activity.ts).
 */
export function checkpointWhenQuiet(
  db: Db,
  idle: () => Promise<void>,
  lastBegan: () => number,
  onError: (err: unknown) => void,
  timing: CheckpointTiming = { quietMs: QUIET_MS, mostMs: MOST_MS, tickMs: TICK_MS },
): { stop(): void } {
  // Rows this connection has written since it opened: what tells a tick that there is something to copy.
  const changes = db.prepare<[], { n: number }>('SELECT total_changes() AS n');
  let copiedAt = changes.get()!.n;
  const pause = pauseWaiter(lastBegan, timing.quietMs, timing.mostMs);
  let running = false;
  /** After a full disk, the next try waits this long (wall ms): each try copies pages until it meets the full disk. */
  let notBefore = 0;
  db.pragma(`wal_autocheckpoint = ${BOUND_PAGES}`);
  const timer = setInterval(() => {
    if (running || Date.now() < notBefore) return;
    // Written pages wait to be copied from the first tick that sees them.
    if (changes.get()!.n === copiedAt) return pause.reset();
    if (pause.wait() !== null) return;
    running = true;
    // After the transactions under way: a checkpoint copies only what is committed.
    void idle()
      .then(() => {
        copiedAt = changes.get()!.n;
        db.pragma('wal_checkpoint(PASSIVE)');
      })
      // A full disk: the log stays whole (nothing is lost), and is copied once space returns.
      .catch((err: unknown) => {
        if (!isStorageFull(err)) return onError(err);
        copiedAt = -1;
        notBefore = Date.now() + FULL_RETRY_MS;
      })
      .finally(() => (running = false));
  }, timing.tickMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    },
  };
}
