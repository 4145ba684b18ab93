import type { PresetInputT, PresetT } from '../../features/presets/schemas.js';
import type { PresetStore } from '../../features/presets/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

interface PresetRow {
  id: number;
  name: string;
  key: string;
  length: number;
  width: number;
  height: number;
  weight: number | null;
}

const presetOf = (r: PresetRow | undefined): PresetT | undefined =>
  r && (({ weight, ...rest }) => ({ ...rest, ...(weight === null ? {} : { weight }) }))(r);

export function createPresetStore(db: Db): Sync<PresetStore> {
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
  const row = (accountId: number, p: PresetInputT, now: number) => ({
    ...p,
    weight: p.weight ?? null,
    account_id: accountId,
    now,
  });
  return {
    list: (accountId) => q.list.all(accountId).map((r) => presetOf(r)!),
    byId: (accountId, id) => presetOf(q.byId.get(accountId, id)),
    idOfKey: (accountId, key) => q.byKey.get(accountId, key)?.id,
    insert: (accountId, p, now) => Number(q.insert.run(row(accountId, p, now)).lastInsertRowid),
    update: (accountId, id, p, now) => void q.update.run({ ...row(accountId, p, now), id }),
    remove: (accountId, id) => void q.remove.run(accountId, id),
  };
}
