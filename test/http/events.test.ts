import { storeSql } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUSES } from '../../core/shared/schemas/codes.js';
import { CONTRACT_TRANSITIONS } from '../helpers/contract.js';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment, errorPaths, expectProblem, postEvent, type Body } from './fixtures.js';

/**
 * Journeys that together take every row of the table. A shipment cannot be created in TO_CONFIRM, so those two
 * journeys start from a shipment put in that state directly in the store.
 */
const JOURNEYS: Array<{ type: string; from?: string; path: string[] }> = [
  {
    type: 'DELIVERY',
    path: ['COLLECTED', 'TO_CONSOLIDATE', 'CONSOLIDATED', 'TO_DELIVER', 'OUT_FOR_DELIVERY', 'TO_DELIVER', 'DELIVERED'],
  },
  { type: 'DELIVERY', path: ['COLLECTED', 'TO_RECEIVE', 'RECEIVED', 'TO_DELIVER', 'OUT_FOR_DELIVERY', 'DELIVERED'] },
  { type: 'DELIVERY', path: ['COLLECTED', 'TO_RECEIVE', 'RECEIVED', 'TO_RETURN', 'OUT_FOR_RETURN', 'RETURNED'] },
  { type: 'DELIVERY', path: ['COLLECTED', 'TO_DELIVER', 'TO_RETURN'] },
  { type: 'EXCHANGE', path: ['COLLECTED', 'TO_DELIVER', 'OUT_FOR_DELIVERY', 'TO_RETURN'] },
  { type: 'DELIVERY', path: ['CANCELED'] },
  {
    type: 'RETURN',
    path: [
      'OUT_FOR_RECOVERY',
      'TO_RECOVER',
      'OUT_FOR_RECOVERY',
      'RECOVERED',
      'TO_RECEIVE',
      'RECEIVED',
      'TO_DELIVER',
      'DELIVERED',
    ],
  },
  { type: 'RETURN', path: ['CANCELED'] },
  { type: 'DELIVERY', from: 'TO_CONFIRM', path: ['TO_COLLECT', 'COLLECTED'] },
  { type: 'DELIVERY', from: 'TO_CONFIRM', path: ['CANCELED'] },
];

