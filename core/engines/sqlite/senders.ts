import type { AddressT, ContactT } from '../../platform/schemas/common.js';
import type { SenderRecord, SenderStore, SenderValues } from '../../features/senders/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** A sender as the table holds it: the flag 0/1, contact and address as JSON. */
interface SenderRow {
  id: number;
  account_id: number;
  label: string;
  is_default: 0 | 1;
  contact: string;
  address: string;
}

const senderOf = (r: SenderRow | undefined): SenderRecord | undefined =>
  r && {
    ...r,
    is_default: r.is_default === 1,
    contact: JSON.parse(r.contact) as ContactT,
    address: JSON.parse(r.address) as AddressT,
  };

const columns = (v: SenderValues) => ({
  label: v.label,
  is_default: v.is_default ? 1 : 0,
  contact: JSON.stringify(v.contact),
  address: JSON.stringify(v.address),
});

export function createSenderStore(db: Db): Sync<SenderStore> {
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
    list: (accountId: number) => q.list.all(accountId).map((r) => senderOf(r)!),
    byId: (accountId: number, id: number) => senderOf(q.byId.get(accountId, id)),
    idOfLabel: (accountId: number, label: string) => q.byLabel.get(accountId, label)?.id,
    count: (accountId: number) => q.count.get(accountId)!.n,
    insert: (accountId: number, v: SenderValues, now: number) =>
      Number(q.insert.run({ account_id: accountId, ...columns(v), now }).lastInsertRowid),
    update: (accountId: number, id: number, v: SenderValues, now: number) =>
      void q.update.run({ account_id: accountId, id, ...columns(v), now }),
    clearDefault: (accountId: number, now: number) => void q.clearDefault.run(now, accountId),
    setDefault: (id: number, now: number) => void q.setDefault.run(now, id),
    remove: (accountId: number, id: number) => void q.remove.run(accountId, id),
  };
}
