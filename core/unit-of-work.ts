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
 */
export interface UnitOfWork<S> {
  readonly stores: S;
  transaction<T>(fn: (tx: S) => Promise<T>): Promise<T>;
}
