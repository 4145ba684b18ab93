import type { ImportMappingInputT, ImportMappingT } from '../../features/imports/schemas.js';
import type { MappingStore } from '../../features/imports/store.js';
import { first, rows, type Sql } from './sql.js';

export function createMappingStore(sql: Sql): MappingStore {
  const view = (r: { name: string; definition: ImportMappingInputT }): ImportMappingT => ({
    name: r.name,
    ...r.definition,
  });
  type Row = { name: string; definition: ImportMappingInputT };
  return {
    list: async (accountId) =>
      (
        await rows<Row>(sql, 'SELECT name, definition FROM import_mappings WHERE account_id = $1 ORDER BY name', [
          accountId,
        ])
      ).map(view),
    async get(accountId, name) {
      const r = await first<Row>(
        sql,
        'SELECT name, definition FROM import_mappings WHERE account_id = $1 AND name = $2',
        [accountId, name],
      );
      return r && view(r);
    },
    async save(accountId, name, m, now) {
      await sql.query(
        `INSERT INTO import_mappings (account_id, name, definition, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (account_id, name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
        [accountId, name, JSON.stringify(m), now],
      );
    },
    remove: async (accountId, name) =>
      ((await sql.query('DELETE FROM import_mappings WHERE account_id = $1 AND name = $2', [accountId, name]))
        .rowCount ?? 0) > 0,
  };
}
