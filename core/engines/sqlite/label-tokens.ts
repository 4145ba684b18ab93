import type { LabelTokenStore } from '../../features/labels/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** The QR token fixed for each shipment at its first label (migration 014). */
export function createLabelTokenStore(db: Db): Sync<LabelTokenStore> {
  const token = db.prepare<[number], { token: string }>('SELECT token FROM label_tokens WHERE shipment_id = ?');
  // Written only where none is, or over the very one the caller saw (its key retired).
  const fix = db.prepare<{ id: number; token: string; replacing: string | null }>(
    `INSERT INTO label_tokens (shipment_id, token) VALUES (@id, @token)
     ON CONFLICT (shipment_id) DO UPDATE SET token = excluded.token WHERE label_tokens.token = @replacing`,
  );
  return {
    token: (shipmentId) => token.get(shipmentId)?.token,
    fix: (shipmentId, value, replacing) => void fix.run({ id: shipmentId, token: value, replacing }),
  };
}
