import { AsyncLocalStorage } from 'node:async_hooks';
import type { TransactionOptions } from '../../platform/unit-of-work.js';
import type { Db } from './db.js';

interface Write<S> {
  fn: (tx: S) => Promise<unknown>;
  /** `durable: 'with_next'` (unit-of-work.ts): this one need not wait for the disk. */
  relaxed: boolean;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * SQLite's transactions, with group commit: the transactions asked for while the event loop handles one burst of
 * requests share one database transaction, so one COMMIT, and under `synchronous=FULL` one wait for the disk,
 * instead of one each (see docs/durability.md: several desks or an integrator's parallel calls would otherwise
 * queue behind one fsync each).
 *
 * - Each transaction stays atomic on its own: it runs in a savepoint, and one that throws is rolled back alone and
 *   rejects with its own error; the others are kept.
 * - Nothing is acknowledged before it is durable: every promise settles after the COMMIT. If the COMMIT itself
 *   fails, none of the batch is stored and every promise rejects.
 * - The batch runs at `setImmediate`, once the current callbacks (every request the poll phase has read) are
 *   done. A lone transaction waits for no timer.
 * - A batch of `durable: 'with_next'` transactions only commits under `synchronous=NORMAL`: no fsync; the log is
 *   written in order, so the next FULL commit's fsync makes it durable too. One ordinary transaction in the batch
 *   makes the whole batch wait for the disk. The store is back to FULL as soon as the batch ends.
 * - One writer: the transactions of a batch run one after another on the one connection, each to its end (it
 *   awaits only its stores, which answer at once), and reads from outside wait while a batch is open (`idle`), so
 *   that nothing outside a transaction sees what it has not committed, or is swept into it.
 */
export function createGroupCommit<S>(db: Db, tx: S) {
  let queue: Write<S>[] = [];
  let scheduled = false;
  let open: Promise<void> | null = null;
  /** The transaction running in this async context, while it runs (timers it starts outlive it). */
  const inside = new AsyncLocalStorage<{ live: boolean }>();
  const withinOne = () => inside.getStore()?.live === true;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush(): Promise<void> {
    if (open || queue.length === 0) return;
    const writes = queue;
    queue = [];
    let close!: () => void;
    open = new Promise((resolve) => (close = resolve));
    const settle = (outcomes: Outcome[]) =>
      outcomes.forEach((o, i) => (o.ok ? writes[i]!.resolve(o.value as never) : writes[i]!.reject(o.error)));
    const failAll = (error: unknown) => settle(writes.map(() => ({ ok: false, error })));
    // The level cannot change inside a transaction: it is the batch's, set before it begins.
    const relaxed = writes.every((w) => w.relaxed);
    try {
      if (relaxed) db.pragma('synchronous = NORMAL');
      db.exec('BEGIN IMMEDIATE');
      const outcomes: Outcome[] = [];
      for (const w of writes) {
        db.exec('SAVEPOINT tx');
        const running = { live: true };
        try {
          outcomes.push({ ok: true, value: await inside.run(running, () => w.fn(tx)) });
          running.live = false;
          db.exec('RELEASE tx');
        } catch (error) {
          running.live = false;
          // Some failures (a full disk, say) end the whole transaction: then none of the batch stands.
          if (!db.inTransaction) throw error;
          db.exec('ROLLBACK TO tx');
          db.exec('RELEASE tx');
          outcomes.push({ ok: false, error });
        }
      }
      db.exec('COMMIT');
      settle(outcomes);
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      failAll(error);
    } finally {
      if (relaxed) db.pragma('synchronous = FULL');
      open = null;
      close();
      if (queue.length) schedule();
    }
  }

  /** Reads from outside a transaction call this first. */
  async function idle(): Promise<void> {
    if (withinOne())
      throw new Error('a store was read outside its transaction, from inside it (use the transaction’s stores)');
    while (open) await open;
  }

  return {
    idle,
    /** Runs `fn` atomically with the other transactions of this turn of the event loop; resolves once committed. */
    transaction<T>(fn: (tx: S) => Promise<T>, opts?: TransactionOptions): Promise<T> {
      if (withinOne()) return Promise.reject(new Error('a transaction cannot open another one'));
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve, reject, relaxed: opts?.durable === 'with_next' });
        schedule();
      });
    },
    /** Resolves once the transactions asked for so far are committed (or failed). */
    async drained(): Promise<void> {
      while (open || queue.length) {
        if (open) await open;
        else await new Promise((r) => setImmediate(r));
      }
    },
  };
}
