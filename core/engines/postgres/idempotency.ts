import type { IdempotencyRecord, IdempotencyStore } from '../../platform/idempotency/store.js';
import { first, type Sql } from './sql.js';

export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    find: (accountId, key, now) =>
      first<IdempotencyRecord>(
        sql,
        'SELECT * FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > $3',
        [accountId, key, now],
      ),
    async insert(r, now) {
      await sql.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at <= $3', [
        r.account_id,
        r.key,
        now,
      ]);
      const done = await sql.query(
        `INSERT INTO idempotency_keys (account_id, key, request_hash, status, body, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [r.account_id, r.key, r.request_hash, r.status, r.body, r.created_at, r.expires_at],
      );
      return done.rowCount === 1;
    },
    async answer(accountId, key, status, body) {
      await sql.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE account_id = $1 AND key = $2', [
        accountId,
        key,
        status,
        body,
      ]);
    },
    prune: async (now, most) =>
      (
        await sql.query(
          `DELETE FROM idempotency_keys WHERE (account_id, key) IN
             (SELECT account_id, key FROM idempotency_keys WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2
              FOR UPDATE SKIP LOCKED)`,
          [now, most],
        )
      ).rowCount ?? 0,
  };
}
