import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgres, openPostgresEngine } from '../../core/engines/postgres/index.js';
import { pgMigrations } from '../../core/engines/postgres/migrations/index.js';
import { systemClock } from '../../core/platform/clock.js';
import { webhookRecord } from '../helpers/fixtures.js';
import { freshDatabase } from '../helpers/postgres.js';

/**
 * PostgreSQL's own migrations, each from the version before it: a database made by the first version (the whole
 * schema of issue 20) is brought up to date at open, keeping its rows, and every migration leaves what it promises.
 */
describe('PostgreSQL migrations', () => {
  it('bring a version-1 database with shipments up to date, and each leaves what it promises', async () => {
    const url = await freshDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const q = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<R>(text, values)).rows;
    try {
      await migratePostgres(
        pool,
        pgMigrations.filter((m) => m.version === 1),
      );
      const future = Date.now() + 3_600_000;
      await q(`INSERT INTO accounts (name, created_at) VALUES ('acme', 1)`);
      await q(
        `INSERT INTO shipments (account_id, code, ref, type, method, origin, destination, dimensions, status, created_at, updated_at)
         VALUES (1, 'ABCDEFGHJK', 'R-1', 'DELIVERY', 'STANDARD', '{}', '{}', '{}', 'TO_COLLECT', $1, $1)`,
        [future],
      );
    } finally {
      await pool.end();
    }

    const notices: string[] = [];
    const engine = await openPostgresEngine(url, { clock: systemClock, onUpgrade: (m) => notices.push(m) });
    try {
      const newest = Math.max(...pgMigrations.map((m) => m.version));
      expect(notices).toEqual([`upgrading the database from version 1 to ${newest}`]);
      const versions = (await engine.pool.query<{ version: number }>('SELECT version FROM station_schema ORDER BY 1'))
        .rows;
      expect(versions.map((v) => v.version)).toEqual(pgMigrations.map((m) => m.version));
      // 002: the tables of label tokens, saved mappings and corrections.
      const tables = (
        await engine.pool.query<{ t: string }>(
          "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'",
        )
      ).rows.map((r) => r.t);
      expect(tables).toEqual(expect.arrayContaining(['label_tokens', 'import_mappings', 'shipment_changes']));
      // 003: the next shipment drawn follows the newest one already there, in id and in time.
      const drawn = (
        await engine.pool.query<{ id: number; created_at: number }>(
          'SELECT id, created_at FROM station_draw_shipment($1)',
          [Date.now()],
        )
      ).rows[0]!;
      expect(drawn.id).toBeGreaterThan(1);
      expect(Number(drawn.created_at)).toBeGreaterThanOrEqual(Date.now() + 3_000_000);
      // 004: a document key of a 500-label document (far past a btree entry's 2,704 bytes) is kept and found.
      const key = JSON.stringify(['PDF_A7', 1, Array.from({ length: 500 }, (_, i) => [`CODE${i}ABCDE`, 0])]);
      await engine.transaction((tx) =>
        tx.downloads.insert({
          secret_hash: Buffer.alloc(32, 1),
          account_id: 1,
          kind: 'label',
          codes: ['ABCDEFGHJK'],
          format: 'PDF_A7',
          file: 'labels/x.pdf',
          created_at: 1,
          expires_at: Date.now() + 60_000,
          doc_key: key,
          secret: 'secret',
          bytes: 1,
        }),
      );
      expect(await engine.stores.downloads.reusable(1, key, Date.now())).toEqual({
        secret: 'secret',
        file: 'labels/x.pdf',
      });
      // 005 (and 006): the shipment of version 1 is found by prefixes of its words (up to 10 characters and past them), with
      // its total, only by its own account, through the index of prefixes.
      const search = (accountId: number, words: string[]) =>
        engine.stores.shipments.search({
          accountId,
          words,
          dateColumn: 'created_at',
          newestFirst: true,
          limit: 20,
          offset: 0,
        });
      for (const words of [['abcde'], ['ABCDEFGHJK'], ['r', '1'], ['abcdefghjk', 'r']])
        expect(await search(1, words), words.join(' ')).toMatchObject({ total: 1, rows: [{ code: 'ABCDEFGHJK' }] });
      expect(await search(1, ['abcdefghjkl'])).toMatchObject({ total: 0, rows: [] });
      expect(await search(1, ['abd'])).toMatchObject({ total: 0, rows: [] });
      expect(await search(2, ['abcde'])).toMatchObject({ total: 0, rows: [] });
      const indexes = (
        await engine.pool.query<{ n: string }>("SELECT indexname AS n FROM pg_indexes WHERE tablename = 'shipments'")
      ).rows;
      // 006: each word a phrase of its parts (R-1, not a 1 anywhere); one side's words when asked for, ref and
      // code always; the prefixes' index by side, and the partial index of the jobs waiting for the operator.
      expect(await search(1, ['r-1'])).toMatchObject({ total: 1, rows: [{ code: 'ABCDEFGHJK' }] });
      expect(await search(1, ['1-r'])).toMatchObject({ total: 0, rows: [] });
      await engine.pool.query(
        `UPDATE shipments SET origin = '{"address": {"city": "Rosario"}}', destination = '{"address": {"city": "Córdoba"}}'`,
      );
      const sides = (words: string[], party?: 'RECEIVER' | 'SENDER') =>
        engine.stores.shipments.search({
          accountId: 1,
          words,
          ...(party ? { party } : {}),
          dateColumn: 'created_at',
          newestFirst: true,
          limit: 20,
          offset: 0,
        });
      expect(await sides(['cordoba'], 'RECEIVER')).toMatchObject({ total: 1 });
      expect(await sides(['cordoba'], 'SENDER')).toMatchObject({ total: 0 });
      expect(await sides(['rosa'], 'SENDER')).toMatchObject({ total: 1 });
      expect(await sides(['rosa', 'r-1'], 'RECEIVER')).toMatchObject({ total: 0 });
      expect(await sides(['rosa', 'r-1'])).toMatchObject({ total: 1 });
      // 009: a kept word's total is its count plus its matches among the shipments not counted in yet (the
      // correction above made this one so); once counted in, the count alone.
      await engine.pool.query("SELECT station_keep_key('rosa')");
      expect(await sides(['rosa'], 'SENDER')).toMatchObject({ total: 1 });
      expect(await sides(['rosa'], 'RECEIVER')).toMatchObject({ total: 0 });
      expect((await engine.pool.query('SELECT station_count_uncounted(100) AS n')).rows).toEqual([{ n: 1 }]);
      const counts = await engine.pool.query("SELECT party, n FROM search_word_counts WHERE word = 'rosa' ORDER BY 1");
      expect(counts.rows).toEqual([
        { party: 'ANY', n: 1 },
        { party: 'SENDER', n: 1 },
      ]);
      expect(await sides(['rosa'], 'SENDER')).toMatchObject({ total: 1 });
      expect(await sides(['rosar'])).toMatchObject({ total: 1 });
      const names = indexes.map((i) => i.n);
      expect(names).toEqual(expect.arrayContaining(['shipments_side_prefixes']));
      expect(names).not.toContain('shipments_words');
      expect(names).not.toContain('shipments_prefixes');
      const jobIndexes = (
        await engine.pool.query<{ n: string }>("SELECT indexname AS n FROM pg_indexes WHERE tablename = 'print_jobs'")
      ).rows;
      expect(jobIndexes.map((i) => i.n)).toContain('print_jobs_attention');
      // 007: webhooks, and the outbox a change writes its message to, one delivery per subscribed endpoint.
      const now = Date.now();
      const hook = await engine.stores.webhooks.insert(webhookRecord(1, now));
      expect(await engine.stores.outbox.wants(1, 'shipment.created')).toBe(true);
      expect(await engine.stores.outbox.wants(1, 'label.created')).toBe(false);
      const m = { account_id: 1, type: 'shipment.created' as const, message_id: 'msg_1', body: '{}', at: now };
      expect(await engine.transaction((tx) => tx.outbox.enqueue(m))).toBe(1);
      expect((await engine.stores.webhooks.deliveries(hook, 10, 0)).rows).toMatchObject([
        { message_id: 'msg_1', state: 'pending', attempts: 0 },
      ]);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('bring a database left at each earlier version to the schema of a new one, keeping its shipment', async () => {
    const newest = Math.max(...pgMigrations.map((m) => m.version));
    const schemaOf = async (pool: pg.Pool) =>
      [
        ...(
          await pool.query<{ d: string }>(
            `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable AS d
             FROM information_schema.columns WHERE table_schema = 'public'`,
          )
        ).rows.map((r) => r.d),
        ...(
          await pool.query<{ d: string }>("SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public'")
        ).rows.map((r) => r.d),
        ...(
          await pool.query<{ d: string }>(
            `SELECT p.proname || '(' || pg_get_function_arguments(p.oid) || ')' AS d
             FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
          )
        ).rows.map((r) => r.d),
      ].sort();
    const fresh = new pg.Pool({ connectionString: await freshDatabase(), max: 1 });
    let expected: string[];
    try {
      await migratePostgres(fresh, pgMigrations);
      expected = await schemaOf(fresh);
    } finally {
      await fresh.end();
    }
    for (const version of pgMigrations.filter((m) => m.version < newest).map((m) => m.version)) {
      const url = await freshDatabase();
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePostgres(
          pool,
          pgMigrations.filter((m) => m.version === 1),
        );
        await pool.query(`INSERT INTO accounts (name, created_at) VALUES ('acme', 1)`);
        await pool.query(
          `INSERT INTO shipments (account_id, code, ref, type, method, origin, destination, dimensions, status, created_at, updated_at)
           VALUES (1, 'ABCDEFGHJK', 'R-1', 'DELIVERY', 'STANDARD', '{}', '{}', '{}', 'TO_COLLECT', 1, 1)`,
        );
        await migratePostgres(
          pool,
          pgMigrations.filter((m) => m.version <= version),
        );
        const notices: string[] = [];
        const engine = await openPostgresEngine(url, { clock: systemClock, onUpgrade: (m) => notices.push(m) });
        try {
          expect(notices, `from ${version}`).toEqual([`upgrading the database from version ${version} to ${newest}`]);
          expect(
            await engine.stores.shipments.search({
              accountId: 1,
              words: ['r-1'],
              dateColumn: 'created_at',
              newestFirst: true,
              limit: 20,
              offset: 0,
            }),
            `from ${version}`,
          ).toMatchObject({ total: 1, rows: [{ code: 'ABCDEFGHJK' }] });
        } finally {
          await engine.close();
        }
        expect(await schemaOf(pool), `from ${version}`).toEqual(expected);
      } finally {
        await pool.end();
      }
    }
  }, 120_000);

  it('refuses a database written by a newer version', async () => {
    const url = await freshDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePostgres(pool, pgMigrations);
      await pool.query('INSERT INTO station_schema (version) VALUES (999)');
    } finally {
      await pool.end();
    }
    await expect(openPostgresEngine(url, { clock: systemClock })).rejects.toThrow(
      /written by a newer version of Shipping Station \(store version 999/,
    );
  }, 60_000);
});
