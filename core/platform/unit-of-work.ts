/**
 * What a service sees of the store: its feature's store interfaces (`S`), to read with, and transactions, to write
 * with. Each engine (core/engines/) implements it.
 *
 * - `stores` reads outside any transaction; never use it inside one (on SQLite it waits for the transaction to end).
 * - `transaction(fn)` runs `fn` atomically with the stores it is given, and resolves once it is durable. `fn` is
 *   one short unit of work: it awaits only the `tx` stores, never a timer, a file or the network, so that SQLite can
 *   run it under its single writer (with the other transactions of the moment, sharing one commit) and PostgreSQL on
 *   one connection of its pool. It may run more than once on PostgreSQL (a serialization failure is retried), so it
 *   does nothing outside `tx` that must happen once; what follows a commit goes after the `await`.
 * - `{ durable: 'with_next' }` resolves once committed, before the disk has it; see TransactionOptions.
 */
export interface UnitOfWork<S> {
  readonly stores: S;
  transaction<T>(fn: (tx: S) => Promise<T>, opts?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  /**
   * `now` (the default): answered once on disk. `with_next`: answered once committed, and on disk with the next
   * commit that waits for the disk (commits reach the disk in their order: SQLite's log and PostgreSQL's WAL are
   * written in sequence, and waiting for one waits for all before it). Only for a write that nothing outside the
   * store relies on before such a commit follows it, whose loss in a power cut (not a crash: the operating system
   * still writes it) is harmless: the print queue's claim of a job and the marks of its label, which the commit
   * that sends the label's first byte makes durable, and a count that the job's next commit makes durable. It saves
   * a wait for the disk (an fsync, milliseconds, on SQLite in the service's thread) on the way to a printed label.
   */
  durable?: 'now' | 'with_next';
}
