import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { storeSql, storeTables } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { generateToken } from '../../core/features/auth/token-format.js';
import { ALL_PERMISSIONS, startInProcess, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment, expectProblem, packageBody, shipmentBody } from './fixtures.js';

/** Every endpoint of issue 2 with the permission it needs and a request that is valid for it, in an order that keeps each valid. */
function endpoints(code: string) {
  return [
    { method: 'GET', path: '/shipments', perm: 'shipments.read' },
    { method: 'POST', path: '/shipments', perm: 'shipments.write', body: shipmentBody() },
    { method: 'GET', path: `/shipments/${code}`, perm: 'shipments.read' },
    { method: 'POST', path: `/shipments/${code}/packages`, perm: 'shipments.write', body: packageBody() },
    { method: 'GET', path: `/shipments/${code}/events`, perm: 'events.read' },
    {
      method: 'POST',
      path: `/shipments/${code}/events`,
      perm: 'events.write',
      body: { status: 'TO_COLLECT', sub_status: 'CONFIRMED' },
    },
    // Last: a canceled shipment takes no packages or events.
    { method: 'POST', path: `/shipments/${code}/cancel`, perm: 'shipments.write' },
  ] as const;
}

describe('tokens and permissions over HTTP (station serve)', () => {
  let s: Station;
  let full: string;
  let other: string;
  const without: Record<string, string> = {};
  const only: Record<string, string> = {};
  let accountA: number;

  beforeAll(async () => {
    s = await startStation();
    // The CLI path of `account create` / `token create` is covered in test/cli; here the store is written directly.
    const a = await admin(s);
    try {
      accountA = await a.account('acme');
      const b = await a.account('globex');
      full = (await a.token(accountA, ALL_PERMISSIONS)).token;
      other = (await a.token(b, ALL_PERMISSIONS)).token;
      for (const p of ALL_PERMISSIONS) {
        without[p] = (
          await a.token(
            accountA,
            ALL_PERMISSIONS.filter((x) => x !== p),
          )
        ).token;
        only[p] = (await a.token(accountA, [p])).token;
      }
    } finally {
      await a.close();
    }
  });
  afterAll(() => s.stop());

  it('issues tokens that are random, prefixed and checksummed', () => {
    const all = [full, other, ...Object.values(without), ...Object.values(only)];
    for (const t of all) expect(t).toMatch(/^sspat_[0-9A-Za-z]{40}_[0-9A-Za-z]{6}$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it('answers 401 with WWW-Authenticate: Bearer to a missing, malformed or unknown token, on every endpoint', async () => {
    const target = await createShipment(s, full);
    const forged = generateToken(); // well-formed, never issued
    const typo = full.slice(0, -1) + (full.endsWith('A') ? 'B' : 'A');
    const headers: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: `Token ${full}` },
      { authorization: 'Bearer sspat_short' },
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${typo}` },
      { authorization: `Bearer ${full} extra` },
    ];
    for (const e of endpoints(target.code))
      for (const h of headers) {
        const r = await s.request(e.method, e.path, { headers: h, ...('body' in e ? { body: e.body } : {}) });
        expectProblem(r, 401, 'unauthenticated');
        expect(r.headers.get('www-authenticate')).toBe('Bearer');
      }
  });

  it('checks the token before the body: no token and a broken body is still 401', async () => {
    const r = await s.request('POST', '/shipments', {
      rawBody: '{broken',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(r, 401, 'unauthenticated');
  });

  it('answers 403 naming the missing permission, and serves a token holding just that permission', async () => {
    const target = await createShipment(s, full);
    for (const e of endpoints(target.code)) {
      const body = 'body' in e ? { body: e.body } : {};
      const denied = await s.request(e.method, e.path, { token: without[e.perm]!, ...body });
      const p = expectProblem(denied, 403, 'forbidden');
      expect(p.permission).toBe(e.perm);
      expect(p.detail).toContain(e.perm);

      const allowed = await s.request(e.method, e.path, { token: only[e.perm]!, ...body });
      expect(allowed.status, `${e.method} ${e.path}: ${allowed.text}`).toBeLessThan(300);
    }
  });

  it("treats another account's shipment as nonexistent (404) on every endpoint, by id and by code, and leaves it unchanged", async () => {
    const a = await createShipment(s, full);
    for (const key of [String(a.id), a.code, a.code.toLowerCase()])
      for (const e of endpoints(key).filter((x) => x.path !== '/shipments')) {
        const r = await s.request(e.method, e.path, { token: other, ...('body' in e ? { body: e.body } : {}) });
        const p = expectProblem(r, 404, 'not_found');
        expect(p.detail).not.toContain('acme');
      }
    const after = await s.request('GET', `/shipments/${a.id}`, { token: full });
    expect(after.body).toEqual(a);
    const events = await s.request('GET', `/shipments/${a.id}/events`, { token: full });
    expect(events.body).toHaveLength(1);
  });

  it("never lists another account's shipments, and lets each account use the same ref", async () => {
    const a = await createShipment(s, full, { ref: 'SHARED-REF-1' });
    const b = await createShipment(s, other, { ref: 'SHARED-REF-1' });
    expect(b.id).not.toBe(a.id);
    for (const q of [`q=${a.code}`, `code=${a.code}`, 'q=SHARED']) {
      const r = await s.request('GET', `/shipments?${q}`, { token: other });
      expect(r.status).toBe(200);
      expect(r.body.data.map((x: { id: number }) => x.id)).not.toContain(a.id);
    }
    const all = await s.request('GET', '/shipments?size=100', { token: other });
    expect(all.body.data.every((x: { id: number }) => x.id !== a.id)).toBe(true);
  });

  it('stores only a hash of each token: no token text anywhere in the database files', async () => {
    const file = join(s.dataDir, 'station.db');
    const rows = await storeSql<{ prefix: string; hash: Buffer }>(s, 'SELECT prefix, hash FROM tokens');
    const hashes = rows.map((r) => r.hash.toString('hex'));
    expect(hashes).toContain(createHash('sha256').update(full).digest('hex'));
    for (const r of rows) expect(r.prefix).toMatch(/^sspat_[0-9A-Za-z]{6}$/);
    // Every column of every table: no secret part of any token.
    const dump: string[] = [];
    for (const t of await storeTables(s)) dump.push(JSON.stringify(await storeSql(s, `SELECT * FROM "${t}"`)));
    for (const t of [full, other]) expect(dump.join('\n')).not.toContain(t.slice(12, 46));
    // On SQLite, the files themselves (PostgreSQL's are the server's).
    for (const f of [file, `${file}-wal`].filter(existsSync)) {
      const bytes = readFileSync(f).toString('latin1');
      for (const t of [full, other]) expect(bytes).not.toContain(t.slice(12, 46));
    }
  });

  it('revokes a token at once with `station token revoke`', async () => {
    const a = await admin(s);
    const { token: t, info } = await a.token('acme', ['shipments.read'], { name: 'to-revoke' });
    await a.close();
    expect((await s.request('GET', '/shipments', { token: t })).status).toBe(200);
    const revoked = await s.cli(['token', 'revoke', String(info.id), '--account', 'acme']);
    expect(revoked.code).toBe(0);
    const r = await s.request('GET', '/shipments', { token: t });
    expectProblem(r, 401, 'unauthenticated');
    expect(r.body.detail).toMatch(/revoked/);
    // Other tokens of the account keep working.
    expect((await s.request('GET', '/shipments', { token: full })).status).toBe(200);
  });

  it("refuses to revoke a token through another account's name", async () => {
    const a = await admin(s);
    const id = (await a.tokens('acme'))[0]!.id;
    await a.close();
    const r = await s.cli(['token', 'revoke', String(id), '--account', 'globex']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/not found/);
    expect((await s.request('GET', '/shipments', { token: full })).status).toBe(200);
  });
});

describe('token expiry, last use and rate limit (in-process, clock steered)', () => {
  const clock = fixedClock(new Date());
  let s: Station;
  beforeAll(async () => {
    s = await startInProcess({ clock, rateLimitPerMinute: 5 });
    const a = await admin(s);
    await a.account('initech');
    await a.close();
  });
  afterAll(() => s.stop());

  it('accepts a token until its expiry (--expires-in-days) has passed, then answers 401', async () => {
    // The expiry is written at creation from the system clock (the flag itself is tested in test/cli).
    const a = await admin(s);
    const t = (await a.token('initech', ['shipments.read'], { expiresInDays: 1 })).token;
    await a.close();
    expect((await s.request('GET', '/shipments', { token: t })).status).toBe(200);
    clock.advance(86_400_000 + 60_000);
    const r = await s.request('GET', '/shipments', { token: t });
    expectProblem(r, 401, 'unauthenticated');
    expect(r.body.detail).toMatch(/expired/);
  });

  it('records when a token was last used, and lists tokens without their secret', async () => {
    const a = await admin(s);
    const { token: t, info } = await a.token('initech', ['shipments.read'], { name: 'usage' });
    expect((await a.tokens('initech')).find((x) => x.id === info.id)!.last_used_at).toBeNull();
    await s.request('GET', '/shipments', { token: t });
    expect((await a.tokens('initech')).find((x) => x.id === info.id)!.last_used_at).toBe(clock.now().toISOString());
    await a.close();
    const list = await s.cli(['token', 'list', '--account', 'initech']);
    const line = list.stdout.split('\n').find((l) => l.split('\t')[2] === 'usage')!;
    expect(line).toContain(clock.now().toISOString());
    expect(list.stdout).not.toContain(t.slice(12));
  });

  it('answers 429 with Retry-After past the per-token rate, and serves again once it has passed', async () => {
    const a = await admin(s);
    const t = (await a.token('initech', ['shipments.read'])).token;
    const fresh = (await a.token('initech', ['shipments.read'])).token;
    await a.close();
    for (let i = 0; i < 5; i++) expect((await s.request('GET', '/shipments', { token: t })).status).toBe(200);
    const r = await s.request('GET', '/shipments', { token: t });
    expectProblem(r, 429, 'rate_limited');
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    // The limit is per token: another token of the same account is unaffected.
    expect((await s.request('GET', '/shipments', { token: fresh })).status).toBe(200);
    clock.advance(retry * 1000);
    expect((await s.request('GET', '/shipments', { token: t })).status).toBe(200);
  });
});
