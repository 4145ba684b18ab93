import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DB_FILE } from '../../core/platform/paths.js';

/**
 * A statement run on a station's store behind the service's back, as another tool on the same database would:
 * SQLite's file in the data folder, or the station's PostgreSQL database. `?` marks the parameters on both.
 */
export async function storeSql<R = Record<string, unknown>>(
  s: { dataDir: string; store?: string },
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  if (s.store) {
    const client = new pg.Client({ connectionString: s.store });
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as R[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(s.dataDir, DB_FILE));
  try {
    const st = db.prepare(sql);
    if (st.reader) return st.all(...params) as R[];
    st.run(...params);
    return [];
  } finally {
    db.close();
  }
}

/** The names of the store's tables (the SQLite index's shadow tables left out). */
export async function storeTables(s: { dataDir: string; store?: string }): Promise<string[]> {
  const rows = s.store
    ? await storeSql<{ name: string }>(s, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")
    : await storeSql<{ name: string }>(
        s,
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE TABLE%'",
      );
  return rows.map((r) => r.name);
}
