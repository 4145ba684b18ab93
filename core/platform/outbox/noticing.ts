import type { UnitOfWork } from '../unit-of-work.js';
import type { OutboxTx } from './announce.js';

/**
 * The transactions of the features that announce their changes, with one addition: once a transaction that wrote to
 * the outbox has committed, `notice` is called, so that this station's delivery worker takes the message at once
 * rather than at its next poll (other stations' messages are found by the poll). After the commit, not at the write:
 * a worker woken earlier would look before the row is there (PostgreSQL) or wait behind the very commit (SQLite).
 */
export function noticingOutbox<S extends OutboxTx>(db: UnitOfWork<S>, notice: () => void): UnitOfWork<S> {
  return {
    get stores() {
      return db.stores;
    },
    // The options pass through: the print queue's `with_next` commits (unit-of-work.ts) would otherwise each wait
    // for the disk.
    async transaction(fn, opts) {
      let wrote = false;
      const value = await db.transaction(
        (tx) =>
          fn({
            ...tx,
            outbox: {
              wants: (accountId, type) => tx.outbox.wants(accountId, type),
              enqueue: async (m) => {
                const n = await tx.outbox.enqueue(m);
                if (n > 0) wrote = true;
                return n;
              },
            },
          }),
        opts,
      );
      if (wrote) notice();
      return value;
    },
  };
}
