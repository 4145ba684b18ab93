import schema from './001-schema.js';

/** PostgreSQL's numbered migrations, its own sequence (not SQLite's): applied in order, never edited once released. */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

export const pgMigrations: PgMigration[] = [{ version: 1, name: 'schema', sql: schema }];
