import type pg from 'pg';

/** Where a store's queries go: the pool (each statement on its own) or one transaction's connection. */
export interface Sql {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Inside a transaction: a failed statement can be rolled back alone (a key collision, say). */
  readonly inTransaction: boolean;
}

export const rows = async <R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []) =>
  (await sql.query<R>(text, values)).rows;
export const first = async <R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []) =>
  (await sql.query<R>(text, values)).rows[0];

/** The statement alone, in a savepoint when inside a transaction, so that its failure leaves the transaction usable. */
export async function alone<T>(sql: Sql, run: () => Promise<T>): Promise<T> {
  if (!sql.inTransaction) return run();
  await sql.query('SAVEPOINT alone');
  try {
    const value = await run();
    await sql.query('RELEASE SAVEPOINT alone');
    return value;
  } catch (e) {
    await sql.query('ROLLBACK TO SAVEPOINT alone');
    await sql.query('RELEASE SAVEPOINT alone');
    throw e;
  }
}

/** PostgreSQL's error code of a failure (SQLSTATE), if it has one. */
export const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string'
    ? (e as { code: string }).code
    : undefined;
