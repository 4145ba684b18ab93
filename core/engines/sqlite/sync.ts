/**
 * The synchronous shape of an async store interface: better-sqlite3 answers at once, so each SQLite store is written
 * as plain functions and made async once, where the engine hands it out (index.ts).
 */
export type Sync<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : S[K];
};
