import type { AccountRecord, AuthStore, TokenRecord } from '../../features/auth/store.js';
import type { Permission } from '../../shared/schemas/codes.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** A token as the table holds it: its permissions a comma list. */
type TokenRow = Omit<TokenRecord, 'permissions'> & { permissions: string };

const token = (r: TokenRow | undefined): TokenRecord | undefined =>
  r && { ...r, permissions: r.permissions.split(',') as Permission[] };

/** Token writes made through each connection: SQLite's data_version does not count a connection's own commits. */
const ownTokenWrites = new WeakMap<Db, number>();

export function createAuthStore(db: Db): Sync<AuthStore> {
  const stmts = {
    insertAccount: db.prepare<[string, number]>('INSERT INTO accounts (name, created_at) VALUES (?, ?)'),
    accountById: db.prepare<[number], AccountRecord>('SELECT * FROM accounts WHERE id = ?'),
    accountByName: db.prepare<[string], AccountRecord>('SELECT * FROM accounts WHERE name = ?'),
    accounts: db.prepare<[], AccountRecord>('SELECT * FROM accounts ORDER BY id'),
    insertToken: db.prepare(
      `INSERT INTO tokens (account_id, name, prefix, hash, permissions, created_at, expires_at, parent_id)
       VALUES (@account_id, @name, @prefix, @hash, @permissions, @created_at, @expires_at, @parent_id)`,
    ),
    standing: db.prepare<[number], { revoked: number; expires_at: number | null }>(
      `WITH RECURSIVE makers(id, parent_id, revoked_at, expires_at) AS (
         SELECT id, parent_id, revoked_at, expires_at FROM tokens WHERE id = ?
         UNION ALL SELECT t.id, t.parent_id, t.revoked_at, t.expires_at FROM tokens t JOIN makers m ON t.id = m.parent_id)
       SELECT max(revoked_at IS NOT NULL) AS revoked, min(expires_at) AS expires_at FROM makers`,
    ),
    revokeWithMade: db.prepare<[number, number]>(
      `WITH RECURSIVE made(id) AS (SELECT ? UNION ALL SELECT t.id FROM tokens t JOIN made m ON t.parent_id = m.id)
       UPDATE tokens SET revoked_at = ? WHERE id IN (SELECT id FROM made) AND revoked_at IS NULL`,
    ),
    tokenByHash: db.prepare<[Buffer], TokenRow>('SELECT * FROM tokens WHERE hash = ?'),
    tokenById: db.prepare<[number], TokenRow>('SELECT * FROM tokens WHERE id = ?'),
    tokensOf: db.prepare<[number], TokenRow>('SELECT * FROM tokens WHERE account_id = ? ORDER BY id'),
    touch: db.prepare<[number, number]>('UPDATE tokens SET last_used_at = ? WHERE id = ?'),
  };
  // SQLite's data_version moves when another connection commits; this connection's own token writes are counted
  // per connection, so that every store made on it sees them.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get()!;
  let seenOwn = ownTokenWrites.get(db) ?? 0;
  let generation = 0;
  const changed = <T>(result: T): T => (ownTokenWrites.set(db, (ownTokenWrites.get(db) ?? 0) + 1), result);
  return {
    /**
     * A number that moves whenever a token may have changed: created or revoked on this connection, or anything
     * committed by another connection (another process's `station token revoke`, say). Recording a token's use
     * (`touch`) does not move it.
     */
    generation(): number {
      const version = dataVersion.get()!;
      const own = ownTokenWrites.get(db) ?? 0;
      if (version !== seenVersion || own !== seenOwn) {
        seenVersion = version;
        seenOwn = own;
        generation++;
      }
      return generation;
    },
    insertAccount: (name: string, now: number) => Number(stmts.insertAccount.run(name, now).lastInsertRowid),
    accountById: (id: number) => stmts.accountById.get(id),
    accountByName: (name: string) => stmts.accountByName.get(name),
    accounts: () => stmts.accounts.all(),
    insertToken: (t: Omit<TokenRecord, 'id' | 'revoked_at' | 'last_used_at'>) =>
      changed(Number(stmts.insertToken.run({ ...t, permissions: t.permissions.join(',') }).lastInsertRowid)),
    standing(id: number) {
      const s = stmts.standing.get(id)!;
      return { revoked: s.revoked === 1, expires_at: s.expires_at };
    },
    tokenByHash: (hash: Buffer) => token(stmts.tokenByHash.get(hash)),
    tokenById: (id: number) => token(stmts.tokenById.get(id)),
    tokensOf: (accountId: number) => stmts.tokensOf.all(accountId).map((r) => token(r)!),
    /** Revokes the token and every token it made, transitively. */
    revoke: (id: number, now: number) => changed(stmts.revokeWithMade.run(id, now).changes > 0),
    touch: (id: number, now: number) => void stmts.touch.run(now, id),
  };
}
