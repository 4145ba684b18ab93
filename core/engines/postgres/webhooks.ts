import type { OutboxStore } from '../../platform/outbox/store.js';
import type { ClaimedDelivery, DeliveryRecord, WebhookRecord, WebhookStore } from '../../features/webhooks/store.js';
import { first, rows, type Sql } from './sql.js';

const DELIVERY = `id, webhook_id, account_id, message_id, type, body, state, attempts, next_at, last_status, last_error,
  last_attempt_at, created_at`;
const changed = (r: { rowCount: number | null }) => (r.rowCount ?? 0) > 0;

/** The outbox (migration 007): one delivery per subscribed endpoint, in the caller's transaction. */
export function createOutboxStore(sql: Sql): OutboxStore {
  // Inside one transaction (an import writes thousands of shipments in one) the answer is asked once per type: a
  // round trip each would be most of an import's time.
  const asked = sql.inTransaction ? new Map<string, Promise<boolean>>() : null;
  const wants = async (accountId: number, type: string) =>
    (await first(sql, 'SELECT 1 FROM webhooks WHERE account_id = $1 AND $2 = ANY (events) LIMIT 1', [
      accountId,
      type,
    ])) !== undefined;
  return {
    wants(accountId, type) {
      if (!asked) return wants(accountId, type);
      const key = `${accountId} ${type}`;
      let answer = asked.get(key);
      if (!answer) asked.set(key, (answer = wants(accountId, type)));
      return answer;
    },
    enqueue: async (m) =>
      (
        await sql.query(
          `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, next_at, created_at)
           SELECT w.id, w.account_id, $1, $2, $3, 'pending', $4, $4 FROM webhooks w
           WHERE w.account_id = $5 AND $2 = ANY (w.events)`,
          [m.message_id, m.type, m.body, m.at, m.account_id],
        )
      ).rowCount ?? 0,
  };
}

/**
 * The worker's looks at the outbox, endpoint by endpoint (migration 008), so that the backlog a paused or disabled
 * endpoint keeps is never read: its next due time, a claim (each enabled endpoint's first due, locked and skipped as
 * other stations lock them, then merged), and the workers holding deliveries. Exported for the test that checks how
 * many rows they read (test/webhooks/paused-backlog.test.ts).
 */
