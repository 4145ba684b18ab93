import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeSql } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';
import { openDb, STORE_VERSION } from '../../core/engines/sqlite/db.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { admin } from '../helpers/fixtures.js';
import { expectProblem } from './fixtures.js';

const ALL = ['rates.read', 'shipments.read', 'shipments.write', 'events.read', 'events.write', 'tokens.write'];
const DAY = 86_400_000;

describe('minted tokens end with their maker (in-process, clock steered)', () => {
  // Now: the admin helper writes expiries from the system clock.
  const clock = fixedClock(new Date());
  let s: Station;
  beforeAll(async () => {
    s = await startInProcess({ clock });
  });
  afterAll(() => s.stop());

  const mint = async (maker: string, permissions: string[], extra: Record<string, unknown> = {}) => {
    const r = await s.request('POST', '/tokens', { token: maker, body: { name: 'minted', permissions, ...extra } });
    expect(r.status, r.text).toBe(201);
    return r.body as { id: number; token: string; made_by: number | null };
  };
  const works = async (token: string) => (await s.request('GET', '/shipments', { token })).status;

  it('revoking a maker ends every token it made, transitively, and lists them revoked', async () => {
    const a = await admin(s);
    await a.account('acme');
    const root = await a.token('acme', ALL);
    await a.close();
    const child = await mint(root.token, ALL);
    const grandchild = await mint(child.token, ['shipments.read']);
    const sibling = await mint(root.token, ['shipments.read']);
    expect(child.made_by).toBe(root.info.id);
    expect(grandchild.made_by).toBe(child.id);

    const r = await s.request('POST', `/tokens/${child.id}/revoke`, { token: root.token });
    expect(r.status).toBe(200);
    expect(await works(child.token)).toBe(401);
    expect(await works(grandchild.token)).toBe(401);
    expect(await works(sibling.token)).toBe(200);
    const list = (await s.request('GET', '/tokens', { token: root.token })).body as Array<{
      id: number;
      revoked_at: string | null;
    }>;
    expect(list.find((t) => t.id === grandchild.id)!.revoked_at).not.toBeNull();

    // A revocation made behind the service's back (another tool on the store) still ends the tokens made below it.
    await storeSql(s, 'UPDATE tokens SET revoked_at = ? WHERE id = ?', [clock.now().getTime(), root.info.id]);
    expect(await works(sibling.token)).toBe(401);
  });

  it("a maker's expiry ends the tokens it made, even one whose own expiry is later", async () => {
    const a = await admin(s);
    await a.account('globex');
    const root = await a.token('globex', ALL, { expiresInDays: 2 });
    await a.close();
    const child = await mint(root.token, ALL);
    const grandchild = await mint(child.token, ['shipments.read']);
    expect(await works(grandchild.token)).toBe(200);
    // Stretch the child's own expiry in the store: the walk up its makers still ends it with the root.
    await storeSql(s, 'UPDATE tokens SET expires_at = NULL WHERE id IN (?, ?)', [child.id, grandchild.id]);
    clock.set(new Date(Date.now() + 2 * DAY + 60_000));
    const r = await s.request('GET', '/shipments', { token: grandchild.token });
    expectProblem(r, 401, 'unauthenticated');
    expect(r.body.detail).toMatch(/expired/);
  });

  it('a token may revoke only tokens whose permissions it holds', async () => {
    const a = await admin(s);
    await a.account('initech');
    const all = await a.token('initech', ALL);
    const narrow = await a.token('initech', ['tokens.write', 'shipments.read']);
    await a.close();
    const r = await s.request('POST', `/tokens/${all.info.id}/revoke`, { token: narrow.token });
    const p = expectProblem(r, 403, 'forbidden');
    expect(p.detail).toMatch(/shipments\.write/);
    expect(await works(all.token)).toBe(200);
    // Within its own permissions it may.
    const peer = await mint(all.token, ['shipments.read']);
    expect((await s.request('POST', `/tokens/${peer.id}/revoke`, { token: narrow.token })).status).toBe(200);
    expect(await works(peer.token)).toBe(401);
  });
});

describe('migration 008 (token makers)', () => {
  it('upgrades a version-6 store in place: existing tokens keep working and have no maker', () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-'));
    try {
      const file = join(dir, 'station.db');
      openDb(
        file,
        migrations.filter((m) => m.version <= 6),
      ).close();
      const db = new Database(file);
      db.prepare("INSERT INTO accounts (name, created_at) VALUES ('old', 1)").run();
      db.prepare(
        "INSERT INTO tokens (account_id, name, prefix, hash, permissions, created_at) VALUES (1, 't', 'p', x'00', 'shipments.read', 1)",
      ).run();
      db.close();
      const up = openDb(file);
      expect(up.pragma('user_version', { simple: true })).toBe(STORE_VERSION);
      expect(up.prepare('SELECT name, parent_id FROM tokens').all()).toEqual([{ name: 't', parent_id: null }]);
      up.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
