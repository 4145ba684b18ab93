import type { Permission } from '../../shared/schemas/codes.js';

export interface AccountRecord {
  id: number;
  name: string;
  created_at: number;
}

export interface TokenRecord {
  id: number;
  account_id: number;
  name: string;
  prefix: string;
  /** SHA-256 of the token; the token itself is never stored. */
  hash: Buffer;
  permissions: Permission[];
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  /** The token that made this one (`POST /tokens`); null for tokens made with the CLI. */
  parent_id: number | null;
}

/** A token's standing once its makers are counted: revoked if any of them is, expiring with the first of them. */
export interface Standing {
  revoked: boolean;
  expires_at: number | null;
}

export interface AuthStore {
  /**
   * A number that moves whenever a token may have changed, in this process or any other on the same store, so
   * that what authentication remembers is dropped in time. Recording a token's use (`touch`) does not move it.
   */
  generation(): Promise<number>;
  insertAccount(name: string, now: number): Promise<number>;
  accountById(id: number): Promise<AccountRecord | undefined>;
  accountByName(name: string): Promise<AccountRecord | undefined>;
  accounts(): Promise<AccountRecord[]>;
  insertToken(t: Omit<TokenRecord, 'id' | 'revoked_at' | 'last_used_at'>): Promise<number>;
  standing(id: number): Promise<Standing>;
  tokenByHash(hash: Buffer): Promise<TokenRecord | undefined>;
  tokenById(id: number): Promise<TokenRecord | undefined>;
  tokensOf(accountId: number): Promise<TokenRecord[]>;
  /** Revokes the token and every token it made, transitively. */
  revoke(id: number, now: number): Promise<boolean>;
  touch(id: number, now: number): Promise<void>;
}
