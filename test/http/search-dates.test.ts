import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { admin, createShipment, type Body } from './fixtures.js';

/**
 * Date filters need shipments made at known instants, so this suite runs the service in-process (still over a
 * real socket) with a clock moved between creates. Buenos Aires is UTC-3 all year.
 */
describe('search by dates (clock steered, STATION_TZ=America/Argentina/Buenos_Aires)', () => {
  const clock = fixedClock('2026-03-10T02:30:00.000Z');
  let s: Station;
  let token: string;
  let accountId: number;
  const at: Record<string, Body> = {};

  const ids = async (query: string) => {
    const r = await s.request('GET', `/shipments?size=100&${query}`, { token });
    expect(r.status, r.text).toBe(200);
    return (r.body.data as Body[]).map((x) => x.ref as string);
  };

  beforeAll(async () => {
    s = await startInProcess({ clock, env: { STATION_TZ: 'America/Argentina/Buenos_Aires' } });
    const a = await admin(s);
    accountId = await a.account('acme');
    token = (await a.token(accountId, ALL_PERMISSIONS)).token;
    await a.close();
    // ref = the local (Buenos Aires) time it was made.
    const instants: Array<[string, string]> = [
      ['09 23:30', '2026-03-10T02:30:00.000Z'],
      ['10 00:00', '2026-03-10T03:00:00.000Z'],
      ['10 23:59:59.999', '2026-03-11T02:59:59.999Z'],
      ['11 00:00', '2026-03-11T03:00:00.000Z'],
      ['apr 01', '2026-04-01T00:00:00.000Z'],
      ['apr 20 07:00', '2026-04-20T10:00:00.000Z'],
    ];
    for (const [ref, when] of instants) {
      clock.set(when);
      at[ref] = await createShipment(s, token, { ref });
    }
    clock.set('2026-04-20T12:00:00.000Z');
  });
  afterAll(() => s.stop());

  it('reads a plain date as the whole day in the station time zone, both bounds inclusive', async () => {
    expect(await ids('date_range_min=2026-03-10&date_range_max=2026-03-10')).toEqual(['10 23:59:59.999', '10 00:00']);
    expect(await ids('date_range_max=2026-03-09')).toEqual(['09 23:30']);
    expect(await ids('date_range_min=2026-03-11&date_range_max=2026-03-30')).toEqual(['11 00:00']);
    // 2026-04-01T00:00Z is still March 31st in Buenos Aires.
    expect(await ids('date_range_min=2026-03-31&date_range_max=2026-03-31')).toEqual(['apr 01']);
  });

  it('reads date-times with their own offset, to the millisecond', async () => {
    expect(await ids('date_range_min=2026-03-10T00:00:00-03:00&date_range_max=2026-03-10T23:59:59.999-03:00')).toEqual([
      '10 23:59:59.999',
      '10 00:00',
    ]);
    expect(await ids('date_range_max=2026-03-10T02:30:00.000Z')).toEqual(['09 23:30']);
    expect(await ids('date_range_max=2026-03-10T02:29:59.999Z')).toEqual([]);
    expect(
      await ids(`date_range_min=${encodeURIComponent('2026-03-11T08:30:00+05:30')}&date_range_max=2026-03-30`),
    ).toEqual(['11 00:00']);
  });

  it('date_key LAST_DAY is the last 24 hours, LAST_MONTH the last 30 days', async () => {
    expect(await ids('date_key=LAST_DAY')).toEqual(['apr 20 07:00']);
    expect(await ids('date_key=LAST_MONTH')).toEqual(['apr 20 07:00', 'apr 01']);
    clock.set('2026-04-21T10:00:00.000Z'); // exactly 24 h after the last create: still in
    expect(await ids('date_key=LAST_DAY')).toEqual(['apr 20 07:00']);
    clock.set('2026-04-21T10:00:00.001Z');
    expect(await ids('date_key=LAST_DAY')).toEqual([]);
    clock.set('2026-04-20T12:00:00.000Z');
  });

  it('combines date_key with a date range: both apply', async () => {
    expect(await ids('date_key=LAST_MONTH&date_range_max=2026-04-10')).toEqual(['apr 01']);
    expect(await ids('date_key=LAST_DAY&date_range_min=2026-01-01')).toEqual(['apr 20 07:00']);
    expect(await ids('date_key=LAST_DAY&date_range_max=2026-04-19')).toEqual([]);
  });

  it('date_type UPDATED filters and sorts by the last change; CREATED is the default', async () => {
    clock.set('2026-04-20T13:00:00.000Z');
    const r = await s.request('POST', `/shipments/${at['09 23:30']!.id}/cancel`, { token });
    expect(r.body.updated_at).toBe('2026-04-20T13:00:00.000Z');
    expect(await ids('date_key=LAST_DAY')).toEqual(['apr 20 07:00']);
    expect(await ids('date_type=CREATED&date_key=LAST_DAY')).toEqual(['apr 20 07:00']);
    expect(await ids('date_type=UPDATED&date_key=LAST_DAY')).toEqual(['09 23:30', 'apr 20 07:00']);
    expect(await ids('date_type=UPDATED&date_range_min=2026-04-20')).toEqual(['09 23:30', 'apr 20 07:00']);
    expect((await ids('date_type=UPDATED&sort=OLDEST')).at(-1)).toBe('09 23:30');
    expect((await ids('date_type=CREATED&sort=OLDEST'))[0]).toBe('09 23:30');
  });

  it('sorts by creation: NEWEST first by default, OLDEST on request', async () => {
    const order = ['09 23:30', '10 00:00', '10 23:59:59.999', '11 00:00', 'apr 01', 'apr 20 07:00'];
    expect(await ids('')).toEqual([...order].reverse());
    expect(await ids('sort=OLDEST')).toEqual(order);
  });

  it('shortcut PENDING leaves out labelled and canceled shipments', async () => {
    // Labels are another feature; rendering one is what marks the shipment labelled.
    await s.services!.labels.renderRaster(accountId, at['10 00:00']!.code, 203);
    // '09 23:30' was canceled by the date_type test above.
    expect(await ids('shortcut=PENDING')).toEqual(['apr 20 07:00', 'apr 01', '11 00:00', '10 23:59:59.999']);
  });
});
