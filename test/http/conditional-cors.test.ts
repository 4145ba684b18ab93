import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsOrigins } from '../../core/adapters/http/cors.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request exactly as given (no client adding or decoding an encoding), and the bytes that came back. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SHOP = 'https://shop.example.com';
const ADMIN = 'http://127.0.0.1:5173';

describe('conditional reads and CORS, from outside over HTTP', () => {
  let s: Station;
  let token: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    raw(s.url, method, path, { authorization: `Bearer ${token}`, ...headers });

  beforeAll(async () => {
    s = await startStation({ env: { STATION_CORS_ORIGINS: `${SHOP}, ${ADMIN}/` } });
    token = await s.token(await s.account('shop'), [
      'shipments.read',
      'shipments.write',
      'events.read',
      'events.write',
    ]);
  });
  afterAll(() => s.stop());

  async function created(): Promise<{ id: number; code: string }> {
    const r = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(r.status, r.text).toBe(201);
    return r.body;
  }

  it('a shipment answers with a weak ETag, and 304 without a body while the client holds it, until it changes', async () => {
    const sh = await created();
    const first = await get(`/shipments/${sh.code}`, { 'accept-encoding': 'identity' });
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The same data compressed is the same weak tag: the validator is of the data, not of the bytes.
    const zipped = await get(`/shipments/${sh.code}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(etag);
    // By id or by code, the same shipment is the same data.
    expect((await get(`/shipments/${sh.id}`)).headers.etag).toBe(etag);

    for (const held of [etag, `"other", ${etag}`, etag.slice(2), '*']) {
      const again = await get(`/shipments/${sh.code}`, { 'if-none-match': held });
      expect(again.status, held).toBe(304);
      expect(again.body.length, held).toBe(0);
      expect(again.headers.etag, held).toBe(etag);
    }
    expect((await get(`/shipments/${sh.code}`, { 'if-none-match': 'W/"stale"' })).status).toBe(200);
    const head = await get(`/shipments/${sh.code}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body.length).toBe(0);
    expect((await get(`/shipments/${sh.code}`, { 'if-none-match': etag }, 'HEAD')).status).toBe(304);

    const moved = await s.request('POST', `/shipments/${sh.code}/events`, { token, body: { status: 'COLLECTED' } });
    expect(moved.status).toBe(201);
    const changed = await get(`/shipments/${sh.code}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString()).status).toBe('COLLECTED');
  });

  it('sends a page of shipments compressed in one piece, with its length, in the encoding the client accepts', async () => {
    for (let i = 0; i < 20; i++) await created();
    const plain = await get('/shipments?size=20', { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(8192);
    for (const encoding of ['gzip', 'br']) {
      const page = await get('/shipments?size=20', { 'accept-encoding': encoding });
      expect(page.headers['content-encoding']).toBe(encoding);
      // Compressed in one call, its size known: no chunks (a zlib stream cost the service more than the compression).
      expect(page.headers['transfer-encoding']).toBeUndefined();
      expect(Number(page.headers['content-length'])).toBe(page.body.length);
      const inflated = encoding === 'gzip' ? gunzipSync(page.body) : brotliDecompressSync(page.body);
      expect(JSON.parse(inflated.toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });

  it('so do its events and its label reads', async () => {
    const sh = await created();
    const events = await get(`/shipments/${sh.code}/events`);
    const tag = String(events.headers.etag);
    expect((await get(`/shipments/${sh.code}/events`, { 'if-none-match': tag })).status).toBe(304);
    await s.request('POST', `/shipments/${sh.code}/events`, { token, body: { status: 'COLLECTED' } });
    expect((await get(`/shipments/${sh.code}/events`, { 'if-none-match': tag })).status).toBe(200);

    for (const path of [`/labels/qr?code=${sh.code}`, `/labels/preview?code=${sh.code}`, `/labels?code=${sh.code}`]) {
      const read = await get(path);
      expect(read.status, path).toBe(200);
      expect(read.headers.etag, path).toMatch(/^W\//);
      expect((await get(path, { 'if-none-match': String(read.headers.etag) })).status, path).toBe(304);
    }
    // A write never answers 304, whatever the client sends.
    const cancel = await raw(s.url, 'POST', `/shipments/${sh.code}/cancel`, {
      authorization: `Bearer ${token}`,
      'if-none-match': '*',
    });
    expect(cancel.status).not.toBe(304);
    expect(cancel.headers.etag).toBeUndefined();
  });

  it('answers the preflight of a listed origin and gives its pages what they read; no other origin gets anything', async () => {
    const preflight = await raw(s.url, 'OPTIONS', '/shipments', {
      origin: SHOP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']),
    );
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toMatch(
      /authorization.*content-type.*if-none-match/,
    );
    expect(preflight.headers['access-control-max-age']).toBe('600');
    // Bearer tokens, not cookies: credentials are never allowed.
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const read = await get('/shipments', { origin: ADMIN });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(ADMIN);
    expect(String(read.headers.vary)).toMatch(/Origin/i);
    expect(String(read.headers['access-control-expose-headers'])).toMatch(/ETag.*Location.*RateLimit/);
    // A refusal reaches the page too, so that it can read the problem.
    const refused = await raw(s.url, 'GET', '/shipments', { origin: SHOP });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(SHOP);

    const evil = 'https://evil.example';
    expect((await get('/shipments', { origin: evil })).headers['access-control-allow-origin']).toBeUndefined();
    const theirs = await raw(s.url, 'OPTIONS', '/shipments', { origin: evil, 'access-control-request-method': 'GET' });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lists no origin by default, and refuses to start with an entry that is not an origin', async () => {
    const plain = await startStation();
    try {
      const t = await plain.token(await plain.account('shop'), ['shipments.read']);
      const r = await raw(plain.url, 'GET', '/shipments', { authorization: `Bearer ${t}`, origin: SHOP });
      expect(r.status).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      // Without CORS, OPTIONS is a method the path does not take.
      const options = await raw(plain.url, 'OPTIONS', '/shipments', {
        origin: SHOP,
        'access-control-request-method': 'GET',
      });
      expect(options.status).toBe(405);
      expect(options.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.stop();
    }
    await expect(startStation({ env: { STATION_CORS_ORIGINS: `${SHOP}/admin` } })).rejects.toThrow(
      /STATION_CORS_ORIGINS: https:\/\/shop\.example\.com\/admin is not an origin/,
    );
    expect(corsOrigins(' https://Shop.Example.com:443/ ,, http://localhost:5173')).toEqual([
      SHOP,
      'http://localhost:5173',
    ]);
    expect(corsOrigins(undefined)).toEqual([]);
    expect(() => corsOrigins('*')).toThrow(/\* is not an origin/);
    // Two stations started one after the other (and one refused): past 30 s on a loaded machine.
  }, 90_000);
});
