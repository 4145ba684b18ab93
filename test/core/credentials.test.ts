import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthService, type AuthService } from '../../core/auth/service.js';
import { createAuthStore } from '../../core/auth/store.js';
import { fixedClock } from '../../core/clock.js';
import { openDb, type Db } from '../../core/store/db.js';

const DAY = 86_400_000;

/**
 * Authentication keeps the credentials of tokens in use (core/auth/credentials.ts). These check that it never
 * answers from a stale picture: a change made through this connection or by another process counts at the very
 * next request, and expiry is a matter of the current time.
 */
describe('remembered credentials', () => {
  let dir: string;
  let db: Db;
  let other: Db;
  let auth: AuthService;
  /** The same store, as `station token revoke` in another process sees it. */
  let otherAuth: AuthService;
  const clock = fixedClock('2026-03-02T10:00:00Z');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'credentials-'));
    db = openDb(join(dir, 'station.db'));
    other = openDb(join(dir, 'station.db'));
    auth = createAuthService(db, clock);
    otherAuth = createAuthService(other, clock);
    auth.createAccount('acme');
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const mint = (opts: { madeBy?: number; expiresInDays?: number } = {}) =>
    auth.createToken({ account: 'acme', name: 'desk', permissions: ['shipments.read'], ...opts });
  const use = (token: string) => auth.authenticate(`Bearer ${token}`);

  it('refuses a token that another process revoked, at its next use, though it was just used', () => {
    const t = mint();
    expect(use(t.token).tokenId).toBe(t.info.id);
    expect(use(t.token).tokenId).toBe(t.info.id);
    otherAuth.revokeToken(t.info.account, t.info.id);
    expect(() => use(t.token)).toThrow('token revoked');
  });

  it('refuses a made token once another process revokes its maker', () => {
    const maker = mint();
    const made = mint({ madeBy: maker.info.id });
    expect(use(made.token).tokenId).toBe(made.info.id);
    otherAuth.revokeToken(maker.info.account, maker.info.id);
    expect(() => use(made.token)).toThrow('token revoked');
  });

  it('refuses a token revoked through this connection at once', () => {
    const t = mint();
    expect(use(t.token).permissions.has('shipments.read')).toBe(true);
    auth.revokeToken(t.info.account, t.info.id);
    expect(() => use(t.token)).toThrow('token revoked');
  });

  it('refuses a token revoked through another service on this connection', () => {
    const t = mint();
    expect(use(t.token).tokenId).toBe(t.info.id);
    // SQLite's data_version does not move for a connection's own commits: the token writes are counted per connection.
    createAuthService(db, clock).revokeToken(t.info.account, t.info.id);
    expect(() => use(t.token)).toThrow('token revoked');
  });

  it('accepts a token another process made, at its first use', () => {
    expect(use(mint().token).owner).toBe(false); // something is remembered already
    const t = otherAuth.createToken({ account: 'acme', name: 'script', permissions: ['shipments.write'] });
    expect([...use(t.token).permissions]).toEqual(['shipments.write']);
  });

  it('checks expiry against the time of each request', () => {
    const t = mint({ expiresInDays: 1 });
    expect(use(t.token).tokenId).toBe(t.info.id);
    clock.advance(DAY);
    expect(() => use(t.token)).toThrow('token expired');
  });

  it("moves the store's generation with token writes here and commits elsewhere, not with a token's use", () => {
    const store = createAuthStore(db);
    const t = mint();
    const start = store.generation();
    expect(store.generation()).toBe(start);

    store.touch(t.info.id, clock.now().getTime()); // recording a use changes nothing a credential holds
    expect(store.generation()).toBe(start);

    store.revoke(t.info.id, clock.now().getTime());
    const afterRevoke = store.generation();
    expect(afterRevoke).toBeGreaterThan(start);

    other.prepare('UPDATE accounts SET name = name').run(); // any commit by another connection
    expect(store.generation()).toBeGreaterThan(afterRevoke);
  });
});
