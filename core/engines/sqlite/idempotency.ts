import type { IdempotencyRecord, IdempotencyStore } from '../../platform/idempotency/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

export function createIdempotencyStore(db: Db): Sync<IdempotencyStore> {
  const s = {
    find: db.prepare<[number, string, number], IdempotencyRecord>(
      'SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ? AND expires_at > ?',
    ),
    expired: db.prepare<[number, string, number]>(
      'DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND expires_at <= ?',
    ),
    insert: db.prepare(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, status, body, created_at, expires_at)
       VALUES (@account_id, @key, @request_hash, @status, @body, @created_at, @expires_at) ON CONFLICT DO NOTHING`,
    ),
    answer: db.prepare(
      'UPDATE idempotency_keys SET status = @status, body = @body WHERE account_id = @account_id AND key = @key',
    ),
    prune: db.prepare<[number, number]>(
      `DELETE FROM idempotency_keys WHERE rowid IN
         (SELECT rowid FROM idempotency_keys WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    ),
  };
  return {
    find: (accountId, key, now) => s.find.get(accountId, key, now),
    insert(r, now) {
      s.expired.run(r.account_id, r.key, now);
      return s.insert.run(r).changes === 1;
    },
    answer: (account_id, key, status, body) => void s.answer.run({ account_id, key, status, body }),
    prune: (now, most) => s.prune.run(now, most).changes,
  };
}
