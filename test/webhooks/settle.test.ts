import { describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../core/features/webhooks/store.js';
import { engineWithAccount } from '../helpers/engine.js';
import { webhookRecord } from '../helpers/fixtures.js';

/**
 * The store's side of writing a worker's results, on the engine of the run: a batch of them in one statement (one
 * round trip on PostgreSQL), each written only while its delivery is still held under the name it was sent under.
 */
describe('webhook store: results written as a batch', () => {
  const open = engineWithAccount('settle');

  it('writes the results of the deliveries still held under their claim, and answers their ids', async () => {
    const { engine, accountId } = await open();
    const now = Date.now();
    const ids = await engine.transaction(async (tx) => {
      const webhook = await tx.webhooks.insert(webhookRecord(accountId, now));
      const out: number[] = [];
      for (let i = 0; i < 4; i++)
        out.push(
          await tx.webhooks.insertDelivery({
            webhook_id: webhook,
            account_id: accountId,
            message_id: `msg_${i}`,
            type: 'shipment.created',
            body: '{}',
            state: 'pending',
            attempts: 0,
            next_at: now - 1000,
            last_status: null,
            last_error: null,
            last_attempt_at: null,
            created_at: now,
          }),
        );
      return out;
    });
    const claimed = await engine.transaction((tx) => tx.webhooks.claim(now, now + 60_000, 'worker-a', 10));
    expect(claimed.map((d) => d.id).sort((a, b) => a - b)).toEqual(ids);

    const result = (id: number, claim: string, ok: boolean): AttemptResult => ({
      id,
      claim,
      attempts: 1,
      at: now,
      ...(ok
        ? { state: 'delivered', next_at: null, last_status: 204, last_error: null }
        : { state: 'pending', next_at: now + 5000, last_status: 500, last_error: 'answered 500' }),
    });
    const written = await engine.transaction((tx) =>
      tx.webhooks.settle([
        result(ids[0]!, 'worker-a', true),
        result(ids[1]!, 'worker-a', false),
        // Sent under a hold that ran out and was taken by another worker: not this result's to write.
        result(ids[2]!, 'worker-b', true),
      ]),
    );
    expect(written.sort((a, b) => a - b)).toEqual([ids[0], ids[1]]);

    const { rows } = await engine.stores.webhooks.deliveries(claimed[0]!.webhook_id, 10, 0);
    const byId = new Map(rows.map((d) => [d.id, d]));
    expect(byId.get(ids[0]!)).toMatchObject({ state: 'delivered', attempts: 1, last_status: 204, next_at: null });
    expect(byId.get(ids[1]!)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: 500,
      last_error: 'answered 500',
      next_at: now + 5000,
    });
    // Still held by worker-a, untouched; the fourth was not in the batch.
    expect(byId.get(ids[2]!)).toMatchObject({ state: 'pending', attempts: 0, last_status: null });
    expect(byId.get(ids[3]!)).toMatchObject({ state: 'pending', attempts: 0, last_status: null });
    // An empty batch writes nothing and answers nothing.
    expect(await engine.transaction((tx) => tx.webhooks.settle([]))).toEqual([]);
  });
});
