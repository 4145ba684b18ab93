import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, station, type Station } from '../helpers/station.js';
import { encode, someOrders, woocommerce } from './exports.js';

/**
 * Issue 29, item 8: a WooCommerce export has no weight column unless the shop adds one; with a preset that has no
 * weight either, each order becomes a shipment whose weight is unknown (null), weighed at the bench before its label.
 */
describe('orders imported without a weight', () => {
  let s: Station;
  let token: string;
  const post = (body: Record<string, unknown>) => s.request('POST', '/shipments/import', { token, body });
  const woo = (prefix: string) => ({
    text: encode(woocommerce(someOrders(prefix, 2)), 'utf-8').toString('base64'),
    encoding: 'base64',
    format: 'csv',
  });
  const byRef = async (ref: string) =>
    (await s.request('GET', `/scan?value=${encodeURIComponent(ref)}`, { token })).body.shipment;

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'tienda', ['shipments.read', 'shipments.write'])).token;
    for (const body of [
      { name: 'Caja sin peso', key: 's', length: 30, width: 20, height: 10 },
      { name: 'Caja pesada', key: 'p', length: 30, width: 20, height: 10, weight: 2.5 },
    ])
      expect((await s.request('POST', '/presets', { token, body })).status).toBe(201);
  });
  afterAll(() => s.stop());

  it('are imported with weight null; the same file again skips every order rather than refusing it', async () => {
    const first = await post({ ...woo('NOW-'), preset: 's' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.created.map((c: { ref: string }) => c.ref)).toEqual(['NOW-1001', 'NOW-1002']);
    expect(first.body.preview[0].dimensions).toEqual({ length: 30, width: 20, height: 10, weight: null });
    expect((await byRef('NOW-1001')).dimensions).toEqual({ length: 30, width: 20, height: 10, weight: null });

    const again = await post({ ...woo('NOW-'), preset: 's' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.created).toEqual([]);
    expect(again.body.skipped.map((x: { ref: string }) => x.ref)).toEqual(['NOW-1001', 'NOW-1002']);
  });

  it("take the preset's weight when it has one", async () => {
    const r = await post({ ...woo('PRW-'), preset: 'p' });
    expect(r.status, r.text).toBe(200);
    expect((await byRef('PRW-1001')).dimensions.weight).toBe(2.5);
  });

  it('have no label and no manifest until weighed: 409 naming /dimensions/weight; PATCH sets it', async () => {
    await post({ ...woo('LBW-'), preset: 's' });
    const { code } = await byRef('LBW-1001');
    const label = await s.request('GET', `/labels?code=${code}`, { token });
    expect(label.status, label.text).toBe(409);
    expect(label.body).toMatchObject({
      code: 'invalid_state',
      errors: [{ path: '/dimensions/weight', code: 'required' }],
    });
    expect(label.body.detail).toContain('no weight yet');
    const manifest = await s.request('POST', '/manifests', { token, body: { codes: [code] } });
    expect(manifest.status, manifest.text).toBe(409);
    expect(manifest.body.detail).toContain('no weight yet');

    const weighed = await s.request('PATCH', `/shipments/${code}`, { token, body: { dimensions: { weight: 0.8 } } });
    expect(weighed.status, weighed.text).toBe(200);
    expect(weighed.body.dimensions.weight).toBe(0.8);
    expect((await s.request('GET', `/labels?code=${code}`, { token })).status).toBe(200);
  });

  it('station shipments import FILE --preset KEY imports them too, without a weight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weightless-'));
    try {
      const file = join(dir, 'pedidos.csv');
      writeFileSync(file, encode(woocommerce(someOrders('CLW-', 1)), 'utf-8'));
      const store = s.store ? ['--store', s.store] : [];
      const r = await station([
        'shipments',
        'import',
        file,
        '--preset',
        's',
        '--account',
        'tienda',
        '--data',
        s.dataDir,
        ...store,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^created\t[A-Z0-9]{10}\tCLW-1001$/m);
      expect((await byRef('CLW-1001')).dimensions.weight).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
