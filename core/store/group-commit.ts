import type { Db } from './db.js';

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Write {
  run: () => unknown;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes asked for while the event loop handles one burst of requests share one transaction,
 * so one COMMIT, and under `synchronous=FULL` one wait for the disk, instead of one each. At FULL that wait is
 * a large part of a create (see README "Durability"); several desks or an integrator's parallel calls would
 * otherwise queue behind one fsync each.
 *
 * - Each write stays atomic on its own: it runs in a savepoint, and one that throws is rolled back alone and
 *   rejects with its own error; the others are kept.
 * - Nothing is acknowledged before it is durable: every promise settles after the COMMIT. If the COMMIT itself
 *   fails, none of the batch is stored and every promise rejects.
 * - The batch runs at `setImmediate`, once the current callbacks (every request the poll phase has read) are
 *   done, before the loop waits for I/O again. A lone write waits for no timer.
 * - No transaction is held open between callbacks, so nothing else on the connection (the print queue, the
 *   search indexer) can find itself inside one and be acknowledged before its commit.
 */
export function createGroupCommit(db: Db) {
  let queue: Write[] = [];
  const atomic = db.transaction((run: () => unknown) => run()); // inside the batch: a savepoint
  const batch = db.transaction((writes: Write[]): Outcome[] =>
    writes.map((w) => {
      try {
        return { ok: true, value: atomic(w.run) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );

  function flush(): void {
    const writes = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = batch.immediate(writes);
    } catch (error) {
      for (const w of writes) w.reject(error);
      return;
    }
    outcomes.forEach((o, i) => (o.ok ? writes[i]!.resolve(o.value as never) : writes[i]!.reject(o.error)));
  }

  return {
    /** Runs `run` atomically with the other writes of this turn of the event loop; resolves once it is committed. */
    write<T>(run: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ run, resolve: resolve, reject });
      });
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
