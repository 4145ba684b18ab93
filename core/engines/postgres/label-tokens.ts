import type { LabelTokenStore } from '../../features/labels/store.js';
import { first, type Sql } from './sql.js';

export function createLabelTokenStore(sql: Sql): LabelTokenStore {
  return {
    token: async (shipmentId) =>
      (await first<{ token: string }>(sql, 'SELECT token FROM label_tokens WHERE shipment_id = $1', [shipmentId]))
        ?.token,
    async fix(shipmentId, token, replacing) {
      // Written where none is, or over the very one the caller saw; a concurrent first label waits for the other's
      // commit here and then keeps its token.
      await sql.query(
        `INSERT INTO label_tokens (shipment_id, token) VALUES ($1, $2)
         ON CONFLICT (shipment_id) DO UPDATE SET token = excluded.token WHERE label_tokens.token = $3`,
        [shipmentId, token, replacing],
      );
    },
  };
}
