import type { ImportMappingInputT, ImportMappingT } from '../../features/imports/schemas.js';
import type { MappingStore } from '../../features/imports/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** An account's saved import mappings (migration 015); the definition is JSON in here, a record outside. */
export function createMappingStore(db: Db): Sync<MappingStore> {
  const q = {
    list: db.prepare<[number], { name: string; definition: string }>(
      'SELECT name, definition FROM import_mappings WHERE account_id = ? ORDER BY name',
    ),
    get: db.prepare<[number, string], { name: string; definition: string }>(
      'SELECT name, definition FROM import_mappings WHERE account_id = ? AND name = ?',
    ),
    save: db.prepare<[number, string, string, number, number]>(
      `INSERT INTO import_mappings (account_id, name, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
    ),
    remove: db.prepare<[number, string]>('DELETE FROM import_mappings WHERE account_id = ? AND name = ?'),
  };
  const view = (r: { name: string; definition: string }): ImportMappingT => ({
    name: r.name,
    ...(JSON.parse(r.definition) as ImportMappingInputT),
  });
  return {
    list: (accountId) => q.list.all(accountId).map(view),
    get: (accountId, name) => {
      const r = q.get.get(accountId, name);
      return r && view(r);
    },
    save: (accountId, name, m, now) => void q.save.run(accountId, name, JSON.stringify(m), now, now),
    remove: (accountId, name) => q.remove.run(accountId, name).changes > 0,
  };
}
