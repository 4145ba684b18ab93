import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../core/app/api.js';
import { ApiError } from '../../core/shared/client/index.js';
import { operations } from '../../core/app/operation-table.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';

/**
 * One table: every spec has one handler, its route, its place in the OpenAPI document and its typed client call;
 * links in answers come from the address the service listens on (or a configured public url), never from Host.
 */
describe('the operation table is the one door', () => {
  it('binds every spec to exactly one handler, and gives each route to one operation', () => {
    expect(operations.map((o) => o.name).sort()).toEqual(Object.keys(api).sort());
    const routes = operations.filter((o) => o.http).map((o) => `${o.http!.method} ${o.http!.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    // Owner-only operations are never reachable with a token.
    for (const o of operations) expect(o.http === null, o.name).toBe(o.permission === 'owner');
  });

  describe('over HTTP', () => {
    let s: Station;
    let token: string;
    beforeAll(async () => {
      s = await startStation();
      token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write', 'events.read']);
    });
    afterAll(() => s.stop());

    it('documents exactly the operations that have a route, under their names', async () => {
      const doc = (await s.request('GET', '/openapi.json')).body as {
        paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
      };
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          // The token-free routes (JWKS, PDF downloads) are documented too but are not operations, and each read's
          // HEAD is documented beside it.
          .filter(
            ([method, o]) =>
              o.operationId && method !== 'head' && !(Array.isArray(o.security) && o.security.length === 0),
          )
          .map(([method, o]) => `${o.operationId} ${method.toUpperCase()} ${path}`),
      );
      const expected = operations
        .filter((o) => o.http)
        .map((o) => `${o.name} ${o.http!.method} ${o.http!.path.replace(/:(\w+)/g, '{$1}')}`);
      expect(documented.sort()).toEqual(expected.sort());
    });

    it('answers the typed client with the output types, and refuses with problems it can read', async () => {
      const client = s.client(token);
      const created = await client.call('shipments.create', { body: shipmentBody({ ref: 'DOOR-1' }) as never });
      expect(created.status).toBe('TO_COLLECT');
      expect((await client.call('shipments.get', { params: { id: created.code } })).ref).toBe('DOOR-1');
      expect((await client.call('shipments.search', { query: { q: 'DOOR-1' } })).items).toBe(1);
      const refused = await client
        .call('shipments.create', { body: shipmentBody({ ref: 'DOOR-1' }) as never })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).problem).toMatchObject({ status: 409, code: 'duplicate_ref' });
      await expect(s.client('sspat_nope').call('shipments.search')).rejects.toMatchObject({ problem: { status: 401 } });
    });

    it('builds label links from the address it listens on, whatever Host the client sends', async () => {
      const { code } = await s
        .client(token)
        .call('shipments.create', { body: shipmentBody({ ref: 'DOOR-2' }) as never });
      // node:http, because fetch may not send a Host of the caller's choosing.
      const body = await new Promise<string>((resolve, reject) => {
        const req = request(
          `${s.url}/labels?code=${code}`,
          { headers: { authorization: `Bearer ${token}`, host: 'evil.example' } },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.end();
      });
      const { url } = JSON.parse(body) as { url: string };
      expect(url.startsWith(`${s.url}/labels/files/`)).toBe(true);
      expect((await fetch(url)).headers.get('content-type')).toBe('application/pdf');
    });
  });

  it('uses the configured public url for links when there is one', async () => {
    const s = await startStation({ args: ['--public-url', 'https://desk-7.example/v1/'] });
    try {
      const token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
      const { code } = await s.client(token).call('shipments.create', { body: shipmentBody() as never });
      const { url } = await s.client(token).call('labels.get', { query: { code } });
      expect(url).toMatch(/^https:\/\/desk-7\.example\/v1\/labels\/files\/[A-Za-z0-9_-]{43}\.pdf$/);
    } finally {
      await s.stop();
    }
  });
});
