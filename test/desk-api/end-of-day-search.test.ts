import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { directAccount } from '../helpers/fixtures.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { createShipment, drive, errorPaths, expectProblem, type Body } from '../http/fixtures.js';

/**
 * `date_type=LABELLED`: the date a label was first made, for the End-of-day view ("labelled today, not yet
 * collected"). The clock is steered so that labels are made at known instants; Buenos Aires is UTC-3 all year.
 */
describe('search by the date a label was first made', () => {
  const clock = fixedClock('2026-05-04T12:00:00.000Z');
  let s: Station;
  let token: string;
  let rival: string;
  const made: Record<string, Body> = {};

  const refs = async (query: string, t = token) => {
    const r = await s.request('GET', `/shipments?${/\bsize=/.test(query) ? '' : 'size=100&'}${query}`, { token: t });
    expect(r.status, r.text).toBe(200);
    return { refs: (r.body.data as Body[]).map((x) => x.ref as string), items: r.body.items as number };
  };
  const label = async (code: string) =>
    expect((await s.request('GET', `/labels?code=${code}`, { token })).status).toBe(200);

  beforeAll(async () => {
    s = await startInProcess({ clock, env: { STATION_TZ: 'America/Argentina/Buenos_Aires' } });
    token = (await directAccount(s, 'acme', ALL_PERMISSIONS)).token;
    rival = (
      await directAccount(
        s,
        'rival',
        ALL_PERMISSIONS.filter((p) => p !== 'tokens.write'),
      )
    ).token;
    for (const ref of ['old-label', 'today-a', 'today-b', 'collected', 'never', 'late-label'])
      made[ref] = await createShipment(s, token, { ref });
    // Made on the 4th; labelled at different moments.
    clock.set('2026-05-04T15:00:00.000Z');
    await label(made['old-label']!.code);
    clock.set('2026-05-05T03:30:00.000Z'); // 00:30 on the 5th in Buenos Aires
    await label(made['today-a']!.code);
    clock.set('2026-05-05T14:00:00.000Z');
    await label(made['today-b']!.code);
    await label(made['collected']!.code);
    await drive(s, token, made['collected']!.id, ['COLLECTED']);
    clock.set('2026-05-05T20:00:00.000Z');
    await label(made['late-label']!.code);
    // Labelling again never moves the date.
    clock.set('2026-05-06T02:00:00.000Z');
    await label(made['today-a']!.code);
    // Another account's label of the same day is never seen.
    const theirs = await createShipment(s, rival, { ref: 'theirs' });
    expect((await s.request('GET', `/labels?code=${theirs.code}`, { token: rival })).status).toBe(200);
    clock.set('2026-05-06T12:00:00.000Z');
  });
  afterAll(() => s.stop());

  it('the day’s labelled, not yet collected shipments: a plain date in the station time zone, newest label first', async () => {
    expect(
      await refs('date_type=LABELLED&status=TO_COLLECT&date_range_min=2026-05-05&date_range_max=2026-05-05'),
    ).toEqual({
      refs: ['late-label', 'today-b', 'today-a'],
      items: 3,
    });
    expect((await refs('date_type=LABELLED&date_range_min=2026-05-05&date_range_max=2026-05-05')).refs).toEqual([
      'late-label',
      'collected',
      'today-b',
      'today-a',
    ]);
  });

  it('only labelled shipments have the date: without a range every labelled one, ordered by it either way', async () => {
    expect(await refs('date_type=LABELLED')).toEqual({
      refs: ['late-label', 'collected', 'today-b', 'today-a', 'old-label'],
      items: 5,
    });
    expect((await refs('date_type=LABELLED&sort=OLDEST')).refs).toEqual([
      'old-label',
      'today-a',
      'today-b',
      'collected',
      'late-label',
    ]);
    expect((await refs('date_type=LABELLED&status=TO_COLLECT')).items).toBe(4);
    expect((await refs('date_type=LABELLED&size=2&page=3')).refs).toEqual(['old-label']);
  });

  it('combines with q, date_key and the other filters like any date type', async () => {
    expect((await refs('date_type=LABELLED&q=today')).refs).toEqual(['today-b', 'today-a']);
    expect((await refs('date_type=LABELLED&q=today&sort=OLDEST')).refs).toEqual(['today-a', 'today-b']);
    // The last 24 hours before 2026-05-06T12:00Z.
    expect((await refs('date_type=LABELLED&date_key=LAST_DAY')).refs).toEqual(['late-label', 'collected', 'today-b']);
    expect((await refs('date_type=LABELLED&shortcut=PENDING')).items).toBe(0);
    expect((await refs('date_type=LABELLED&date_range_max=2026-05-04')).refs).toEqual(['old-label']);
  });

  it('refuses an unknown date type naming the field', async () => {
    const r = await s.request('GET', '/shipments?date_type=PRINTED', { token });
    expectProblem(r, 400, 'validation_failed');
    expect(errorPaths(r)).toEqual(['/date_type']);
  });

  it('GET /tokens/current names the calling token, so a console knows which one signs it in', async () => {
    const list = await s.request('GET', '/tokens', { token });
    const current = await s.request('GET', '/tokens/current', { token });
    expect(current.status, current.text).toBe(200);
    expect(list.body.map((t: Body) => t.id)).toContain(current.body.id);
    expect(current.body.prefix).toBe(token.slice(0, current.body.prefix.length));
    expectProblem(await s.request('GET', '/tokens/current', { token: rival }), 403, 'forbidden');
  });
});