describe('tracking events (station serve)', () => {
  let s: Station;
  let token: string;
  let readOnly: string;
  let otherToken: string;

  const shipment = async (id: number) => (await s.request('GET', `/shipments/${id}`, { token })).body as Body;
  const history = async (id: number) => (await s.request('GET', `/shipments/${id}/events`, { token })).body as Body[];

  /** Puts a shipment in a state no operation leads to, through the store (as an operator's import would). */
  const forceStatus = (id: number, status: string) =>
    storeSql(s, 'UPDATE shipments SET status = ? WHERE id = ?', [status, id]);

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    const acme = await a.account('acme');
    token = (await a.token(acme, ALL_PERMISSIONS)).token;
    readOnly = (await a.token(acme, ['shipments.read', 'events.read'])).token;
    otherToken = (await a.token(await a.account('globex'), ALL_PERMISSIONS)).token;
    await a.close();
  });
  afterAll(() => s.stop());

  it('the journeys below take every allowed transition of the contract', () => {
    const taken = new Set<string>();
    for (const j of JOURNEYS) {
      let at = j.from ?? (j.type === 'RETURN' ? 'TO_RECOVER' : 'TO_COLLECT');
      for (const to of j.path) {
        taken.add(`${at}>${to}`);
        at = to;
      }
    }
    const rows = Object.entries(CONTRACT_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`));
    expect([...taken].sort()).toEqual(rows.sort());
  });

  it('moves shipments along every allowed transition; refuses every other move from each state visited', async () => {
    const refusedFrom = new Set<string>();
    /** Every move the table does not allow from `state` is 409 and leaves shipment and history as they were. */
    async function refusesAllOthers(id: number, state: string) {
      if (refusedFrom.has(state)) return;
      refusedFrom.add(state);
      const before = await shipment(id);
      const beforeHistory = await history(id);
      for (const to of STATUSES.filter((x) => x !== state && !(CONTRACT_TRANSITIONS[state] ?? []).includes(x))) {
        const r = await postEvent(s, token, id, { status: to });
        const p = expectProblem(r, 409, 'invalid_state');
        expect(p.detail).toContain(state);
      }
      expect(await shipment(id)).toEqual(before);
      expect(await history(id)).toEqual(beforeHistory);
    }

    for (const j of JOURNEYS) {
      const c = await createShipment(s, token, { type: j.type });
      if (j.from) await forceStatus(c.id, j.from);
      const expected: string[] = [c.status];
      let state = j.from ?? c.status;
      await refusesAllOthers(c.id, state);
      for (const to of j.path) {
        const body =
          to === 'DELIVERED'
            ? { status: to, receiver: { name: 'Juan Gómez', identification: '30111222' } }
            : { status: to };
        const r = await postEvent(s, token, c.code, body);
        expect(r.status, `${state} -> ${to}: ${r.text}`).toBe(201);
        expect(r.body).toEqual({ id: expect.any(Number), date: expect.stringMatching(/\.\d{3}Z$/), ...body });
        const now = await shipment(c.id);
        expect(now.status).toBe(to);
        expect(now.updated_at).toBe(r.body.date);
        expected.push(to);
        state = to;
        await refusesAllOthers(c.id, state);
      }
      const h = await history(c.id);
      expect(h.map((e) => e.status)).toEqual(expected);
      expect(h.map((e) => e.id)).toEqual([...h.map((e) => e.id)].sort((a, b) => a - b));
    }
    // Every state was visited, final states included.
    expect([...refusedFrom].sort()).toEqual([...STATUSES].sort());
  });

  it('stays in a state with a new sub-status or issue, as in the interface’s sample history', async () => {
    const c = await createShipment(s, token);
    const steps: Body[] = [
      { status: 'TO_COLLECT', sub_status: 'CONFIRMED' },
      { status: 'COLLECTED' },
      { status: 'TO_DELIVER', sub_status: 'DISPATCHED' },
      { status: 'TO_DELIVER', sub_status: 'VISITED', issue: 'ABSENT_RECEIVER' },
      { status: 'DELIVERED', receiver: { name: 'Marta' } },
    ];
    for (const b of steps) expect((await postEvent(s, token, c.id, b)).status).toBe(201);
    const h = await history(c.id);
    expect(h.map(({ id, date, ...rest }) => rest)).toEqual([{ status: 'TO_COLLECT' }, ...steps]);
    expect((await shipment(c.id)).sub_status).toBeNull();
    const mid = await createShipment(s, token);
    await postEvent(s, token, mid.id, { status: 'TO_COLLECT', sub_status: 'BLOCKED', issue: 'INCORRECT_ADDRESS' });
    expect(await shipment(mid.id)).toMatchObject({ status: 'TO_COLLECT', sub_status: 'BLOCKED' });
  });

  it('accepts a receiver on DELIVERED only', async () => {
    const c = await createShipment(s, token);
    const r = await postEvent(s, token, c.id, { status: 'COLLECTED', receiver: { name: 'X' } });
    expectProblem(r, 400, 'validation_failed');
    expect(errorPaths(r)).toEqual(['/receiver']);
    expect((await shipment(c.id)).status).toBe('TO_COLLECT');
    expect(await history(c.id)).toHaveLength(1);
  });

  it.each([
    [{}, '/status'],
    [{ status: 'LOST' }, '/status'],
    [{ status: 'collected' }, '/status'],
    [{ status: 'COLLECTED', sub_status: 'SOMEWHERE' }, '/sub_status'],
    [{ status: 'COLLECTED', issue: 'ALIENS' }, '/issue'],
    [{ status: 'COLLECTED', note: 'x' }, '/note'],
    [{ status: 'COLLECTED', date: '2020-01-01T00:00:00.000Z' }, '/date'],
    [{ status: 'DELIVERED', receiver: {} }, '/receiver/name'],
    [{ status: 'DELIVERED', receiver: { name: ' ' } }, '/receiver/name'],
    [{ status: 'DELIVERED', receiver: { name: 'A', age: 3 } }, '/receiver/age'],
    [{ status: 'DELIVERED', receiver: 'Juan' }, '/receiver'],
  ])('answers 400 to %j naming %s, and records nothing', async (body, path) => {
    const c = await createShipment(s, token);
    const r = await postEvent(s, token, c.id, body);
    expectProblem(r, 400, 'validation_failed');
    expect(errorPaths(r)).toContain(path);
    expect(await history(c.id)).toHaveLength(1);
  });

  it("needs events.write to record and events.read to list; another account's shipment is 404", async () => {
    const c = await createShipment(s, token);
    expectProblem(await postEvent(s, readOnly, c.id, { status: 'COLLECTED' }), 403, 'forbidden');
    expect((await s.request('GET', `/shipments/${c.id}/events`, { token: readOnly })).status).toBe(200);
    expectProblem(await postEvent(s, otherToken, c.id, { status: 'COLLECTED' }), 404, 'not_found');
    expectProblem(await s.request('GET', `/shipments/${c.code}/events`, { token: otherToken }), 404, 'not_found');
    expectProblem(await postEvent(s, token, 999999, { status: 'COLLECTED' }), 404, 'not_found');
    expect((await shipment(c.id)).status).toBe('TO_COLLECT');
  });
});
