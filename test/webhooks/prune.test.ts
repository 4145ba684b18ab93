import { describe, expect, it } from 'vitest';
import { PG_OUTBOX_LOOKS } from '../../core/engines/postgres/webhooks.js';
import { OUTBOX_LOOKS } from '../../core/engines/sqlite/webhooks.js';
import { engineWithAccount } from '../helpers/engine.js';
import { webhookRecord } from '../helpers/fixtures.js';
import { pgRowsRead, sqlitePlan } from '../helpers/plans.js';
import { storeSql } from '../helpers/store-sql.js';

const WEEK = 7 * 24 * 3600_000;

/**
 * Delivered deliveries are deleted once past their retention (docs/webhooks.md), every 10 minutes. That deletion read
 * the whole outbox to find them, in one statement that held the store's writer for as long as it took to delete a
 * week of a busy station's messages. It now goes by an index of the delivered ones, a batch at a time.
 */
describe('webhooks: the deletion of delivered deliveries past their retention', () => {
  const open = engineWithAccount('prune');

  async function outbox() {
    const { engine, accountId, dataDir, store } = await open();
    const now = Date.now();
    const webhook = await engine.transaction((tx) => tx.webhooks.insert(webhookRecord(accountId, now)));
    const s = { dataDir, ...(store ? { store } : {}) };
    /** `count` deliveries in `state`, last attempted `ago` ms before now (null: never). */
    const deliveries = (count: number, state: string, ago: number | null) =>
      storeSql(
        s,
        `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, last_attempt_at, created_at)
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
         SELECT ?, ?, 'msg_' || ? || '_' || i, 'shipment.created', '{}', ?, CAST(? AS BIGINT) - i, CAST(? AS BIGINT) FROM n`,
        [count, webhook, accountId, `${state}${ago ?? ''}`, state, ago === null ? null : now - ago, now - WEEK * 2],
      );
    await deliveries(2_500, 'delivered', WEEK + 60_000);
    await deliveries(10, 'delivered', 60_000);
    await deliveries(5, 'failed', WEEK * 2);
    await deliveries(5, 'pending', null);
    const left = async () =>
      (
        await storeSql<{ state: string; n: number }>(
          s,
          'SELECT state, count(*) AS n FROM webhook_deliveries GROUP BY state ORDER BY state',
        )
      ).map((r) => [r.state, Number(r.n)]);
    return { engine, dataDir, store, now, left };
  }

  it('deletes only delivered ones past it, at most a batch at a time', async () => {
    const { engine, now, left } = await outbox();
    const batches: number[] = [];
    for (let n = -1; n !== 0;) {
      n = await engine.transaction((tx) => tx.webhooks.prune(now - WEEK, 1_000));
      batches.push(n);
    }
    expect(batches).toEqual([1_000, 1_000, 500, 0]);
    expect(await left()).toEqual([
      ['delivered', 10],
      ['failed', 5],
      ['pending', 5],
    ]);
  });

  it('reads what it deletes, not the outbox (its plan, on the store as it stands)', async () => {
    const { dataDir, store, now } = await outbox();
    if (store) {
      expect(await pgRowsRead(store, 'webhook_deliveries', PG_OUTBOX_LOOKS.pruned, [now - WEEK, 10])).toBeLessThan(20);
      return;
    }
    const plan = sqlitePlan(dataDir, OUTBOX_LOOKS.pruned, [now - WEEK, 10]);
    expect(plan.join(' | ')).toMatch(
      /^SEARCH webhook_deliveries USING (COVERING )?INDEX webhook_deliveries_delivered \(last_attempt_at<\?\)$/,
    );
  });
});
