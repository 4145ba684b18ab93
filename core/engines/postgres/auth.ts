import type { AccountRecord, AuthStore, TokenRecord } from '../../features/auth/store.js';
import { first, rows, type Sql } from './sql.js';

/**
 * Accounts and tokens. `generation` is the `token_changes` counter every token write moves (a trigger), in this
 * station or any other on the database; reading it is one indexed row, cheap beside the request it guards.
 */
export function createAuthStore(sql: Sql): AuthStore {
  return {
    generation: async () => (await first<{ g: number }>(sql, 'SELECT generation AS g FROM token_changes'))!.g,
    insertAccount: async (name, now) =>
      (await first<{ id: number }>(sql, 'INSERT INTO accounts (name, created_at) VALUES ($1, $2) RETURNING id', [
        name,
        now,
      ]))!.id,
    accountById: (id) => first<AccountRecord>(sql, 'SELECT * FROM accounts WHERE id = $1', [id]),
    accountByName: (name) => first<AccountRecord>(sql, 'SELECT * FROM accounts WHERE lower(name) = lower($1)', [name]),
    accounts: () => rows<AccountRecord>(sql, 'SELECT * FROM accounts ORDER BY id'),
    insertToken: async (t) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO tokens (account_id, name, prefix, hash, permissions, created_at, expires_at, parent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [t.account_id, t.name, t.prefix, t.hash, t.permissions, t.created_at, t.expires_at, t.parent_id],
      ))!.id,
    standing: async (id) =>
      (await first<{ revoked: boolean; expires_at: number | null }>(
        sql,
        `WITH RECURSIVE makers(id, parent_id, revoked_at, expires_at) AS (
           SELECT id, parent_id, revoked_at, expires_at FROM tokens WHERE id = $1
           UNION ALL SELECT t.id, t.parent_id, t.revoked_at, t.expires_at FROM tokens t JOIN makers m ON t.id = m.parent_id)
         SELECT bool_or(revoked_at IS NOT NULL) AS revoked, min(expires_at) AS expires_at FROM makers`,
        [id],
      ))!,
    tokenByHash: (hash) => first<TokenRecord>(sql, 'SELECT * FROM tokens WHERE hash = $1', [hash]),
    tokenById: (id) => first<TokenRecord>(sql, 'SELECT * FROM tokens WHERE id = $1', [id]),
    tokensOf: (accountId) =>
      rows<TokenRecord>(sql, 'SELECT * FROM tokens WHERE account_id = $1 ORDER BY id', [accountId]),
    revoke: async (id, now) =>
      ((
        await sql.query(
          `WITH RECURSIVE made(id) AS (SELECT $1::bigint UNION ALL SELECT t.id FROM tokens t JOIN made m ON t.parent_id = m.id)
           UPDATE tokens SET revoked_at = $2 WHERE id IN (SELECT id FROM made) AND revoked_at IS NULL`,
          [id, now],
        )
      ).rowCount ?? 0) > 0,
    async touch(id, now) {
      await sql.query('UPDATE tokens SET last_used_at = $1 WHERE id = $2', [now, id]);
    },
  };
}
