import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { createShipment, drive } from './fixtures.js';

const RW = ['shipments.read', 'shipments.write', 'events.write'];

describe('PATCH /shipments/{id}: correcting a parcel before its label', () => {
  let s: Station;
  let token: string;
  let rival: string;
  const patch = (id: string | number, body: unknown, t = token) =>
    s.request('PATCH', `/shipments/${id}`, { token: t, body });

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'acme', RW)).token;
    rival = (await directAccount(s, 'rival', RW)).token;
  });
  afterAll(() => s.stop());

  it('changes only the weight the scale read, keeps the sides, and records the change in its history', async () => {
    const created = await createShipment(s, token);
    const r = await patch(created.code, { dimensions: { weight: 2.35 } });
    expect(r.status).toBe(200);
    expect(r.body.dimensions).toEqual({ ...created.dimensions, weight: 2.35 });
    expect(Date.parse(r.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    expect((await s.request('GET', `/shipments/${created.id}`, { token })).body.dimensions.weight).toBe(2.35);

    const history = await s.request('GET', `/shipments/${created.id}/changes`, { token });
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([
      {
        id: expect.any(Number),
        date: expect.stringMatching(/Z$/),
        made_by: expect.stringMatching(/^token \d+$/),
        changes: [{ field: 'dimensions', from: created.dimensions, to: { ...created.dimensions, weight: 2.35 } }],
      },
    ]);
  });

  it('changes method, content and notes; null removes a text; a correction that changes nothing is not recorded', async () => {
    const created = await createShipment(s, token);
    const r = await patch(created.id, { method: 'EXPRESS', content: 'Tres libros', notes: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ method: 'EXPRESS', content: 'Tres libros', notes: null });
    expect((await patch(created.id, { method: 'EXPRESS' })).status).toBe(200);
    const history = (await s.request('GET', `/shipments/${created.id}/changes`, { token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0].changes.map((c: { field: string }) => c.field).sort()).toEqual(['content', 'method', 'notes']);
  });

  it("makes it a PICKUP at an office, with the office's address, found by a search of the office's city", async () => {
    const office = (await s.request('GET', '/offices?near=-31.4135,-64.1811&size=1', { token })).body.data[0];
    const created = await createShipment(s, token, { ref: 'PICKUPCORRECTION' });
    // Searched once before, so that the index and its remembered totals hold this shipment already.
    expect((await s.request('GET', `/shipments?q=${encodeURIComponent(created.ref)}`, { token })).body.items).toBe(1);
    const r = await patch(created.id, { method: 'PICKUP', office: office.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ method: 'PICKUP', office: office.id });
    expect(r.body.destination.address).toEqual(office.address);
    const byOfficeStreet = await s.request(
      'GET',
      `/shipments?q=${encodeURIComponent(`${created.ref} ${String(office.address.street).split(' ')[0]}`)}`,
      { token },
    );
    expect(byOfficeStreet.body.data.map((x: { id: number }) => x.id)).toEqual([created.id]);
    // A PICKUP cannot go back to a home delivery: the buyer's address is gone.
    const back = await patch(created.id, { method: 'STANDARD', office: null });
    expect(back.status).toBe(400);
    expect(back.body.errors).toEqual([
      { path: '/method', message: expect.stringMatching(/office/), code: 'unsupported' },
    ]);
  });

  it('refuses an office without PICKUP, PICKUP without an office, and an empty or unknown change, naming the field', async () => {
    const created = await createShipment(s, token);
    const cases: Array<[unknown, string]> = [
      [{ office: 1 }, '/office'],
      [{ method: 'PICKUP' }, '/office'],
      [{}, ''],
      [{ dimensions: {} }, '/dimensions'],
      [{ dimensions: { weight: 0 } }, '/dimensions/weight'],
      [{ ref: 'other' }, '/ref'],
      [{ destination: {} }, '/destination'],
    ];
    for (const [body, path] of cases) {
      const r = await patch(created.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await s.request('GET', `/shipments/${created.id}/changes`, { token })).body.data).toEqual([]);
  });

  it('is 409 invalid_state once a label exists, and once collected or canceled; the shipment stays as it was', async () => {
    const labelled = await createShipment(s, token);
    expect((await s.request('GET', `/labels?code=${labelled.code}`, { token })).status).toBe(200);
    const r = await patch(labelled.id, { dimensions: { weight: 9 } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('invalid_state');
    expect((await s.request('GET', `/shipments/${labelled.id}`, { token })).body.dimensions).toEqual(
      labelled.dimensions,
    );

    const collected = await createShipment(s, token);
    await drive(s, token, collected.id, ['COLLECTED']);
    expect((await patch(collected.id, { notes: 'x' })).status).toBe(409);

    const canceled = await createShipment(s, token);
    await s.request('POST', `/shipments/${canceled.id}/cancel`, { token });
    expect((await patch(canceled.id, { notes: 'x' })).status).toBe(409);
  });

  it("another account's shipment is not found, and the permission is shipments.write", async () => {
    const created = await createShipment(s, token);
    expect((await patch(created.id, { notes: 'x' }, rival)).status).toBe(404);
    expect((await s.request('GET', `/shipments/${created.id}/changes`, { token: rival })).status).toBe(404);
    const reader = (await directAccount(s, 'reader', ['shipments.read'])).token;
    const r = await patch(created.id, { notes: 'x' }, reader);
    expect(r.status).toBe(403);
    expect(r.body.permission).toBe('shipments.write');
  });
});
