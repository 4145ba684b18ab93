import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment, drive, errorPaths, expectProblem, party, postEvent, type Body } from './fixtures.js';

/** A zone 14 hours ahead of UTC: for most of the day its date differs from UTC's, so ignoring it shows. */
const ZONE = 'Pacific/Kiritimati';

describe('search shipments (station serve, STATION_TZ set)', () => {
  let s: Station;
  let token: string;
  let pagingToken: string;
  let otherToken: string;
  type Name = 'jose' | 'zoe' | 'ana' | 'ret' | 'canceled';
  const made = {} as Record<Name, Body>;

  const search = (query: string, t = token) => s.request('GET', `/shipments${query ? `?${query}` : ''}`, { token: t });
  const ids = async (query: string, t = token) => {
    const r = await search(query, t);
    expect(r.status, r.text).toBe(200);
    return (r.body.data as Body[]).map((x) => x.id as number);
  };
  const idsOf = (...names: Name[]) => names.map((n) => made[n].id as number);

  beforeAll(async () => {
    s = await startStation({ env: { STATION_TZ: ZONE } });
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    pagingToken = (await a.token(await a.account('paging'), ALL_PERMISSIONS)).token;
    otherToken = (await a.token(await a.account('globex'), ALL_PERMISSIONS)).token;
    await a.close();

    const dest = (
      name: string,
      email: string,
      street: string,
      city: string,
      state: string,
      country: string,
      zip: string,
    ) => ({
      contact: { name, email },
      address: { street, city, state, country, zip },
    });
    made.jose = await createShipment(s, token, {
      ref: 'ORDER-1001',
      platform: 'MLI',
      origin: party('Almacén Sur', 'Sevilla', '41001'),
      destination: dest(
        'José Álvarez',
        'jose.alvarez@correo.es',
        'Calle Mayor 5',
        'Málaga',
        'Andalucía',
        'ES',
        '29001',
      ),
    });
    made.zoe = await createShipment(s, token, {
      ref: 'ORDER-1002',
      platform: 'TNB',
      origin: party('Lager Nord', 'Hamburg', '20095'),
      destination: dest('Zoë Müller', 'zoe@beispiel.de', 'Hauptstraße 9', 'München', 'Bayern', 'DE', '80331'),
    });
    made.ana = await createShipment(s, token, { ref: 'WEB-77', platform: undefined });
    made.ret = await createShipment(s, token, { ref: 'RMA-5', type: 'RETURN', platform: 'VTX' });
    made.canceled = await createShipment(s, token, { ref: 'WEB-78', platform: 'WOO' });
    // Someone else's shipment that matches every query above: it must never show.
    await createShipment(s, otherToken, {
      ref: 'ORDER-1001',
      destination: dest(
        'José Álvarez',
        'jose.alvarez@correo.es',
        'Calle Mayor 5',
        'Málaga',
        'Andalucía',
        'ES',
        '29001',
      ),
    });

    await drive(s, token, made.zoe.id, ['COLLECTED']);
    expect((await postEvent(s, token, made.ana.id, { status: 'TO_COLLECT', sub_status: 'CONFIRMED' })).status).toBe(
      201,
    );
    expect((await s.request('POST', `/shipments/${made.canceled.id}/cancel`, { token })).status).toBe(200);

    for (let i = 0; i < 45; i++) await createShipment(s, pagingToken, { ref: `PAGE-${String(i).padStart(2, '0')}` });
  });
  afterAll(() => s.stop());

  describe('q', () => {
    it.each([
      ['alvarez', ['jose']],
      ['ÁLVAREZ', ['jose']],
      ['alv', ['jose']],
      ['jose.alvarez@correo.es', ['jose']],
      ['correo', ['jose']],
      ['malaga', ['jose']],
      ['andalucia', ['jose']],
      ['mayor', ['jose']],
      ['29001', ['jose']],
      ['2900', ['jose']],
      ['sevilla', ['jose']],
      ['almacen', ['jose']],
      ['ORDER-1001', ['jose']],
      ['order-100', ['jose', 'zoe']],
      ['order', ['jose', 'zoe']],
      ['rma', ['ret']],
      ['muller', ['zoe']],
      ['MÜLLER', ['zoe']],
      ['zoe', ['zoe']],
      ['munchen', ['zoe']],
      ['hauptstra', ['zoe']],
      ['jose malaga', ['jose']],
      ['jose munchen', []],
      ['nobody', []],
    ] as Array<[string, Name[]]>)('q=%s finds %j', async (q, names) => {
      expect((await ids(`q=${encodeURIComponent(q)}`)).sort()).toEqual(idsOf(...names).sort());
    });

    it('finds a shipment by its code and by a prefix of it, in any case', async () => {
      const code = made.ana.code as string;
      for (const q of [code, code.toLowerCase(), code.slice(0, 5)]) expect(await ids(`q=${q}`)).toContain(made.ana.id);
      expect(await ids(`q=${code}`)).toEqual([made.ana.id]);
    });

    it('reads an empty q or code (a cleared search box) as no filter', async () => {
      const all = (await ids('')).sort();
      expect(all.length).toBeGreaterThan(1);
      for (const blank of ['q=', 'q=%20%20', 'code=', 'q=&code='])
        expect((await ids(blank)).sort(), blank).toEqual(all);
    });

    it('treats search syntax in q as plain text (never an error)', async () => {
      for (const q of [
        '"',
        '*',
        'ORDER OR WEB',
        'NEAR(order web)',
        'order AND',
        '-order',
        '^order',
        'order:1',
        '(',
        "o'neil",
        '%',
        '_',
      ])
        expect((await search(`q=${encodeURIComponent(q)}`)).status, q).toBe(200);
      expect(await ids(`q=${encodeURIComponent('ORDER OR WEB')}`)).toEqual([]);
    });
  });

  describe('filters', () => {
    it('code: exact, any case; unknown code gives an empty page', async () => {
      expect(await ids(`code=${made.jose.code}`)).toEqual(idsOf('jose'));
      expect(await ids(`code=${made.jose.code.toLowerCase()}`)).toEqual(idsOf('jose'));
      expect(await ids('code=ZZZZZZZZZZ')).toEqual([]);
      expect(await ids(`code=${made.jose.code}`, otherToken)).toEqual([]);
    });

    it('status', async () => {
      expect(await ids('status=COLLECTED')).toEqual(idsOf('zoe'));
      expect(await ids('status=TO_RECOVER')).toEqual(idsOf('ret'));
      expect(await ids('status=CANCELED')).toEqual(idsOf('canceled'));
      expect((await ids('status=TO_COLLECT')).sort()).toEqual(idsOf('jose', 'ana').sort());
      expect(await ids('status=DELIVERED')).toEqual([]);
    });

    it('substatus', async () => {
      expect(await ids('substatus=CONFIRMED')).toEqual(idsOf('ana'));
      expect(await ids('substatus=DISPATCHED')).toEqual([]);
    });

    it('platform', async () => {
      expect(await ids('platform=MLI')).toEqual(idsOf('jose'));
      expect(await ids('platform=TNB')).toEqual(idsOf('zoe'));
      expect(await ids('platform=VTX')).toEqual(idsOf('ret'));
      expect(await ids('platform=WOO')).toEqual(idsOf('canceled'));
    });

    it('shortcut ACTIVE: in the carrier’s hands; PENDING: not labelled and not canceled', async () => {
      expect(await ids('shortcut=ACTIVE')).toEqual(idsOf('zoe'));
      expect((await ids('shortcut=PENDING')).sort()).toEqual(idsOf('jose', 'zoe', 'ana', 'ret').sort());
    });

    it('combines filters (AND)', async () => {
      expect(await ids('q=order&platform=TNB')).toEqual(idsOf('zoe'));
      expect(await ids('q=order&status=TO_COLLECT')).toEqual(idsOf('jose'));
      expect(await ids('q=order&platform=VTX')).toEqual([]);
      expect(await ids(`code=${made.zoe.code}&shortcut=ACTIVE&status=COLLECTED&platform=TNB&q=muller`)).toEqual(
        idsOf('zoe'),
      );
    });

    it('sorts NEWEST first by default, OLDEST on request', async () => {
      const all = idsOf('jose', 'zoe', 'ana', 'ret', 'canceled');
      expect(await ids('')).toEqual([...all].reverse());
      expect(await ids('sort=NEWEST')).toEqual([...all].reverse());
      expect(await ids('sort=OLDEST')).toEqual(all);
    });

    it.each([
      ['status', 'FOO'],
      ['status', 'delivered'],
      ['substatus', 'LOST'],
      ['platform', 'AMZ'],
      ['date_type', 'SHIPPED'],
      ['date_key', 'LAST_YEAR'],
      ['sort', 'newest'],
      ['shortcut', 'ALL'],
      ['status', ''],
    ])('answers 400 to an unknown %s value %j, naming the parameter', async (name, value) => {
      const r = await search(`${name}=${value}`);
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toEqual([`/${name}`]);
    });

    it('answers 400 to an unknown parameter and to a repeated one', async () => {
      expect(errorPaths(await search('colour=red'))).toEqual(['/colour']);
      expect(errorPaths(await search('status=COLLECTED&status=CANCELED'))).toEqual(['/status']);
    });
  });

  describe('dates', () => {
    const localDay = (iso: string, plusDays = 0) =>
      DateTime.fromISO(iso, { zone: ZONE }).plus({ days: plusDays }).toISODate()!;

    it('a plain date covers its whole day in the station time zone', async () => {
      const c = made.jose.created_at as string;
      const day = localDay(c);
      expect(await ids(`date_range_min=${day}&date_range_max=${day}`)).toContain(made.jose.id);
      expect(await ids(`date_range_max=${localDay(c, -1)}`)).toEqual([]);
      expect(await ids(`date_range_min=${localDay(c, 1)}`)).toEqual([]);
      expect(await ids(`date_type=UPDATED&date_range_min=${day}`)).toContain(made.jose.id);
    });

    it('date-times with an offset are exact, inclusive bounds', async () => {
      const c = DateTime.fromISO(made.jose.created_at as string, { zone: 'UTC' });
      const at = (d: DateTime) => encodeURIComponent(d.setZone('UTC+05:30').toISO()!);
      expect(await ids(`date_range_min=${at(c)}&date_range_max=${at(c)}`)).toEqual(idsOf('jose'));
      expect(
        await ids(
          `date_range_min=${at(c.plus({ milliseconds: 1 }))}&date_range_max=${at(c.plus({ milliseconds: 1 }))}`,
        ),
      ).not.toContain(made.jose.id);
      expect(await ids(`date_range_max=${encodeURIComponent(c.minus({ milliseconds: 1 }).toISO()!)}`)).toEqual([]);
    });

    it.each(['2026-02-30', '2026-13-01', '2026-1-1', 'yesterday', '2026-01-01T10:00', '2026-01-01 10:00Z', '20260101'])(
      'answers 400 to the date %j',
      async (value) => {
        const r = await search(`date_range_min=${encodeURIComponent(value)}`);
        expectProblem(r, 400, 'validation_failed');
        expect(errorPaths(r)).toEqual(['/date_range_min']);
      },
    );

    it('answers 400 when the maximum is before the minimum', async () => {
      expect(errorPaths(await search('date_range_min=2026-05-02&date_range_max=2026-05-01'))).toEqual([
        '/date_range_max',
      ]);
    });
  });

  describe('paging', () => {
    const page = async (query: string) => {
      const r = await search(query, pagingToken);
      expect(r.status, r.text).toBe(200);
      return r.body as { data: Body[]; pages: number; items: number; last: boolean };
    };

    it('defaults to page 1 of 20', async () => {
      const p = await page('');
      expect(p).toMatchObject({ pages: 3, items: 45, last: false });
      expect(p.data).toHaveLength(20);
      expect(p.data[0]!.ref).toBe('PAGE-44');
    });

    it('walks every page without gaps or repeats; the last page says so', async () => {
      const seen: string[] = [];
      for (let n = 1; n <= 3; n++) {
        const p = await page(`page=${n}&sort=OLDEST`);
        expect(p.last).toBe(n === 3);
        seen.push(...p.data.map((x) => x.ref as string));
      }
      expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `PAGE-${String(i).padStart(2, '0')}`));
    });

    it('answers a page past the end with no data, last true and the true totals', async () => {
      for (const n of [4, 1000]) expect(await page(`page=${n}`)).toEqual({ data: [], pages: 3, items: 45, last: true });
    });

    it('honours size from 1 to 100, with exact page counts', async () => {
      expect(await page('size=100')).toMatchObject({ pages: 1, items: 45, last: true });
      expect((await page('size=100')).data).toHaveLength(45);
      expect(await page('size=15&page=3')).toMatchObject({ pages: 3, last: true });
      expect((await page('size=1&page=45')).data.map((x) => x.ref)).toEqual(['PAGE-00']);
      expect(await page('size=1&page=45')).toMatchObject({ pages: 45, last: true });
    });

    it('reports an empty result as zero pages', async () => {
      expect(await page('q=nothingmatches')).toEqual({ data: [], pages: 0, items: 0, last: true });
    });

    it.each([
      ['page', '0'],
      ['page', '-1'],
      ['page', '1.5'],
      ['page', 'two'],
      ['page', ''],
      ['size', '0'],
      ['size', '101'],
      ['size', '-5'],
      ['size', 'ten'],
    ])('answers 400 to %s=%j', async (name, value) => {
      const r = await search(`${name}=${value}`, pagingToken);
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toEqual([`/${name}`]);
    });
  });
});
