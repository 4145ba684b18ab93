import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { buildServer } from '../../core/adapters/http/server.js';
import { ALL_PERMISSIONS, startInProcess, startStation, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';
import { PERMISSIONS } from '../../core/shared/schemas/codes.js';
import { createShipment, expectProblem, packageBody, shipmentBody } from './fixtures.js';

/** Sends raw bytes on a fresh connection and returns what came back, as a parsed HTTP/1.1 answer. */
function raw(s: Station, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(port), hostname);
    let data = '';
    sock.on('data', (d) => (data += d.toString('latin1')));
    sock.on('error', reject);
    sock.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Not end(): a half-closed socket may be torn down before a streamed (compressed) answer is written.
    sock.write(bytes);
  });
}

function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

describe('every layer answers with problem details (in-process station, real sockets)', () => {
  let s: Station;
  let token: string;
  let shipment: { id: number; code: string };
  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'acme', PERMISSIONS)).token;
    shipment = (await createShipment(s, token)) as never;
  });
  afterAll(() => s.stop());

  it('refuses a body nested thousands deep with 400 naming the field, on every endpoint with a body', async () => {
    const deep = nested(4000);
    const targets: Array<[string, unknown]> = [
      ['/shipments', shipmentBody({ notes: deep })],
      [`/shipments/${shipment.id}/packages`, packageBody({ content: deep })],
      [`/shipments/${shipment.id}/events`, { status: 'COLLECTED', receiver: deep }],
      ['/tokens', { name: 'x', permissions: ['shipments.read'], extra: deep }],
      ['/manifests', { codes: [deep] }],
      ['/print-jobs', { codes: [shipment.code], options: deep }],
      ['/printers', { name: 'p', extra: deep }],
    ];
    for (const [path, body] of targets) {
      const r = await s.request('POST', path, { token, body });
      const p = expectProblem(r, 400, 'validation_failed');
      expect(p.errors[0].message, path).toMatch(/nests deeper than 32 levels/);
    }
    // Just under the limit is an ordinary schema error, not the depth rule.
    const r = await s.request('POST', '/shipments', { token, body: shipmentBody({ notes: nested(30) }) });
    expect(expectProblem(r, 400, 'validation_failed').errors[0].message).not.toMatch(/deeper/);
  });

  it('answers a header block over 64 KiB with 431 problem details, and takes the documented longest label url', async () => {
    const r = await raw(s, `GET /v1/shipments HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70 * 1024)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(r.body)).toMatchObject({ status: 431, code: 'headers_too_large' });
    // 500 codes of 32 characters, comma-separated (~17 kB): over Node's default 16 KiB, under ours.
    const codes = Array.from({ length: 500 }, (_, i) => `Z${String(i).padStart(31, '0')}`).join(',');
    const long = await s.request('GET', `/labels?code=${encodeURIComponent(codes)}`, { token });
    expect(long.status).not.toBe(431);
    expectProblem(long, 404, 'not_found');
  });

  it('answers a malformed request line and a missing Host with 400 problem details', async () => {
    const bad = await raw(s, 'GET /v1/shipments HTTP/1.1 junk\r\nHost: x\r\n\r\n');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(bad.body)).toMatchObject({ code: 'malformed_request' });
    const noHost = await raw(
      s,
      `GET /v1/shipments HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect(noHost.status).toBe(400);
    expect(noHost.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(noHost.body)).toMatchObject({ code: 'malformed_request', detail: expect.stringMatching(/Host/) });
  });

  it('answers a wrong method on a known path with 405 and Allow, an unknown path with 404', async () => {
    const r = await s.request('DELETE', '/shipments', { token });
    expectProblem(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
    const one = await s.request('PUT', `/shipments/${shipment.id}`, { token });
    expectProblem(one, 405, 'method_not_allowed');
    expect(one.headers.get('allow')).toBe('GET, HEAD, PATCH');
    expectProblem(await s.request('GET', '/nowhere/at/all', { token }), 404, 'not_found');
    // With the desk UI served at / (GET on any path), a file it lacks is not found, not a wrong method.
    const ui = mkdtempSync(join(tmpdir(), 'station-ui-'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html>');
    const app = await buildServer(s.core!, { rendererDir: ui, rateLimitPerMinute: 0 });
    try {
      for (const [method, url] of [
        ['GET', '/no-such-file.js'],
        ['GET', '/v1/'],
        ['POST', '/v1/cancel'],
        ['DELETE', '/index.html'],
      ] as const) {
        const r = await app.inject({ method, url });
        expect(r.statusCode, url).toBe(404);
        expect(r.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      }
      expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(ui, { recursive: true, force: true });
    }
  });

  it('points each 201 at the created resource with Location', async () => {
    const r = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`/v1/shipments/${r.body.id}`);
    const again = await s.request('GET', r.headers.get('location')!.replace(/^\/v1/, ''), { token });
    expect(again.body.code).toBe(r.body.code);
    const t = await s.request('POST', '/tokens', { token, body: { name: 'loc', permissions: ['shipments.read'] } });
    expect(t.headers.get('location')).toBe(`/v1/tokens/${t.body.id}`);
    expect((await s.request('GET', `/tokens/${t.body.id}`, { token })).body.name).toBe('loc');
  });

  it('compresses answers when the client accepts it, and not otherwise', async () => {
    const plain = await raw(
      s,
      `GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '')).openapi).toBe(
      '3.1.0',
    );
    // fetch inflates transparently; the raw gzip answer must inflate to the same document.
    const zipped = await raw(
      s,
      'GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n',
    );
    expect(zipped.headers['content-encoding']).toBe('gzip');
    let body = Buffer.from(zipped.body, 'latin1');
    if (zipped.headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (let at = 0; ;) {
        const eol = body.indexOf('\r\n', at);
        const size = parseInt(body.subarray(at, eol).toString(), 16);
        if (!size) break;
        parts.push(body.subarray(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    }
    expect(JSON.parse(gunzipSync(body).toString()).openapi).toBe('3.1.0');
  });
});

describe('rate-limit headers (IETF draft) on every answer', () => {
  const clock = fixedClock(new Date('2026-03-02T12:00:00Z'));
  let s: Station;
  beforeAll(async () => {
    s = await startInProcess({ clock, rateLimitPerMinute: 3 });
  });
  afterAll(() => s.stop());

  it('tells each caller its policy and what is left, and sends Retry-After with 429', async () => {
    const { token } = await directAccount(s, 'acme', ALL_PERMISSIONS);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await s.request('GET', '/shipments', { token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    for (const a of answers) expect(a.headers.get('ratelimit-policy')).toBe('"per-token";q=3;w=60');
    expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual([
      '"per-token";r=2;t=20',
      '"per-token";r=1;t=40',
      '"per-token";r=0;t=60',
      '"per-token";r=0;t=20',
    ]);
    expect(answers[3]!.headers.get('retry-after')).toBe('20');
    // Answers without a valid token (401, 404, the JWKS) are counted per address and carry the fields too.
    for (const r of [
      await s.request('GET', '/shipments', { token: 'sspat_nope' }),
      await s.request('GET', '/nowhere'),
      await s.request('GET', '/.well-known/jwks.json'),
    ]) {
      expect(r.headers.get('ratelimit-policy')).toBe('"per-token";q=3;w=60');
      expect(r.headers.get('ratelimit')).toMatch(/^"per-token";r=\d+;t=\d+$/);
    }
    // The fourth anonymous request from the address is over the rate as well.
    expectProblem(await s.request('GET', '/.well-known/jwks.json'), 429, 'rate_limited');
  });
});

/** Issue 18: the desk at `/` had its policy in a meta tag only, which cannot forbid framing. */
describe('the desk served at /', () => {
  let s: Station;
  beforeAll(async () => {
    s = await startStation();
  });
  afterAll(() => s.stop());

  it('answers with its Content-Security-Policy as a header, with frame-ancestors, and X-Frame-Options', async () => {
    for (const path of ['/', '/index.html']) {
      const r = await fetch(s.url.replace(/\/v1$/, path));
      expect(r.status).toBe(200);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      // The header says what the page's own meta tag says, and more.
      const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(await r.text())?.[1];
      expect(csp.startsWith(meta!)).toBe(true);
    }
  });
});
