import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';

/** Córdoba time (UTC-3, no DST): the default card's origin. 2026-11-24 is a Tuesday. */
const at = (local: string) => `${local}-03:00`;
const CORDOBA_CENTRE = { lat: -31.4135, lng: -64.1811 };
const BUENOS_AIRES = { lat: -34.6037, lng: -58.3816 };

describe('GET /quote with the default rate card', () => {
  const clock = fixedClock(at('2026-11-24T10:00:00'));
  let s: Station;
  let token: string;
  const quote = (query: string, t = token) => s.request('GET', `/quote?${query}`, { token: t });
  const methods = (body: Array<{ method: string }>) => body.map((o) => o.method);

  beforeAll(async () => {
    s = await startInProcess({ clock });
    token = (await directAccount(s, 'quoter', ['rates.read'])).token;
  });
  afterAll(() => s.stop());
  beforeEach(() => clock.set(at('2026-11-24T10:00:00')));

  it('quotes a postal code: one option per method, cheapest first, dates in the origin offset', async () => {
    const r = await quote('zip=5000');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        method: 'PICKUP',
        name: 'Retiro en sucursal',
        title: 'Retiro en punto de entrega',
        rate: 3600,
        currency: 'ARS',
        min_date: '2026-11-25T18:00:00-03:00',
        max_date: '2026-11-26T18:00:00-03:00',
      },
      {
        method: 'STANDARD',
        name: 'Estándar',
        title: 'Envío a domicilio',
        rate: 4900,
        currency: 'ARS',
        min_date: '2026-11-25T18:00:00-03:00',
        max_date: '2026-11-26T18:00:00-03:00',
      },
      {
        method: 'EXPRESS',
        name: 'Express',
        title: 'Envío prioritario a domicilio',
        rate: 7200,
        currency: 'ARS',
        min_date: '2026-11-25T18:00:00-03:00',
        max_date: '2026-11-25T18:00:00-03:00',
      },
      {
        method: 'SAME_DAY',
        name: 'En el día',
        title: 'Entrega hoy en Córdoba Capital',
        rate: 8400,
        currency: 'ARS',
        min_date: '2026-11-24T18:00:00-03:00',
        max_date: '2026-11-24T18:00:00-03:00',
      },
    ]);
  });

  it('reads a CPA postal code (letter, four digits, letters) by its four digits', async () => {
    const r = await quote('zip=c1043aab');
    expect(methods(r.body)).toEqual(['PICKUP', 'STANDARD', 'EXPRESS']);
    expect(r.body.map((o: { rate: number }) => o.rate)).toEqual([6800, 9600, 14300]);
  });

  it('quotes coordinates by distance band, and coordinates win over a zip', async () => {
    const local = await quote(`lat=${CORDOBA_CENTRE.lat}&lng=${CORDOBA_CENTRE.lng}`);
    expect(local.body).toEqual((await quote('zip=5000')).body);
    const far = await quote(`lat=${BUENOS_AIRES.lat}&lng=${BUENOS_AIRES.lng}`);
    expect(methods(far.body)).toEqual(['PICKUP', 'STANDARD', 'EXPRESS']);
    expect(far.body[1]).toMatchObject({
      rate: 9600,
      min_date: '2026-11-27T18:00:00-03:00',
      max_date: '2026-12-02T18:00:00-03:00',
    });
    const both = await quote(`zip=9410&lat=${CORDOBA_CENTRE.lat}&lng=${CORDOBA_CENTRE.lng}`);
    expect(methods(both.body)).toContain('SAME_DAY');
  });

  it('answers [] for a destination outside every zone', async () => {
    for (const q of ['zip=9999', 'zip=0500', 'zip=ABC', 'lat=40.4168&lng=-3.7038']) {
      const r = await quote(q);
      expect(r.status, q).toBe(200);
      expect(r.body, q).toEqual([]);
    }
  });

  it('refuses a quote without a destination, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['', '/zip'],
      ['size=S', '/zip'],
      ['lat=-31.4', '/lng'],
      ['lng=-64.1', '/lat'],
      ['lat=abc&lng=-64.1', '/lat'],
      ['lat=-95&lng=-64.1', '/lat'],
      ['zip=5000&size=XXL', '/size'],
      // A weight alone is not a parcel: the other measures are named (the size follows all four).
      ['zip=5000&weight=3', '/length'],
      ['zip=5000&colour=red', '/colour'],
    ];
    for (const [q, path] of cases) {
      const r = await quote(q);
      expect(r.status, q).toBe(400);
      expect(r.headers.get('content-type'), q).toMatch(/application\/problem\+json/);
      expect(r.body.code, q).toBe('validation_failed');
      expect(
        r.body.errors.map((e: { path: string }) => e.path),
        q,
      ).toContain(path);
    }
  });

  it('prices each size from the card; M is the default; same-day takes no XL', async () => {
    const rates: Record<string, Record<string, number>> = {};
    for (const size of ['S', 'M', 'L', 'XL']) {
      const r = await quote(`zip=5000&size=${size}`);
      expect(r.status).toBe(200);
      rates[size] = Object.fromEntries(r.body.map((o: { method: string; rate: number }) => [o.method, o.rate]));
    }
    expect(rates).toEqual({
      S: { PICKUP: 2900, STANDARD: 3900, EXPRESS: 5900, SAME_DAY: 6900 },
      M: { PICKUP: 3600, STANDARD: 4900, EXPRESS: 7200, SAME_DAY: 8400 },
      L: { PICKUP: 4900, STANDARD: 6900, EXPRESS: 9800, SAME_DAY: 11900 },
      XL: { PICKUP: 6900, STANDARD: 9900, EXPRESS: 13900 },
    });
    expect((await quote('zip=5000')).body).toEqual((await quote('zip=5000&size=M')).body);
  });

  it('dispatches today before the cut-off and the next working day from it on', async () => {
    clock.set(at('2026-11-24T13:59:00'));
    const before = await quote('zip=5000');
    expect(before.body.find((o: { method: string }) => o.method === 'STANDARD')).toMatchObject({
      min_date: '2026-11-25T18:00:00-03:00',
      max_date: '2026-11-26T18:00:00-03:00',
    });
    clock.set(at('2026-11-24T14:00:00'));
    const after = await quote('zip=5000');
    expect(after.body.find((o: { method: string }) => o.method === 'STANDARD')).toMatchObject({
      min_date: '2026-11-26T18:00:00-03:00',
      max_date: '2026-11-27T18:00:00-03:00',
    });
    // Friday after the cut-off: dispatch on Monday, so the weekend is not counted.
    clock.set(at('2026-11-27T16:00:00'));
    const friday = await quote('zip=5000');
    expect(friday.body.find((o: { method: string }) => o.method === 'EXPRESS')).toMatchObject({
      min_date: '2026-12-01T18:00:00-03:00',
      max_date: '2026-12-01T18:00:00-03:00',
    });
  });

  it('skips holidays: Friday 4 Dec after the cut-off dispatches on Wednesday 9 Dec (7 and 8 Dec are holidays)', async () => {
    clock.set(at('2026-12-04T15:00:00'));
    const r = await quote('zip=5000');
    expect(r.body.find((o: { method: string }) => o.method === 'STANDARD')).toMatchObject({
      min_date: '2026-12-10T18:00:00-03:00',
      max_date: '2026-12-11T18:00:00-03:00',
    });
    expect(r.body.find((o: { method: string }) => o.method === 'EXPRESS')).toMatchObject({
      min_date: '2026-12-10T18:00:00-03:00',
    });
  });

  it('offers SAME_DAY only in its zone, before its own cut-off, on a working day', async () => {
    const sameDay = async (q: string) => methods((await quote(q)).body).includes('SAME_DAY');
    clock.set(at('2026-11-24T11:59:00'));
    expect(await sameDay('zip=5000')).toBe(true);
    expect(await sameDay('zip=5800')).toBe(false); // Río Cuarto: REGIONAL zone
    expect(await sameDay(`lat=${BUENOS_AIRES.lat}&lng=${BUENOS_AIRES.lng}`)).toBe(false);
    clock.set(at('2026-11-24T12:00:00')); // its cut-off is 12:00, before the card's 14:00
    expect(await sameDay('zip=5000')).toBe(false);
    expect(methods((await quote('zip=5000')).body)).toContain('STANDARD');
    clock.set(at('2026-11-23T09:00:00')); // Monday, Día de la Soberanía Nacional
    expect(await sameDay('zip=5000')).toBe(false);
    clock.set(at('2026-11-28T09:00:00')); // Saturday
    expect(await sameDay('zip=5000')).toBe(false);
  });

  it('always promises future dates, min before max, with the -03:00 offset, whatever the clock', async () => {
    const clocks = [
      '2026-11-24T00:00:00',
      '2026-11-24T11:59:59',
      '2026-11-24T23:59:00',
      '2026-12-31T20:00:00',
      '2027-03-25T13:00:00',
    ];
    for (const c of clocks) {
      clock.set(at(c));
      for (const q of ['zip=5000', 'zip=5800', 'zip=1043', 'zip=9410']) {
        const r = await quote(q);
        expect(r.body.length, `${c} ${q}`).toBeGreaterThan(0);
        for (const o of r.body) {
          expect(o.min_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
          expect(Date.parse(o.min_date), `${c} ${q} ${o.method}`).toBeGreaterThan(clock.now().getTime());
          expect(Date.parse(o.max_date)).toBeGreaterThanOrEqual(Date.parse(o.min_date));
        }
      }
    }
  });

  it('needs rates.read', async () => {
    const other = (await directAccount(s, 'no-rates', ['shipments.write'])).token;
    const r = await quote('zip=5000', other);
    expect(r.status).toBe(403);
    expect(r.body.permission).toBe('rates.read');
    expect((await s.request('GET', '/quote?zip=5000')).status).toBe(401);
  });

  it('is described in OpenAPI with its query parameters', async () => {
    const doc = (await s.request('GET', '/openapi.json')).body;
    const params = doc.paths['/quote'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['zip', 'lat', 'lng', 'size']));
  });
});
