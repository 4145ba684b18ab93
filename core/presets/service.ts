import type { Clock } from '../clock.js';
import { fieldError, notFound } from '../errors.js';
import { inTransaction, type Db } from '../store/db.js';
import type { PresetInputT, PresetT } from './schemas.js';

interface PresetRow {
  id: number;
  name: string;
  key: string;
  length: number;
  width: number;
  height: number;
  weight: number | null;
}

function view({ weight, ...r }: PresetRow): PresetT {
  return { ...r, ...(weight === null ? {} : { weight }) };
}

/** An account's package presets (saved box sizes), each chosen at the desk by its one-character key. */
export function createPresetService(db: Db, clock: Clock) {
  const columns = 'id, name, key, length, width, height, weight';
  const q = {
    list: db.prepare<[number], PresetRow>(`SELECT ${columns} FROM package_presets WHERE account_id = ? ORDER BY key`),
    byId: db.prepare<[number, number], PresetRow>(
      `SELECT ${columns} FROM package_presets WHERE account_id = ? AND id = ?`,
    ),
    byKey: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM package_presets WHERE account_id = ? AND key = ?',
    ),
    insert: db.prepare(
      `INSERT INTO package_presets (account_id, name, key, length, width, height, weight, created_at, updated_at)
       VALUES (@account_id, @name, @key, @length, @width, @height, @weight, @now, @now)`,
    ),
    update: db.prepare(
      `UPDATE package_presets SET name = @name, key = @key, length = @length, width = @width, height = @height, weight = @weight,
       updated_at = @now WHERE account_id = @account_id AND id = @id`,
    ),
    remove: db.prepare<[number, number]>('DELETE FROM package_presets WHERE account_id = ? AND id = ?'),
  };

  function existing(accountId: number, id: number): PresetRow {
    const row = q.byId.get(accountId, id);
    if (!row) throw notFound(`preset ${id}`);
    return row;
  }

  /** The row's values; a key another preset of the account holds is a 400 naming it. */
  function values(accountId: number, body: PresetInputT, self?: number) {
    const other = q.byKey.get(accountId, body.key)?.id;
    if (other !== undefined && other !== self)
      throw fieldError('/key', 'taken', `${body.key} is already the key of preset ${other}`, { by: other });
    return { ...body, weight: body.weight ?? null, account_id: accountId, now: clock.now().getTime() };
  }

  return {
    list: (accountId: number): PresetT[] => q.list.all(accountId).map(view),

    create: (accountId: number, body: PresetInputT): PresetT =>
      inTransaction(db, () => view(existing(accountId, Number(q.insert.run(values(accountId, body)).lastInsertRowid)))),

    update: (accountId: number, id: number, body: PresetInputT): PresetT =>
      inTransaction(db, () => {
        existing(accountId, id);
        q.update.run({ ...values(accountId, body, id), id });
        return view(existing(accountId, id));
      }),

    delete: (accountId: number, id: number): { deleted: true } =>
      inTransaction(db, () => {
        existing(accountId, id);
        q.remove.run(accountId, id);
        return { deleted: true };
      }),
  };
}

export type PresetService = ReturnType<typeof createPresetService>;
