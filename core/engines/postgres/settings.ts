import type { SettingsStore } from '../../features/station/store.js';
import type { ScaleConfigT } from '../../features/scale/schemas.js';
import type { ScaleStore } from '../../features/scale/store.js';
import { first, type Sql } from './sql.js';

export function createSettingsStore(sql: Sql): SettingsStore {
  return {
    get: async (key) =>
      (await first<{ value: string }>(sql, 'SELECT value FROM settings WHERE key = $1', [key]))?.value,
    async put(key, value) {
      await sql.query(
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    },
    async remove(key) {
      await sql.query('DELETE FROM settings WHERE key = $1', [key]);
    },
  };
}

/** The scale setting: a row of the settings table, its value JSON. */
export function createScaleStore(sql: Sql): ScaleStore {
  const settings = createSettingsStore(sql);
  return {
    async get() {
      const value = await settings.get('scale');
      return value === undefined ? null : (JSON.parse(value) as ScaleConfigT);
    },
    async set(config) {
      if (config) await settings.put('scale', JSON.stringify(config));
      else await settings.remove('scale');
    },
  };
}
