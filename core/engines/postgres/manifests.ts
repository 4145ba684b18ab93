import type { ManifestRecord, ManifestStore } from '../../features/manifests/store.js';
import { first, rows, type Sql } from './sql.js';

export function createManifestStore(sql: Sql): ManifestStore {
  return {
    async insert(m, shipmentIds) {
      const id = (await first<{ id: number }>(
        sql,
        'INSERT INTO manifests (account_id, created_at, shipments, pieces, weight) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [m.account_id, m.created_at, m.shipments, m.pieces, m.weight],
      ))!.id;
      await sql.query(
        `INSERT INTO manifest_items (manifest_id, position, shipment_id)
         SELECT $1, n, s FROM unnest($2::bigint[]) WITH ORDINALITY AS x(s, n)`,
        [id, shipmentIds],
      );
      return id;
    },
    byId: (accountId, id) =>
      first<ManifestRecord>(sql, 'SELECT * FROM manifests WHERE id = $1 AND account_id = $2', [id, accountId]),
    shipmentIds: async (id) =>
      (
        await rows<{ shipment_id: number }>(
          sql,
          'SELECT shipment_id FROM manifest_items WHERE manifest_id = $1 ORDER BY position',
          [id],
        )
      ).map((r) => r.shipment_id),
  };
}
