import { PERMISSIONS, type Permission } from '../../shared/schemas/codes.js';

/** Who is calling: one account, with the permissions of its token, or the station's owner at this machine. */
export interface Principal {
  accountId: number;
  permissions: ReadonlySet<Permission>;
  tokenId: number | null;
  /** The owner (the `station` command): every permission, and the owner-only operations. Never a token. */
  owner: boolean;
}

/**
 * The `station` command acts as the station's owner for one account (or none, for station-wide commands). This is
 * the one place that decides what a local operator may do.
 */
export function ownerPrincipal(accountId = 0): Principal {
  return { accountId, permissions: new Set(PERMISSIONS), tokenId: null, owner: true };
}
