import type { Db } from '../store/db.js';

export interface SenderRow {
  id: number;
  account_id: number;
  label: string;
  is_default: 0 | 1;
  contact: string;
  address: string;
}

export interface SenderValues {
  label: string;
  is_default: 0 | 1;
  contact: string;
  address: string;
}

/** SQL of senders; callers own the transactions. */
export function createSenderStore(db: Db) {
  const q = {
    list: db.prepare<[number], SenderRow>(
      'SELECT * FROM senders WHERE account_id = ? ORDER BY is_default DESC, label COLLATE NOCASE, id',
    ),
    byId: db.prepare<[number, number], SenderRow>('SELECT * FROM senders WHERE account_id = ? AND id = ?'),
    byLabel: db.prepare<[number, string], { id: number }>('SELECT id FROM senders WHERE account_id = ? AND label = ?'),
    count: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM senders WHERE account_id = ?'),
    insert: db.prepare(
      `INSERT INTO senders (account_id, label, is_default, contact, address, created_at, updated_at)
       VALUES (@account_id, @label, @is_default, @contact, @address, @now, @now)`,
    ),
    update: db.prepare(
      `UPDATE senders SET label = @label, is_default = @is_default, contact = @contact, address = @address, updated_at = @now
       WHERE account_id = @account_id AND id = @id`,
    ),
    clearDefault: db.prepare<[number, number]>(
      'UPDATE senders SET is_default = 0, updated_at = ? WHERE account_id = ? AND is_default = 1',
    ),
    setDefault: db.prepare<[number, number]>('UPDATE senders SET is_default = 1, updated_at = ? WHERE id = ?'),
    remove: db.prepare<[number, number]>('DELETE FROM senders WHERE account_id = ? AND id = ?'),
  };
  return {
    list: (accountId: number) => q.list.all(accountId),
    byId: (accountId: number, id: number) => q.byId.get(accountId, id),
    idOfLabel: (accountId: number, label: string) => q.byLabel.get(accountId, label)?.id,
    count: (accountId: number) => q.count.get(accountId)!.n,
    insert: (accountId: number, v: SenderValues, now: number) =>
      Number(q.insert.run({ account_id: accountId, ...v, now }).lastInsertRowid),
    update: (accountId: number, id: number, v: SenderValues, now: number) =>
      void q.update.run({ account_id: accountId, id, ...v, now }),
    clearDefault: (accountId: number, now: number) => void q.clearDefault.run(now, accountId),
    setDefault: (id: number, now: number) => void q.setDefault.run(now, id),
    remove: (accountId: number, id: number) => void q.remove.run(accountId, id),
  };
}

export type SenderStore = ReturnType<typeof createSenderStore>;
