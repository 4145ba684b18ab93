import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';

/**
 * q-only searches are answered from the full-text index alone (keyed by account, newest first). A second account's
 * shipments, which share the index and match the same words, must change nothing in the first account's answers.
 */
describe('q search on a one-account station, then with a second account', () => {
  const clock = fixedClock('2026-05-01T12:00:00.000Z');
  let s: Station;
  let token: string;
  const made: Array<{ id: number; created_at: string; ref: string }> = [];

  const page = async (query: string, t = token) => {
    const r = await s.request('GET', `/shipments?${query}`, { token: t });
    expect(r.status, r.text).toBe(200);
    return {
      refs: (r.body.data as Array<{ ref: string }>).map((x) => x.ref),
      items: r.body.items as number,
      pages: r.body.pages as number,
    };
  };

  beforeAll(async () => {
    s = await startInProcess({ clock });
    token = (await directAccount(s, 'desk', ['shipments.read', 'shipments.write'])).token;
    for (let i = 0; i < 7; i++) {
      // The clock steps back once: creation times must still never decrease with the id.
      clock.advance(i === 4 ? -3_600_000 : 60_000);
      const body = shipmentBody({ ref: `R${i}` });
      (body.destination as { contact: { name: string } }).contact.name = i % 2 ? 'Xiomara Ibáñez' : 'Yolanda Ortiz';
      const r = await s.request('POST', '/shipments', { token, body });
      made.push(r.body);
    }
  });
  afterAll(() => s.stop());

  it('never lets a creation time go backwards, even when the clock does', () => {
    const times = made.map((m) => Date.parse(m.created_at));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    expect(made[4]!.created_at).toBe(made[3]!.created_at);
  });

  const cases = ['q=xiomara', 'q=xiomara&sort=OLDEST', 'q=ibanez&size=2&page=2', 'q=yolanda&size=3&page=9', 'q=nobody'];

  it('pages, sorts and counts q-only results exactly as the general path does', async () => {
    const one = await Promise.all(cases.map((c) => page(c)));
    expect(one[0]).toEqual({ refs: ['R5', 'R3', 'R1'], items: 3, pages: 1 });
    expect(one[1]!.refs).toEqual(['R1', 'R3', 'R5']);
    expect(one[2]).toEqual({ refs: ['R1'], items: 3, pages: 2 });
    expect(one[3]).toEqual({ refs: [], items: 4, pages: 2 });
    expect(one[4]).toEqual({ refs: [], items: 0, pages: 0 });

    // Another account's Xiomara: the station is no longer one account's, and the answers must not change.
    const other = (await directAccount(s, 'partner', ['shipments.read', 'shipments.write'])).token;
    const body = shipmentBody({ ref: 'THEIRS' });
    (body.destination as { contact: { name: string } }).contact.name = 'Xiomara Ibáñez';
    expect((await s.request('POST', '/shipments', { token: other, body })).status).toBe(201);
    expect(await Promise.all(cases.map((c) => page(c)))).toEqual(one);
    expect(await page('q=xiomara', other)).toEqual({ refs: ['THEIRS'], items: 1, pages: 1 });
  });
});
