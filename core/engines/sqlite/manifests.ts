import type { ManifestRecord, ManifestStore } from '../../features/manifests/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

export function createManifestStore(db: Db): Sync<ManifestStore> {
  const stmts = {
    insert: db.prepare<[number, number, number, number, number]>(
      'INSERT INTO manifests (account_id, created_at, shipments, pieces, weight) VALUES (?, ?, ?, ?, ?)',
    ),
    item: db.prepare<[number, number, number]>(
      'INSERT INTO manifest_items (manifest_id, position, shipment_id) VALUES (?, ?, ?)',
    ),
    byId: db.prepare<[number, number], ManifestRecord>('SELECT * FROM manifests WHERE id = ? AND account_id = ?'),
    items: db.prepare<[number], { shipment_id: number }>(
      'SELECT shipment_id FROM manifest_items WHERE manifest_id = ? ORDER BY position',
    ),
  };
  return {
    insert(m: Omit<ManifestRecord, 'id'>, shipmentIds: number[]): number {
      const id = Number(stmts.insert.run(m.account_id, m.created_at, m.shipments, m.pieces, m.weight).lastInsertRowid);
      shipmentIds.forEach((sid, i) => stmts.item.run(id, i + 1, sid));
      return id;
    },
    byId: (accountId: number, id: number) => stmts.byId.get(id, accountId),
    shipmentIds: (id: number) => stmts.items.all(id).map((r) => r.shipment_id),
  };
}
