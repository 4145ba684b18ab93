import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DB_FILE } from '../../core/platform/paths.js';

/**
 * PostgreSQL: how many rows the plan of `sql` read from `table` (every scan node of it, summed), run and rolled back
 * on the store as it stands, after its statistics are brought up to date.
 */
export async function pgRowsRead(store: string, table: string, sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: store });
  await client.connect();
  try {
    await client.query(`ANALYZE ${table}`);
    await client.query('BEGIN');
    try {
      const plan = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)).rows[0]['QUERY PLAN'];
      let n = 0;
      const walk = (node: Record<string, any>) => {
        if (node['Relation Name'] === table && /Scan/.test(node['Node Type']))
          n += node['Actual Rows'] * node['Actual Loops'];
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan[0].Plan);
      return n;
    } finally {
      await client.query('ROLLBACK');
    }
  } finally {
    await client.end();
  }
}

/** SQLite: the steps of the plan of `sql` (`EXPLAIN QUERY PLAN`), on the store of `dataDir` opened read-only. */
export function sqlitePlan(dataDir: string, sql: string, params: readonly unknown[]): string[] {
  const db = new Database(join(dataDir, DB_FILE), { readonly: true });
  try {
    return db
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((r) => r.detail);
  } finally {
    db.close();
  }
}
