import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, shipmentBody } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';

/** The status of one request sent exactly as given: no client adding headers of its own. */
function rawStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('conditional reads as fetch clients send them, from outside over HTTP', () => {
  let s: Station;
  let token: string;

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('shop'), ['shipments.read', 'shipments.write'])).token;
    await a.close();
  });
  afterAll(() => s.stop());

  it('answers 304 to a repeated GET carrying the ETag, though fetch adds Cache-Control: no-cache to it', async () => {
    const created = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(created.status, created.text).toBe(201);
    const url = `${s.url}/shipments/${created.body.code}`;
    const auth = { authorization: `Bearer ${token}` };

    const first = await fetch(url, { headers: auth });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    // fetch sends `Cache-Control: no-cache` (and `Pragma: no-cache`) with every request that sets If-None-Match.
    const again = await fetch(url, { headers: { ...auth, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // The same, said outright: a request's no-cache is for caches on the way, the origin still compares the tag.
    const noCache = { ...auth, 'if-none-match': etag, 'cache-control': 'no-cache', pragma: 'no-cache' };
    expect(await rawStatus(url, noCache)).toBe(304);
    expect(await rawStatus(url, { ...noCache, 'if-none-match': 'W/"stale"' })).toBe(200);
  });

  it('gives /openapi.json and the JWKS an ETag, answers 304 to it (HEAD too), and a full answer once it differs', async () => {
    for (const path of ['/openapi.json', '/.well-known/jwks.json']) {
      const first = await fetch(s.url + path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      const again = await fetch(s.url + path, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      const head = await fetch(s.url + path, { method: 'HEAD', headers: { 'if-none-match': etag! } });
      expect(head.status, path).toBe(304);
      expect((await fetch(s.url + path, { headers: { 'if-none-match': 'W/"other"' } })).status, path).toBe(200);
    }
    // The keys may be kept five minutes by anyone (they are public); the tag saves the download after that.
    expect((await fetch(`${s.url}/.well-known/jwks.json`)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('refuses a query parameter on /openapi.json and the JWKS, naming it, as every operation does', async () => {
    for (const path of ['/openapi.json', '/.well-known/jwks.json']) {
      const r = await s.request('GET', `${path}?colour=red`);
      expect(r.status, path).toBe(400);
      expect(r.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect(r.body, path).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: '/colour', message: 'is not allowed', code: 'not_allowed' }],
      });
    }
  });
});
