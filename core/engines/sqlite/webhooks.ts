import type { OutboxStore } from '../../platform/outbox/store.js';
import type { WebhookEvent } from '../../shared/schemas/codes.js';
import type { ClaimedDelivery, DeliveryRecord, WebhookRecord, WebhookStore } from '../../features/webhooks/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** An endpoint as the table holds it: events as JSON, enabled as 0/1. */
type WebhookRow = Omit<WebhookRecord, 'events' | 'enabled'> & { events: string; enabled: number };

const webhookOf = (r: WebhookRow): WebhookRecord => ({
  ...r,
  events: JSON.parse(r.events) as WebhookEvent[],
  enabled: r.enabled === 1,
});

const DELIVERY_COLUMNS = `id, webhook_id, account_id, message_id, type, body, state, attempts, next_at, last_status,
  last_error, last_attempt_at, created_at`;

/** The outbox (migration 019): one delivery per subscribed endpoint, in the caller's transaction. */
export function createOutboxStore(db: Db): Sync<OutboxStore> {
  const enqueue = db.prepare(
    `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, next_at, created_at)
     SELECT w.id, w.account_id, @message_id, @type, @body, 'pending', @at, @at FROM webhooks w
     WHERE w.account_id = @account_id AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = @type)`,
  );
  const wants = db.prepare<[number, string], { one: number }>(
    `SELECT 1 AS one FROM webhooks w
     WHERE w.account_id = ? AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?) LIMIT 1`,
  );
  return {
    wants: (accountId, type) => wants.get(accountId, type) !== undefined,
    enqueue: (m) => enqueue.run(m).changes,
  };
}

/**
 * The worker's looks at the outbox, endpoint by endpoint (migration 020), so that the backlog a paused or disabled
 * endpoint keeps is never read: its next due time, the due deliveries of one endpoint (a claim merges them), and the
 * workers holding deliveries. Exported for the test that checks their plans (test/webhooks/paused-backlog.test.ts).
 */
export const OUTBOX_LOOKS = {
  nextDue: `SELECT min((SELECT min(d.next_at) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.state = 'pending'))
      AS due FROM webhooks w WHERE w.enabled = 1`,
  dueOf: `SELECT d.id, d.webhook_id, d.account_id, d.message_id, d.type, d.body, d.state, d.attempts, d.next_at,
      d.last_status, d.last_error, d.last_attempt_at, d.created_at, w.url, w.secret, w.previous_secret, w.previous_until
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.webhook_id = ? AND d.state = 'pending' AND d.next_at <= ?
    ORDER BY d.next_at, d.id LIMIT ?`,
  holders: `SELECT DISTINCT d.claim FROM webhooks w CROSS JOIN webhook_deliveries d
    WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_at > ? AND d.claim IS NOT NULL`,
  /** The delivered deliveries past their retention, at most so many: by their index (migration 022), oldest first. */
  pruned: `SELECT id FROM webhook_deliveries WHERE state = 'delivered' AND last_attempt_at < ?
    ORDER BY last_attempt_at LIMIT ?`,
};

