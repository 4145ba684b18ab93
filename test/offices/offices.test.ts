import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../core/platform/geo.js';
import { resourcePath } from '../../core/platform/resources.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';

interface FileOffice {
  code: string;
  zip: string;
  lat: number;
  lng: number;
  active: boolean;
  parcel_enabled: boolean;
}
const directory: FileOffice[] = JSON.parse(readFileSync(resourcePath('offices.json'), 'utf8'));
const usable = directory.filter((o) => o.active && o.parcel_enabled);
const unusable = directory.filter((o) => !o.active || !o.parcel_enabled);
const codes = (data: Array<{ code: string }>) => data.map((o) => o.code);

describe('GET /offices over the default directory', () => {
  let s: Station;
  let token: string;
  const offices = (query = '', t = token) => s.request('GET', `/offices${query ? `?${query}` : ''}`, { token: t });

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'offices', ['shipments.write'])).token;
  });
  afterAll(() => s.stop());

  it('ships a directory of a few hundred offices, some of them not usable', () => {
    expect(directory.length).toBeGreaterThanOrEqual(200);
    expect(directory.some((o) => !o.active)).toBe(true);
    expect(directory.some((o) => o.active && !o.parcel_enabled)).toBe(true);
  });

  it('pages the usable offices with the contract envelope', async () => {
    const first = await offices();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ items: usable.length, pages: Math.ceil(usable.length / 20), last: false });
    expect(first.body.data).toHaveLength(20);
    expect(Object.keys(first.body.data[0]).sort()).toEqual([
      'address',
      'code',
      'company',
      'id',
      'name',
      'opening_hours',
    ]);
    expect(Object.keys(first.body.data[0].address).sort()).toEqual([
      'city',
      'country',
      'lat',
      'lng',
      'state',
      'street',
      'zip',
    ]);

    const second = await offices('page=2');
    expect(codes(second.body.data)).not.toContain(first.body.data[0].code);

    const pages = Math.ceil(usable.length / 100);
    const last = await offices(`page=${pages}&size=100`);
    expect(last.body).toMatchObject({ pages, items: usable.length, last: true });
    expect(last.body.data).toHaveLength(usable.length - (pages - 1) * 100);

    const past = await offices(`page=${pages + 1}&size=100`);
    expect(past.body).toEqual({ data: [], pages, items: usable.length, last: true });
  });

  it('lists exactly the active, parcel-enabled offices', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const r = await offices(`page=${page}&size=100`);
      seen.push(...codes(r.body.data));
      if (r.body.last) break;
    }
    expect(seen.sort()).toEqual(codes(usable).sort());
    for (const o of unusable) expect(seen).not.toContain(o.code);
  });

  it('filters by postal code, still hiding unusable offices', async () => {
    // A postal code where the directory also holds an office the buyer cannot use.
    const zip = unusable.map((o) => o.zip).find((z) => usable.some((o) => o.zip === z))!;
    expect(zip).toBeDefined();
    const r = await offices(`zip=${zip}&size=100`);
    expect(r.status).toBe(200);
    expect(codes(r.body.data).sort()).toEqual(codes(usable.filter((o) => o.zip === zip)).sort());
    expect(r.body.items).toBe(r.body.data.length);
    expect(await offices('zip=0000')).toMatchObject({
      status: 200,
      body: { data: [], pages: 0, items: 0, last: true },
    });
  });

  it('near=lat,lng puts the nearest first, with the distance, across pages', async () => {
    const here = { lat: -34.6037, lng: -58.3816 };
    const expected = usable
      .map((o) => ({ code: o.code, km: distanceKm(here, o) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 10);
    const p1 = await offices(`near=${here.lat},${here.lng}&size=5`);
    const p2 = await offices(`near=${here.lat},${here.lng}&size=5&page=2`);
    expect(p1.status).toBe(200);
    expect(p1.body.items).toBe(usable.length);
    const got = [...p1.body.data, ...p2.body.data];
    expect(codes(got)).toEqual(codes(expected));
    got.forEach((o: { distance_km: number }, i: number) => expect(o.distance_km).toBeCloseTo(expected[i]!.km, 2));
    const plain = await offices('size=1');
    expect(plain.body.data[0]).not.toHaveProperty('distance_km');
  });

  it('near finds the nearest even far from any office, and combines with zip', async () => {
    const ocean = { lat: -45, lng: -30 };
    const r = await offices(`near=${ocean.lat},${ocean.lng}&size=3`);
    const nearest = usable.map((o) => ({ code: o.code, km: distanceKm(ocean, o) })).sort((a, b) => a.km - b.km);
    expect(codes(r.body.data)).toEqual(codes(nearest.slice(0, 3)));

    const zip = usable[0]!.zip;
    const inZip = await offices(`zip=${zip}&near=${ocean.lat},${ocean.lng}&size=100`);
    expect(codes(inZip.body.data).sort()).toEqual(codes(usable.filter((o) => o.zip === zip)).sort());
    const km = inZip.body.data.map((o: { distance_km: number }) => o.distance_km);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it('refuses malformed queries, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['near=abc', '/near'],
      ['near=-31.4', '/near'],
      ['near=95,10', '/near'],
      ['near=10,190', '/near'],
      ['page=0', '/page'],
      ['size=101', '/size'],
      ['page=x', '/page'],
      ['city=Córdoba', '/city'],
    ];
    for (const [q, path] of cases) {
      const r = await offices(q);
      expect(r.status, q).toBe(400);
      expect(
        r.body.errors.map((e: { path: string }) => e.path),
        q,
      ).toContain(path);
    }
  });

  it('needs shipments.write', async () => {
    const reader = (await directAccount(s, 'reader', ['rates.read', 'shipments.read'])).token;
    const r = await offices('', reader);
    expect(r.status).toBe(403);
    expect(r.body.permission).toBe('shipments.write');
  });

  it('documents near in OpenAPI', async () => {
    const doc = (await s.request('GET', '/openapi.json')).body;
    const params = doc.paths['/offices'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['zip', 'page', 'size', 'near']));
  });

  it('says the city and province of a postal code by its key, from the offices there, most offices first', async () => {
    const places = async (zip: string) => {
      const r = await s.request('GET', `/offices/places?zip=${encodeURIComponent(zip)}`, { token });
      expect(r.status, r.text).toBe(200);
      return r.body.data as Array<{ city: string; state: string; country: string; offices: number }>;
    };
    const expected = directory.filter((o) => o.zip.startsWith('5800')).length;
    expect(expected).toBeGreaterThan(0);
    for (const zip of ['5800', 'X5800ABC', 'x5800'])
      expect((await places(zip))[0]).toEqual({
        city: 'Río Cuarto',
        state: 'Córdoba',
        country: 'AR',
        offices: expected,
      });
    expect(await places('0001')).toEqual([]);
    expect((await s.request('GET', '/offices/places', { token })).body.errors[0].path).toBe('/zip');
  });
});
