import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type Station } from '../helpers/station.js';

describe('station serve (own process)', () => {
  let s: Station;
  let token: string;
  beforeAll(async () => {
    s = await startStation();
    const id = await s.account('acme');
    token = await s.token(id, ['shipments.read']);
  });
  afterAll(() => s.stop());

  it('prints the base url and answers with a page envelope', async () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const r = await s.request('GET', '/shipments', { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: [], pages: 0, items: 0, last: true });
  });

  it('serves its OpenAPI 3.1 description without a token', async () => {
    const r = await s.request('GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.paths)).toContain('/shipments/{id}/cancel');
  });
});
