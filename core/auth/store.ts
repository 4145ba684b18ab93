import type { Db } from '../store/db.js';

export interface AccountRow {
  id: number;
  name: string;
  created_at: number;
}

export interface TokenRow {
  id: number;
  account_id: number;
  name: string;
  prefix: string;
  hash: Buffer;
  permissions: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
}

export function createAuthStore(db: Db) {
  const stmts = {
    insertAccount: db.prepare<[string, number]>('INSERT INTO accounts (name, created_at) VALUES (?, ?)'),
    accountById: db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    accountByName: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE name = ?'),
    accounts: db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY id'),
    insertToken: db.prepare(
      `INSERT INTO tokens (account_id, name, prefix, hash, permissions, created_at, expires_at)
       VALUES (@account_id, @name, @prefix, @hash, @permissions, @created_at, @expires_at)`,
    ),
    tokenByHash: db.prepare<[Buffer], TokenRow>('SELECT * FROM tokens WHERE hash = ?'),
    tokenById: db.prepare<[number], TokenRow>('SELECT * FROM tokens WHERE id = ?'),
    tokensOf: db.prepare<[number], TokenRow>('SELECT * FROM tokens WHERE account_id = ? ORDER BY id'),
    revoke: db.prepare<[number, number]>('UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    touch: db.prepare<[number, number]>('UPDATE tokens SET last_used_at = ? WHERE id = ?'),
  };
  return {
    insertAccount: (name: string, now: number) => Number(stmts.insertAccount.run(name, now).lastInsertRowid),
    accountById: (id: number) => stmts.accountById.get(id),
    accountByName: (name: string) => stmts.accountByName.get(name),
    accounts: () => stmts.accounts.all(),
    insertToken: (row: Omit<TokenRow, 'id' | 'revoked_at' | 'last_used_at'>) => Number(stmts.insertToken.run(row).lastInsertRowid),
    tokenByHash: (hash: Buffer) => stmts.tokenByHash.get(hash),
    tokenById: (id: number) => stmts.tokenById.get(id),
    tokensOf: (accountId: number) => stmts.tokensOf.all(accountId),
    revoke: (id: number, now: number) => stmts.revoke.run(now, id).changes > 0,
    touch: (id: number, now: number) => void stmts.touch.run(now, id),
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
