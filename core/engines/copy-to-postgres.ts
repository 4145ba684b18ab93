import type pg from 'pg';
import type { Clock } from '../platform/clock.js';
import { openPostgresEngine } from './postgres/index.js';
import { openSqliteEngine } from './sqlite/index.js';

/**
 * The tables a station keeps, in an order that satisfies their references. `shipment_counts` is not copied: the
 * target's trigger counts the shipments as they arrive. Search words are computed by the target.
 */
const TABLES = [
  'accounts',
  'settings',
  'tokens',
  'shipments',
  'events',
  'offices',
  'office_zip_keys',
  'rate_cards',
  'label_files',
  'manifests',
  'manifest_items',
  'printers',
  'print_jobs',
  'print_job_codes',
  'senders',
  'package_presets',
  'label_tokens',
  'import_mappings',
  'shipment_changes',
  // A retry that comes after the move is answered as before it.
  'idempotency_keys',
] as const;

/** At most this many parameters in one INSERT (PostgreSQL takes 65,535). */
const MOST_PARAMS = 30_000;

export interface CopyReport {
  /** Rows copied, by table; every count was checked on the target. */
  rows: Record<string, number>;
  keys: number;
}

/** A SQLite value as the PostgreSQL column of `type` takes it: 0/1 flags, comma lists; JSON and the rest as they are. */
function convert(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === 1;
  if (type === 'ARRAY' && typeof value === 'string') return value.split(',');
  return value;
}

/**
 * A copy of many shipments, made as fast as one transaction allows: the per-status totals counted once at the end
 * instead of by their trigger row by row (each shipment's update of the same counter row lengthened that row's
 * chain of versions, so that a million took hours), and the search index built once over the copied rows instead
 * of entry by entry. Both as the migrations define them; the transaction holds the tables meanwhile. The copied
 * shipments are not left for the kept search totals to count in (migration 009): an empty database keeps no word,
 * so there is nothing of theirs to count.
 */
async function bulkLoad(client: pg.PoolClient): Promise<{ done: () => Promise<void> }> {
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  await client.query('ALTER TABLE shipments DISABLE TRIGGER shipment_counts_insert');
  await client.query('ALTER TABLE shipments DISABLE TRIGGER search_uncounted_insert');
  // The search's index of prefixes by side (PostgreSQL's migration 006).
  const words = (
    await client.query<{ def: string }>(
      "SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'shipments_side_prefixes'",
    )
  ).rows[0]?.def;
  if (words) await client.query('DROP INDEX shipments_side_prefixes');
  return {
    async done() {
      await client.query(
        'INSERT INTO shipment_counts (account_id, status, n) SELECT account_id, status, count(*) FROM shipments GROUP BY 1, 2',
      );
      await client.query('ALTER TABLE shipments ENABLE TRIGGER shipment_counts_insert');
      await client.query('ALTER TABLE shipments ENABLE TRIGGER search_uncounted_insert');
      if (words) await client.query(words);
    },
  };
}

/**
 * `station migrate --to URL`: copies the SQLite station of `dataDir` (upgraded to this version first) into an
 * empty PostgreSQL database, in one transaction: every row with its id (so that tokens, labels' codes and links
 * keep working), the label signing keys (so that labels printed before still verify), then checks each table's
 * count. A database that holds anything of a station is refused untouched.
 */
export async function copyToPostgres(
  dataDir: string,
  url: string,
  opts: { clock: Clock; onProgress?: (message: string) => void },
): Promise<CopyReport> {
  const source = openSqliteEngine(dataDir, { clock: opts.clock, env: {} });
  const target = await openPostgresEngine(url, { clock: opts.clock });
  const client = await target.pool.connect();
  try {
    for (const table of TABLES) {
      const found = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if (found.rowCount)
        throw new Error(`${target.location} is not empty (its ${table} has rows): migrate only into an empty database`);
    }
    if ((await target.stores.signingKeys.all()).length)
      throw new Error(`${target.location} is not empty (it has signing keys): migrate only into an empty database`);

    const report: CopyReport = { rows: {}, keys: 0 };
    await client.query('BEGIN');
    const bulk = await bulkLoad(client);
    for (const table of TABLES) {
      const columns = (
        await client.query<{ name: string; type: string }>(
          `SELECT column_name AS name, data_type AS type FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        )
      ).rows;
      const have = new Set(
        (source.db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
          (c) => c.name,
        ),
      );
      const copied = columns.filter((c) => have.has(c.name));
      const list = copied.map((c) => c.name).join(', ');
      const rows = source.db.prepare(`SELECT ${list} FROM ${table}`).raw().iterate() as IterableIterator<unknown[]>;
      const perBatch = Math.max(1, Math.floor(MOST_PARAMS / copied.length));
      let batch: unknown[][] = [];
      let n = 0;
      const flush = async () => {
        if (!batch.length) return;
        const values: unknown[] = [];
        const tuples = batch.map(
          (row) => `(${row.map((v, i) => `$${values.push(convert(v, copied[i]!.type))}`).join(', ')})`,
        );
        await client.query(`INSERT INTO ${table} (${list}) VALUES ${tuples.join(', ')}`, values);
        n += batch.length;
        batch = [];
      };
      for (const row of rows) {
        batch.push(row);
        if (batch.length >= perBatch) await flush();
      }
      await flush();
      if (copied.some((c) => c.name === 'id'))
        await client.query(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
        );
      const counted = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
      if (counted !== n) throw new Error(`${table}: ${n} rows copied but ${counted} arrived`);
      report.rows[table] = n;
      opts.onProgress?.(`${table}: ${n}`);
    }
    await bulk.done();
    // The next shipment drawn is created no earlier than the newest copied (migration 003).
    await client.query("SELECT setval('shipment_clock', coalesce((SELECT max(created_at) FROM shipments), 0), true)");
    const keys = await source.stores.signingKeys.all();
    for (const k of keys)
      await client.query('INSERT INTO signing_keys (kid, created_at, retired_at, jwk) VALUES ($1, $2, $3, $4)', [
        k.kid,
        k.created_at,
        k.retired_at,
        k.jwk,
      ]);
    report.keys = keys.length;
    await client.query('COMMIT');
    // The planner's statistics of the copied tables, now rather than when autovacuum gets to them: without them the
    // first searches of a moved station were planned for empty tables (a ref prefix 75 ms instead of 7 at 2,000
    // shipments, `npm run bench -- postgres`).
    await client.query('ANALYZE');
    return report;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
    await target.close();
    await source.close();
  }
}
