import { describe, expect, it } from 'vitest';
import { retryScheduleFromEnv } from '../../core/features/webhooks/schedule.js';
import type { Sender } from '../../core/features/webhooks/send.js';
import type { ClaimedDelivery, DeliveryRecord, WebhookStore } from '../../core/features/webhooks/store.js';
import { createDeliveryWorker } from '../../core/features/webhooks/worker.js';
import { rng } from '../helpers/random.js';

/**
 * The worker against an outbox in memory whose transactions and receiver answer after random short delays: the
 * interleavings of claims, attempts ending and results being written that a busy machine produces. (A pump that
 * found every slot taken once forgot that more was waiting, and the worker stalled with most of a backlog unsent.)
 */
function memoryOutbox(count: number, seed: number, dueAt = 0) {
  const r = rng(seed);
  // The store answers at once or nearly; a receiver takes longer (as over a network, or on a busy machine).
  const pause = (most = 2) => new Promise((res) => setTimeout(res, Math.floor(r.next() * most)));
  const rows: Array<DeliveryRecord & { claim: string | null }> = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    webhook_id: 1,
    account_id: 1,
    message_id: `msg_${i + 1}`,
    type: 'shipment.created',
    body: '{}',
    state: 'pending',
    attempts: 0,
    next_at: dueAt,
    last_status: null,
    last_error: null,
    last_attempt_at: null,
    created_at: dueAt,
    claim: null,
  }));
  const store: Partial<WebhookStore> = {
    nextDue: async () => {
      await pause();
      const due = rows.filter((x) => x.state === 'pending').map((x) => x.next_at!);
      return due.length ? Math.min(...due) : null;
    },
    holders: async () => [],
    release: async () => 0,
    claim: async (now, holdUntil, claim, limit) => {
      const taken = rows.filter((x) => x.state === 'pending' && x.next_at! <= now).slice(0, limit);
      for (const x of taken) Object.assign(x, { next_at: holdUntil, claim });
      return taken.map((x): ClaimedDelivery => ({
        ...x,
        url: 'http://receiver',
        secret: 'whsec_AAAA',
        previous_secret: null,
        previous_until: null,
      }));
    },
    settle: async (results) =>
      results
        .filter((res) => {
          const x = rows.find((y) => y.id === res.id)!;
          if (x.claim !== res.claim || x.state !== 'pending') return false;
          Object.assign(x, { state: res.state, attempts: res.attempts, next_at: res.next_at, claim: null });
          return true;
        })
        .map((res) => res.id),
    disable: async () => undefined,
    prune: async () => 0,
  };
  const stores = { webhooks: store as WebhookStore };
  const db = {
    stores,
    transaction: async <T>(fn: (tx: typeof stores) => Promise<T>) => {
      await pause();
      return fn(stores);
    },
  };
  const sent = new Set<string>();
  const sender: Sender = {
    send: async (_url, headers) => {
      await pause(15);
      sent.add(headers['webhook-id']!);
      return { status: 204 };
    },
    close: () => undefined,
  };
  return { db, sender, sent, rows };
}

describe('the delivery worker', () => {
  for (const seed of [1, 2, 3, 4, 5])
    it(`sends a backlog many times its width, whatever the timing (seed ${seed})`, async () => {
      const { db, sender, sent, rows } = memoryOutbox(600, seed);
      const worker = createDeliveryWorker({
        db,
        sender,
        schedule: retryScheduleFromEnv({}),
        timeoutMs: 1000,
        retentionMs: 60_000,
        concurrency: 8,
      });
      worker.start();
      try {
        await expect.poll(() => rows.filter((x) => x.state === 'delivered').length, { timeout: 10_000 }).toBe(600);
        expect(sent.size).toBe(600);
      } finally {
        await worker.stop();
      }
    });

  /** A worker over `count` deliveries due now, with clients whose operations last began `lastRequestAt()`. */
  function yielding(count: number, lastRequestAt: () => number) {
    const outbox = memoryOutbox(count, 7, Date.now());
    const worker = createDeliveryWorker({
      db: outbox.db,
      sender: outbox.sender,
      schedule: retryScheduleFromEnv({}),
      timeoutMs: 1000,
      retentionMs: 60_000,
      lastRequestAt,
    });
    return { ...outbox, worker };
  }

  it('lets requests streaming in go first, and sends once they pause', async () => {
    let streaming = true;
    const { worker, sent } = yielding(50, () => (streaming ? Date.now() : 0));
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(sent.size).toBe(0);
      streaming = false;
      await expect.poll(() => sent.size, { timeout: 5_000 }).toBe(50);
    } finally {
      await worker.stop();
    }
  });

  it('sends what has waited two seconds even while requests keep streaming in', async () => {
    const started = Date.now();
    const { worker, sent } = yielding(50, () => Date.now());
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sent.size).toBe(0);
      await expect.poll(() => sent.size, { timeout: 5_000 }).toBe(50);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      await worker.stop();
    }
  });
});
