import type { Db } from '../store/db.js';

/**
 * The QR token fixed for each shipment when its first label was made (migration 014). SQL only; the rules of when
 * a token is fixed or replaced live in the label service.
 */
export function createLabelTokenStore(db: Db) {
  const stmts = {
    token: db.prepare<[number], { token: string }>('SELECT token FROM label_tokens WHERE shipment_id = ?'),
    // A token is written only where none is, or over the very one the caller saw (its key retired): of two labels
    // made at once, the first to commit fixes the token and the other prints that one.
    fix: db.prepare<{ id: number; token: string; replacing: string | null }>(
      `INSERT INTO label_tokens (shipment_id, token) VALUES (@id, @token)
       ON CONFLICT (shipment_id) DO UPDATE SET token = excluded.token WHERE label_tokens.token = @replacing`,
    ),
  };
  return {
    token: (shipmentId: number): string | undefined => stmts.token.get(shipmentId)?.token,
    /** Fixes `token` unless another was fixed meanwhile; the caller holds the transaction and reads it back. */
    fix: (shipmentId: number, token: string, replacing: string | null): void =>
      void stmts.fix.run({ id: shipmentId, token, replacing }),
  };
}

export type LabelTokenStore = ReturnType<typeof createLabelTokenStore>;