export function createWebhookStore(db: Db): Sync<WebhookStore> {
  const s = {
    insert: db.prepare(
      `INSERT INTO webhooks (account_id, url, description, events, secret, previous_secret, previous_until, enabled,
         disabled_reason, created_at, updated_at)
       VALUES (@account_id, @url, @description, @events, @secret, @previous_secret, @previous_until, @enabled,
         @disabled_reason, @created_at, @updated_at)`,
    ),
    byId: db.prepare<[number, number], WebhookRow>('SELECT * FROM webhooks WHERE account_id = ? AND id = ?'),
    list: db.prepare<[number], WebhookRow>('SELECT * FROM webhooks WHERE account_id = ? ORDER BY id'),
    update: db.prepare(
      `UPDATE webhooks SET url = @url, description = @description, events = @events, secret = @secret,
         previous_secret = @previous_secret, previous_until = @previous_until, enabled = @enabled,
         disabled_reason = @disabled_reason, updated_at = @updated_at
       WHERE id = @id`,
    ),
    removeDeliveries: db.prepare('DELETE FROM webhook_deliveries WHERE webhook_id = ?'),
    remove: db.prepare('DELETE FROM webhooks WHERE account_id = ? AND id = ?'),
    deliveries: db.prepare<[number, number, number], DeliveryRecord>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ?'),
    delivery: db.prepare<[number, number], DeliveryRecord>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? AND id = ?`,
    ),
    insertDelivery: db.prepare(
      `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, attempts, next_at,
         last_status, last_error, last_attempt_at, created_at)
       VALUES (@webhook_id, @account_id, @message_id, @type, @body, @state, @attempts, @next_at, @last_status,
         @last_error, @last_attempt_at, @created_at)`,
    ),
    retryNow: db.prepare(`UPDATE webhook_deliveries SET state = 'pending', next_at = ?, claim = NULL WHERE id = ?`),
    nextDue: db.prepare<[], { due: number | null }>(OUTBOX_LOOKS.nextDue),
    enabled: db.prepare<[], { id: number }>('SELECT id FROM webhooks WHERE enabled = 1'),
    dueOf: db.prepare<[number, number, number], ClaimedDelivery>(OUTBOX_LOOKS.dueOf),
    hold: db.prepare('UPDATE webhook_deliveries SET next_at = ?, claim = ? WHERE id = ?'),
    release: db.prepare(
      `UPDATE webhook_deliveries SET next_at = ?, claim = NULL WHERE claim = ? AND state = 'pending'`,
    ),
    holders: db.prepare<[number], { claim: string }>(OUTBOX_LOOKS.holders),
    settle: db.prepare(
      `UPDATE webhook_deliveries SET state = @state, attempts = @attempts, next_at = @next_at, claim = NULL,
         last_status = @last_status, last_error = @last_error, last_attempt_at = @at
       WHERE id = @id AND claim = @claim AND state = 'pending'`,
    ),
    disable: db.prepare(
      'UPDATE webhooks SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND enabled = 1',
    ),
    prune: db.prepare(`DELETE FROM webhook_deliveries WHERE id IN (${OUTBOX_LOOKS.pruned})`),
  };
  const row = (w: Omit<WebhookRecord, 'id'> & { id?: number }) => ({
    ...w,
    events: JSON.stringify(w.events),
    enabled: w.enabled ? 1 : 0,
  });
  return {
    insert: (w) => Number(s.insert.run(row(w)).lastInsertRowid),
    byId: (accountId, id) => {
      const r = s.byId.get(accountId, id);
      return r && webhookOf(r);
    },
    list: (accountId) => s.list.all(accountId).map(webhookOf),
    update: (w) => void s.update.run(row(w)),
    remove: (accountId, id) => {
      s.removeDeliveries.run(id);
      return s.remove.run(accountId, id).changes > 0;
    },
    deliveries: (webhookId, limit, offset) => ({
      rows: s.deliveries.all(webhookId, limit, offset),
      total: s.count.get(webhookId)!.n,
    }),
    delivery: (webhookId, id) => s.delivery.get(webhookId, id),
    insertDelivery: (d) => Number(s.insertDelivery.run(d).lastInsertRowid),
    retryNow: (id, now) => void s.retryNow.run(now, id),
    nextDue: () => s.nextDue.get()!.due,
    claim: (now, holdUntil, claim, limit) => {
      // Inside the caller's write transaction: SQLite has one writer, so no other worker reads these rows between.
      // The first due of each enabled endpoint, merged: SQLite, with no lateral join, would otherwise sort every due
      // delivery of the endpoints (a backlog just enabled again) for each claim.
      const rows = s.enabled
        .all()
        .flatMap((w) => s.dueOf.all(w.id, now, limit))
        .sort((a, b) => a.next_at! - b.next_at! || a.id - b.id)
        .slice(0, limit);
      for (const r of rows) s.hold.run(holdUntil, claim, r.id);
      return rows;
    },
    release: (claim, now) => s.release.run(now, claim).changes,
    holders: (now) => s.holders.all(now).map((r) => r.claim),
    settle: (results) => results.filter((r) => s.settle.run(r).changes > 0).map((r) => r.id),
    disable: (id, reason, now) => void s.disable.run(reason, now, id),
    prune: (before, most) => s.prune.run(before, most).changes,
  };
}
