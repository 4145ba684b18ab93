import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type Station } from '../helpers/station.js';

describe('credentials over HTTP (/v1/tokens)', () => {
  let s: Station;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    s = await startStation();
    const acme = await s.account('acme');
    const beta = await s.account('beta');
    admin = await s.token(acme, ['tokens.write', 'shipments.read', 'shipments.write'], ['--expires-in-days', '30']);
    other = await s.token(beta, ['tokens.write', 'shipments.read']);
  });
  afterAll(() => s.stop());

  it('creates a token shown once, lists it without its secret, and revokes it at once', async () => {
    const created = await s.request('POST', '/tokens', {
      token: admin,
      body: { name: 'store sync', permissions: ['shipments.read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^sspat_[0-9A-Za-z]{40}_[0-9A-Za-z]{6}$/);
    expect(created.body).toMatchObject({ name: 'store sync', permissions: ['shipments.read'], revoked_at: null });
    // Bound to the creator's lifetime: the admin token expires in 30 days, so does this one.
    expect(Date.parse(created.body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.parse(created.body.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    expect((await s.request('GET', '/shipments', { token: created.body.token })).status).toBe(200);

    const list = await s.request('GET', '/tokens', { token: admin });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.body.token);
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['test', 'store sync']);

    const revoked = await s.request('POST', `/tokens/${created.body.id}/revoke`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    const after = await s.request('GET', '/shipments', { token: created.body.token });
    expect(after.status).toBe(401);
  });

  it('never widens what the caller can do', async () => {
    const wider = await s.request('POST', '/tokens', {
      token: admin,
      body: { name: 'x', permissions: ['events.write'] },
    });
    expect(wider.status).toBe(403);
    expect(wider.body).toMatchObject({ code: 'forbidden', permission: 'events.write' });
    const longer = await s.request('POST', '/tokens', {
      token: admin,
      body: { name: 'x', permissions: ['shipments.read'], expires_in_days: 31 },
    });
    expect(longer.status).toBe(400);
    expect(longer.body.errors[0].path).toBe('/expires_in_days');
  });

  it("hides another account's tokens and needs tokens.write", async () => {
    const mine = await s.request('GET', '/tokens', { token: admin });
    const theirs = await s.request('POST', `/tokens/${mine.body[0].id}/revoke`, { token: other });
    expect(theirs.status).toBe(404);
    expect((await s.request('GET', '/tokens', { token: admin })).body[0].revoked_at).toBeNull();
    const reader = (
      await s.request('POST', '/tokens', { token: admin, body: { name: 'r', permissions: ['shipments.read'] } })
    ).body.token;
    const denied = await s.request('GET', '/tokens', { token: reader });
    expect(denied.status).toBe(403);
    expect(denied.body.permission).toBe('tokens.write');
  });

  it('rejects bad bodies naming the field', async () => {
    for (const [body, path] of [
      [{ name: '', permissions: ['shipments.read'] }, '/name'],
      [{ name: 'x', permissions: [] }, '/permissions'],
      [{ name: 'x', permissions: ['root'] }, '/permissions/0'],
      [{ name: 'x', permissions: ['shipments.read'], extra: 1 }, '/extra'],
    ] as const) {
      const r = await s.request('POST', '/tokens', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});
