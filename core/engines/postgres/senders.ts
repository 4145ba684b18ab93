import type { SenderRecord, SenderStore } from '../../features/senders/store.js';
import { first, rows, type Sql } from './sql.js';

export function createSenderStore(sql: Sql): SenderStore {
  const COLUMNS = 'id, account_id, label, is_default, contact, address';
  return {
    list: (accountId) =>
      rows<SenderRecord>(
        sql,
        `SELECT ${COLUMNS} FROM senders WHERE account_id = $1 ORDER BY is_default DESC, lower(label), id`,
        [accountId],
      ),
    byId: (accountId, id) =>
      first<SenderRecord>(sql, `SELECT ${COLUMNS} FROM senders WHERE account_id = $1 AND id = $2`, [accountId, id]),
    idOfLabel: async (accountId, label) =>
      (
        await first<{ id: number }>(sql, 'SELECT id FROM senders WHERE account_id = $1 AND label = $2', [
          accountId,
          label,
        ])
      )?.id,
    count: async (accountId) =>
      (await first<{ n: number }>(sql, 'SELECT count(*) AS n FROM senders WHERE account_id = $1', [accountId]))!.n,
    insert: async (accountId, v, now) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO senders (account_id, label, is_default, contact, address, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [accountId, v.label, v.is_default, v.contact, v.address, now],
      ))!.id,
    async update(accountId, id, v, now) {
      await sql.query(
        `UPDATE senders SET label = $3, is_default = $4, contact = $5, address = $6, updated_at = $7
         WHERE account_id = $1 AND id = $2`,
        [accountId, id, v.label, v.is_default, v.contact, v.address, now],
      );
    },
    async clearDefault(accountId, now) {
      await sql.query('UPDATE senders SET is_default = false, updated_at = $2 WHERE account_id = $1 AND is_default', [
        accountId,
        now,
      ]);
    },
    async setDefault(id, now) {
      await sql.query('UPDATE senders SET is_default = true, updated_at = $2 WHERE id = $1', [id, now]);
    },
    async remove(accountId, id) {
      await sql.query('DELETE FROM senders WHERE account_id = $1 AND id = $2', [accountId, id]);
    },
  };
}
