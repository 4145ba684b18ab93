import type { Db } from '../store/db.js';
import type { ScaleConfigT } from './schemas.js';

const KEY = 'scale';

/** The station's scale setting, kept with the other station settings; a value of the schema's shape, or null. */
export function createScaleStore(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  return {
    get: (): ScaleConfigT | null => {
      const row = get.get(KEY);
      return row ? (JSON.parse(row.value) as ScaleConfigT) : null;
    },
    set: (config: ScaleConfigT | null) => void (config ? put.run(KEY, JSON.stringify(config)) : remove.run(KEY)),
  };
}