export const PG_OUTBOX_LOOKS = {
  nextDue: `SELECT min(x.due) AS due FROM webhooks w CROSS JOIN LATERAL
      (SELECT min(d.next_at) AS due FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.state = 'pending') x
    WHERE w.enabled`,
  claim: `WITH taken AS (
      UPDATE webhook_deliveries SET next_at = $2, claim = $3
      WHERE id IN (SELECT p.id FROM webhooks w CROSS JOIN LATERAL
          (SELECT d.id, d.next_at FROM webhook_deliveries d
           WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_at <= $1
           ORDER BY d.next_at, d.id LIMIT $4 FOR UPDATE SKIP LOCKED) p
        WHERE w.enabled ORDER BY p.next_at, p.id LIMIT $4)
      RETURNING ${DELIVERY})
    SELECT t.*, w.url, w.secret, w.previous_secret, w.previous_until
    FROM taken t JOIN webhooks w ON w.id = t.webhook_id ORDER BY t.id`,
  holders: `SELECT DISTINCT d.claim FROM webhooks w JOIN webhook_deliveries d ON d.webhook_id = w.id
    WHERE d.state = 'pending' AND d.next_at > $1 AND d.claim IS NOT NULL`,
  /**
   * The delivered deliveries past their retention, at most so many, by their index (migration 010); those another
   * station is deleting at the moment are skipped.
   */
  pruned: `SELECT id FROM webhook_deliveries WHERE state = 'delivered' AND last_attempt_at < $1
    ORDER BY last_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
};

/**
 * Webhook endpoints and deliveries on PostgreSQL. Stations sharing the database share the deliveries: a claim takes
 * due ones with `FOR UPDATE SKIP LOCKED` and holds them under its worker's name, so each is sent by one at a time,
 * and a result is written only by the worker that still holds it.
 */
export function createWebhookStore(sql: Sql): WebhookStore {
  const locked = sql.inTransaction ? ' FOR UPDATE' : '';
  return {
    insert: async (w) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO webhooks (account_id, url, description, events, secret, previous_secret, previous_until, enabled,
           disabled_reason, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          w.account_id,
          w.url,
          w.description,
          w.events,
          w.secret,
          w.previous_secret,
          w.previous_until,
          w.enabled,
          w.disabled_reason,
          w.created_at,
          w.updated_at,
        ],
      ))!.id,
    byId: (accountId, id) =>
      first<WebhookRecord>(sql, `SELECT * FROM webhooks WHERE account_id = $1 AND id = $2${locked}`, [accountId, id]),
    list: (accountId) =>
      rows<WebhookRecord>(sql, 'SELECT * FROM webhooks WHERE account_id = $1 ORDER BY id', [accountId]),
    async update(w) {
      await sql.query(
        `UPDATE webhooks SET url = $2, description = $3, events = $4, secret = $5, previous_secret = $6,
           previous_until = $7, enabled = $8, disabled_reason = $9, updated_at = $10 WHERE id = $1`,
        [
          w.id,
          w.url,
          w.description,
          w.events,
          w.secret,
          w.previous_secret,
          w.previous_until,
          w.enabled,
          w.disabled_reason,
          w.updated_at,
        ],
      );
    },
    remove: async (accountId, id) =>
      changed(await sql.query('DELETE FROM webhooks WHERE account_id = $1 AND id = $2', [accountId, id])),
    deliveries: async (webhookId, limit, offset) => ({
      rows: await rows<DeliveryRecord>(
        sql,
        `SELECT ${DELIVERY} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [webhookId, limit, offset],
      ),
      total: (await first<{ n: number }>(
        sql,
        'SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1',
        [webhookId],
      ))!.n,
    }),
    delivery: (webhookId, id) =>
      first<DeliveryRecord>(sql, `SELECT ${DELIVERY} FROM webhook_deliveries WHERE webhook_id = $1 AND id = $2`, [
        webhookId,
        id,
      ]),
    insertDelivery: async (d) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO webhook_deliveries (webhook_id, account_id, message_id, type, body, state, attempts, next_at,
           last_status, last_error, last_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          d.webhook_id,
          d.account_id,
          d.message_id,
          d.type,
          d.body,
          d.state,
          d.attempts,
          d.next_at,
          d.last_status,
          d.last_error,
          d.last_attempt_at,
          d.created_at,
        ],
      ))!.id,
    async retryNow(id, now) {
      await sql.query(`UPDATE webhook_deliveries SET state = 'pending', next_at = $2, claim = NULL WHERE id = $1`, [
        id,
        now,
      ]);
    },
    nextDue: async () => (await first<{ due: number | null }>(sql, PG_OUTBOX_LOOKS.nextDue))!.due,
    claim: (now, holdUntil, claim, limit) =>
      rows<ClaimedDelivery>(sql, PG_OUTBOX_LOOKS.claim, [now, holdUntil, claim, limit]),
    release: async (claim, now) =>
      (
        await sql.query(
          `UPDATE webhook_deliveries SET next_at = $2, claim = NULL WHERE claim = $1 AND state = 'pending'`,
          [claim, now],
        )
      ).rowCount ?? 0,
    holders: async (now) => (await rows<{ claim: string }>(sql, PG_OUTBOX_LOOKS.holders, [now])).map((r) => r.claim),
    settle: async (results) =>
      results.length === 0
        ? []
        : (
            await rows<{ id: number }>(
              sql,
              `UPDATE webhook_deliveries d SET state = r.state, attempts = r.attempts, next_at = r.next_at,
                 claim = NULL, last_status = r.last_status, last_error = r.last_error, last_attempt_at = r.at
               FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::int[], $7::text[],
                 $8::bigint[]) AS r(id, claim, state, attempts, next_at, last_status, last_error, at)
               WHERE d.id = r.id AND d.claim = r.claim AND d.state = 'pending'
               RETURNING d.id`,
              [
                results.map((r) => r.id),
                results.map((r) => r.claim),
                results.map((r) => r.state),
                results.map((r) => r.attempts),
                results.map((r) => r.next_at),
                results.map((r) => r.last_status),
                results.map((r) => r.last_error),
                results.map((r) => r.at),
              ],
            )
          ).map((r) => Number(r.id)),
    async disable(id, reason, now) {
      await sql.query(
        'UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = $3 WHERE id = $1 AND enabled',
        [id, reason, now],
      );
    },
    prune: async (before, most) =>
      (await sql.query(`DELETE FROM webhook_deliveries WHERE id IN (${PG_OUTBOX_LOOKS.pruned})`, [before, most]))
        .rowCount ?? 0,
  };
}
