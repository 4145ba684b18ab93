import type { Permission } from '../../shared/schemas/codes.js';
import type { AuthStore, Standing, TokenRecord } from './store.js';

/** What authenticating a token needs of its row, its makers and its permissions. */
export interface Credential {
  row: TokenRecord;
  /** Revoked, or the first expiry, once its makers are counted. */
  standing: Standing;
  permissions: ReadonlySet<Permission>;
}

/** Enough for every token a station has in use; a flood of new ones empties it rather than growing it. */
const MOST = 1_000;

/**
 * The credentials of the tokens in use, by hash, so that a request is authenticated without reading the tokens
 * table (its row, and for a made token the walk up its makers): about a twentieth of a create over HTTP.
 *
 * It never answers from a stale picture: it is emptied whenever the tokens may have changed, which the store's
 * `generation` tells (a token created or revoked by this process or by any other on the same store, such as
 * `station token revoke`, or another station on the same database). Expiry is not cached, only the instant,
 * compared at each request. Unknown hashes are not kept, so guessing tokens cannot fill it.
 */
export function createCredentials(store: AuthStore) {
  const known = new Map<string, Credential>();
  let generation: number | null = null;

  return {
    /** The credential of the token with this hash, if there is one. */
    async byHash(hash: Buffer): Promise<Credential | undefined> {
      const current = await store.generation();
      if (current !== generation) {
        known.clear();
        generation = current;
      }
      const key = hash.toString('base64');
      const hit = known.get(key);
      if (hit) return hit;
      const row = await store.tokenByHash(hash);
      if (!row) return undefined;
      const credential: Credential = {
        row,
        // A token ends with its maker: the walk up its makers covers a revocation or expiry made by any of them.
        standing:
          row.parent_id === null
            ? { revoked: row.revoked_at !== null, expires_at: row.expires_at }
            : await store.standing(row.id),
        permissions: new Set(row.permissions),
      };
      // A token changed while it was read: remember nothing of this moment.
      if ((await store.generation()) !== generation) return credential;
      if (known.size >= MOST) known.clear();
      known.set(key, credential);
      return credential;
    },
  };
}
