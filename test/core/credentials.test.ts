import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthService, type AuthService } from '../../core/features/auth/service.js';
import { fixedClock } from '../../core/platform/clock.js';
import { openSqliteEngine, type SqliteEngine } from '../../core/engines/sqlite/index.js';

const DAY = 86_400_000;

/**
 * Authentication keeps the credentials of tokens in use (core/features/auth/credentials.ts). These check that it never
 * answers from a stale picture: a change made through this connection or by another process counts at the very
 * next request, and expiry is a matter of the current time.
 */
describe('remembered credentials', async () => {
  let dir: string;
  let engine: SqliteEngine;
  let other: SqliteEngine;
  let auth: AuthService;
  /** The same store, as `station token revoke` in another process sees it. */
  let otherAuth: AuthService;
  const clock = fixedClock('2026-03-02T10:00:00Z');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'credentials-'));
    engine = openSqliteEngine(dir, { clock, env: {} });
    other = openSqliteEngine(dir, { clock, env: {} });
    auth = createAuthService(engine, clock);
    otherAuth = createAuthService(other, clock);
    await auth.createAccount('acme');
  });
  afterEach(async () => {
    await other.close();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const mint = (opts: { madeBy?: number; expiresInDays?: number } = {}) =>
    auth.createToken({ account: 'acme', name: 'desk', permissions: ['shipments.read'], ...opts });
  const use = (token: string) => auth.authenticate(`Bearer ${token}`);

  it('refuses a token that another process revoked, at its next use, though it was just used', async () => {
    const t = await mint();
    expect((await use(t.token)).tokenId).toBe(t.info.id);
    expect((await use(t.token)).tokenId).toBe(t.info.id);
    await otherAuth.revokeToken(t.info.account, t.info.id);
    await expect(use(t.token)).rejects.toThrow('token revoked');
  });

  it('refuses a made token once another process revokes its maker', async () => {
    const maker = await mint();
    const made = await mint({ madeBy: maker.info.id });
    expect((await use(made.token)).tokenId).toBe(made.info.id);
    await otherAuth.revokeToken(maker.info.account, maker.info.id);
    await expect(use(made.token)).rejects.toThrow('token revoked');
  });

  it('refuses a token revoked through this connection at once', async () => {
    const t = await mint();
    expect((await use(t.token)).permissions.has('shipments.read')).toBe(true);
    await auth.revokeToken(t.info.account, t.info.id);
    await expect(use(t.token)).rejects.toThrow('token revoked');
  });

  it('refuses a token revoked through another service on this connection', async () => {
    const t = await mint();
    expect((await use(t.token)).tokenId).toBe(t.info.id);
    // SQLite's data_version does not move for a connection's own commits: the token writes are counted per connection.
    await createAuthService(engine, clock).revokeToken(t.info.account, t.info.id);
    await expect(use(t.token)).rejects.toThrow('token revoked');
  });

  it('accepts a token another process made, at its first use', async () => {
    expect((await use((await mint()).token)).owner).toBe(false); // something is remembered already
    const t = await otherAuth.createToken({ account: 'acme', name: 'script', permissions: ['shipments.write'] });
    expect([...(await use(t.token)).permissions]).toEqual(['shipments.write']);
  });

  it('checks expiry against the time of each request', async () => {
    const t = await mint({ expiresInDays: 1 });
    expect((await use(t.token)).tokenId).toBe(t.info.id);
    clock.advance(DAY);
    await expect(use(t.token)).rejects.toThrow('token expired');
  });

  it("moves the store's generation with token writes here and commits elsewhere, not with a token's use", async () => {
    const store = engine.stores.auth;
    const t = await mint();
    const start = await store.generation();
    expect(await store.generation()).toBe(start);

    await engine.transaction((tx) => tx.auth.touch(t.info.id, clock.now().getTime())); // recording a use changes nothing a credential holds
    expect(await store.generation()).toBe(start);

    await engine.transaction((tx) => tx.auth.revoke(t.info.id, clock.now().getTime()));
    const afterRevoke = await store.generation();
    expect(afterRevoke).toBeGreaterThan(start);

    other.db.prepare('UPDATE accounts SET name = name').run(); // any commit by another connection
    expect(await store.generation()).toBeGreaterThan(afterRevoke);
  });
});
