import type { JsonWebKey } from 'node:crypto';

/** One label signing key. */
export interface KeyRecord {
  kid: string;
  created_at: number;
  retired_at: number | null;
  /** The private Ed25519 key as a JWK (kty OKP, crv Ed25519, x, d). */
  jwk: JsonWebKey;
}

/**
 * Where the signing keys are kept: every station of a store signs with them and publishes them, so they live with
 * the store (SQLite: files in the data folder, for `station verify` offline; PostgreSQL: a table).
 */
export interface SigningKeyStore {
  /** Every key, oldest first (by creation, then kid). */
  all(): Promise<KeyRecord[]>;
  /** Adds a key, or replaces the one of its kid. */
  save(r: KeyRecord): Promise<void>;
}
