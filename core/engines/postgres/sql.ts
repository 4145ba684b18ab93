import type pg from 'pg';

/** Where a store's queries go: the pool (each statement on its own) or one transaction's connection. */
export interface Sql {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Inside a transaction (reads of rows to change take their locks). */
  readonly inTransaction: boolean;
}

export const rows = async <R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []) =>
  (await sql.query<R>(text, values)).rows;
export const first = async <R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []) =>
  (await sql.query<R>(text, values)).rows[0];

/** PostgreSQL's error code of a failure (SQLSTATE), if it has one. */
export const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string'
    ? (e as { code: string }).code
    : undefined;
