import type { KeyRecord, SigningKeyStore } from '../../features/qr/store.js';
import { rows, type Sql } from './sql.js';

/** The label signing keys every station of the database signs with and publishes. */
export function createSigningKeyStore(sql: Sql): SigningKeyStore {
  return {
    async all() {
      // Inside a transaction, what is decided from the keys (make the first one) is decided by one station at a time.
      if (sql.inTransaction) await sql.query('SELECT pg_advisory_xact_lock(22)');
      return rows<KeyRecord>(sql, 'SELECT kid, created_at, retired_at, jwk FROM signing_keys ORDER BY created_at, kid');
    },
    async save(r) {
      await sql.query(
        `INSERT INTO signing_keys (kid, created_at, retired_at, jwk) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kid) DO UPDATE SET retired_at = excluded.retired_at`,
        [r.kid, r.created_at, r.retired_at, r.jwk],
      );
    },
  };
}
