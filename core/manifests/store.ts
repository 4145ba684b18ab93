import type { Db } from '../store/db.js';

export interface ManifestRow {
  id: number;
  account_id: number;
  created_at: number;
  shipments: number;
  pieces: number;
  weight: number;
}

export function createManifestStore(db: Db) {
  const stmts = {
    insert: db.prepare<[number, number, number, number, number]>(
      'INSERT INTO manifests (account_id, created_at, shipments, pieces, weight) VALUES (?, ?, ?, ?, ?)',
    ),
    item: db.prepare<[number, number, number]>(
      'INSERT INTO manifest_items (manifest_id, position, shipment_id) VALUES (?, ?, ?)',
    ),
    byId: db.prepare<[number, number], ManifestRow>('SELECT * FROM manifests WHERE id = ? AND account_id = ?'),
    items: db.prepare<[number], { shipment_id: number }>(
      'SELECT shipment_id FROM manifest_items WHERE manifest_id = ? ORDER BY position',
    ),
  };
  return {
    /** Inserts the manifest and its shipments in order; the caller holds the transaction. */
    insert(m: Omit<ManifestRow, 'id'>, shipmentIds: number[]): number {
      const id = Number(stmts.insert.run(m.account_id, m.created_at, m.shipments, m.pieces, m.weight).lastInsertRowid);
      shipmentIds.forEach((sid, i) => stmts.item.run(id, i + 1, sid));
      return id;
    },
    byId: (accountId: number, id: number) => stmts.byId.get(id, accountId),
    shipmentIds: (id: number) => stmts.items.all(id).map((r) => r.shipment_id),
  };
}

export type ManifestStore = ReturnType<typeof createManifestStore>;
