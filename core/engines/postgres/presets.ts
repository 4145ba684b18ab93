import type { PresetT } from '../../features/presets/schemas.js';
import type { PresetStore } from '../../features/presets/store.js';
import { first, rows, type Sql } from './sql.js';

export function createPresetStore(sql: Sql): PresetStore {
  const COLUMNS = 'id, name, key, length, width, height, weight';
  const preset = (r: PresetT & { weight: number | null }): PresetT => {
    const { weight, ...rest } = r;
    return weight === null ? rest : { ...rest, weight };
  };
  return {
    list: async (accountId) =>
      (
        await rows<PresetT & { weight: number | null }>(
          sql,
          `SELECT ${COLUMNS} FROM package_presets WHERE account_id = $1 ORDER BY key`,
          [accountId],
        )
      ).map(preset),
    byId: async (accountId, id) => {
      const r = await first<PresetT & { weight: number | null }>(
        sql,
        `SELECT ${COLUMNS} FROM package_presets WHERE account_id = $1 AND id = $2`,
        [accountId, id],
      );
      return r && preset(r);
    },
    idOfKey: async (accountId, key) =>
      (
        await first<{ id: number }>(sql, 'SELECT id FROM package_presets WHERE account_id = $1 AND key = $2', [
          accountId,
          key,
        ])
      )?.id,
    insert: async (accountId, p, now) =>
      (await first<{ id: number }>(
        sql,
        `INSERT INTO package_presets (account_id, name, key, length, width, height, weight, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [accountId, p.name, p.key, p.length, p.width, p.height, p.weight ?? null, now],
      ))!.id,
    async update(accountId, id, p, now) {
      await sql.query(
        `UPDATE package_presets SET name = $3, key = $4, length = $5, width = $6, height = $7, weight = $8, updated_at = $9
         WHERE account_id = $1 AND id = $2`,
        [accountId, id, p.name, p.key, p.length, p.width, p.height, p.weight ?? null, now],
      );
    },
    async remove(accountId, id) {
      await sql.query('DELETE FROM package_presets WHERE account_id = $1 AND id = $2', [accountId, id]);
    },
  };
}
