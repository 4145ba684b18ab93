import { describe, expect, it } from 'vitest';
import { PG_OUTBOX_LOOKS } from '../../core/engines/postgres/webhooks.js';
import { OUTBOX_LOOKS } from '../../core/engines/sqlite/webhooks.js';
import { engineWithAccount } from '../helpers/engine.js';
import { pgRowsRead, sqlitePlan } from '../helpers/plans.js';
import { webhookRecord } from '../helpers/fixtures.js';
import { storeSql } from '../helpers/store-sql.js';

/** Deliveries held by a paused endpoint, due long before anything else: what the worker must not walk through. */
const BACKLOG = 3_000;

/**
 * A paused endpoint (or one a 410 disabled) keeps what is announced meanwhile, to send it once enabled again. The
 * worker looks at the outbox several times a second; those looks went through the whole backlog in due order to skip
 * it (40 ms each at 100,000 held messages, on the service's thread). They now go endpoint by endpoint.
 */
describe('webhooks: a paused endpoint’s backlog', () => {
  const open = engineWithAccount('paused-backlog');

  async function stationWithBacklog() {
    const { engine, accountId, dataDir, store } = await open();
    const now = Date.now();
    const [paused, one, two] = await engine.transaction(async (tx) => [
      await tx.webhooks.insert({ ...webhookRecord(accountId, now), enabled: false, disabled_reason: 'gone' }),
      await tx.webhooks.insert(webhookRecord(accountId, now)),
      await tx.webhooks.insert(webhookRecord(accountId, now)),
    ]);
    const s = { dataDir, ...(store ? { store } : {}) };
    /** `count` deliveries due one ms apart from `firstDue`, their message ids `msg_<webhook>_<n>` from `first` up. */
    const deliveries = (webhook: number, count: number, firstDue: number, first = 0) =>
      storeSql(
        s,
        `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, next_at, created_at)
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
         SELECT ?, ?, 'msg_' || CAST(? AS INTEGER) || '_' || (CAST(? AS INTEGER) + i), 'shipment.created', '{}', 'pending', CAST(? AS BIGINT) + i,
           CAST(? AS BIGINT) + i FROM n`,
        [count, webhook, accountId, webhook, first, firstDue, firstDue],
      );
    await deliveries(paused, BACKLOG, now - 1_000_000);
    // Two enabled endpoints whose due deliveries interleave: 1, 3, 5… and 2, 4, 6… seconds ago.
    for (const [webhook, offset] of [
      [one, 1],
      [two, 0],
    ] as const)
      for (let i = 0; i < 3; i++) await deliveries(webhook, 1, now - 10_000 + (2 * i + offset) * 1000, 2 * i + offset);
    return { engine, dataDir, store, now, paused, one, two };
  }

  it('is left where it is: the next due time and a claim are the enabled endpoints’, in due order across them', async () => {
    const { engine, now, paused, one, two } = await stationWithBacklog();
    expect(await engine.stores.webhooks.nextDue()).toBe(now - 10_000);
    const claimed = await engine.transaction((tx) => tx.webhooks.claim(now, now + 60_000, 'worker-a', 4));
    // The four due first (a claim answers them in no particular order).
    const taken = (ds: { message_id: string }[]) => ds.map((d) => d.message_id).sort();
    expect(taken(claimed)).toEqual([`msg_${one}_1`, `msg_${one}_3`, `msg_${two}_0`, `msg_${two}_2`].sort());
    expect(claimed[0]).toMatchObject({ url: 'https://erp.example.com/hook', secret: 'whsec_AAAA' });
    expect(await engine.stores.webhooks.holders(now)).toEqual(['worker-a']);
    // Enabled again: what it kept goes first, oldest first.
    const record = (await engine.stores.webhooks.byId(claimed[0]!.account_id, paused))!;
    await engine.transaction((tx) => tx.webhooks.update({ ...record, enabled: true, disabled_reason: null }));
    expect(await engine.stores.webhooks.nextDue()).toBe(now - 1_000_000);
    const next = await engine.transaction((tx) => tx.webhooks.claim(now, now + 60_000, 'worker-a', 3));
    expect(taken(next)).toEqual([`msg_${paused}_0`, `msg_${paused}_1`, `msg_${paused}_2`]);
  });

  it('is not read by the worker’s looks at the outbox (their plans, on the store as it stands)', async () => {
    const { dataDir, store, now } = await stationWithBacklog();
    if (store) {
      // PostgreSQL: every row a plan node of these statements read from the deliveries, summed.
      const rowsRead = (sql: string, params: unknown[]) => pgRowsRead(store, 'webhook_deliveries', sql, params);
      expect(await rowsRead(PG_OUTBOX_LOOKS.nextDue, [])).toBeLessThan(10);
      expect(await rowsRead(PG_OUTBOX_LOOKS.claim, [now, now + 60_000, 'worker-a', 4])).toBeLessThan(20);
      expect(await rowsRead(PG_OUTBOX_LOOKS.holders, [now])).toBeLessThan(10);
      return;
    }
    // SQLite: each look searches the pending deliveries by endpoint, never scans them in due order.
    for (const [sql, params] of [
      [OUTBOX_LOOKS.nextDue, []],
      [OUTBOX_LOOKS.dueOf, [1, now, 4]],
      [OUTBOX_LOOKS.holders, [now]],
    ] as const) {
      const plan = sqlitePlan(dataDir, sql, params);
      const deliveries = plan.filter((d) => / d( |$)/.test(d));
      expect(deliveries, plan.join(' | ')).not.toHaveLength(0);
      for (const step of deliveries)
        expect(step, plan.join(' | ')).toMatch(
          /^SEARCH d USING (COVERING )?INDEX webhook_deliveries_pending \(webhook_id=\?/,
        );
    }
  });
});
