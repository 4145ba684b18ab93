import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_PATTERN } from '../../core/shared/schemas/codes.js';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import {
  admin,
  createShipment,
  drive,
  errorPaths,
  expectProblem,
  packageBody,
  withPath,
  type Body,
} from './fixtures.js';

describe('packages and cancel (station serve)', () => {
  let s: Station;
  let token: string;
  let otherToken: string;

  const get = async (id: string | number) => (await s.request('GET', `/shipments/${id}`, { token })).body as Body;
  const events = async (id: string | number) =>
    (await s.request('GET', `/shipments/${id}/events`, { token })).body as Body[];
  const addPackage = (parent: string | number, body: Body = packageBody()) =>
    s.request('POST', `/shipments/${parent}/packages`, { token, body });
  const cancel = (id: string | number) => s.request('POST', `/shipments/${id}/cancel`, { token });

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    otherToken = (await a.token(await a.account('globex'), ALL_PERMISSIONS)).token;
    await a.close();
  });
  afterAll(() => s.stop());

  describe('packages', () => {
    it('adds numbered packages (201) that twin the parent and share its destination', async () => {
      const parent = await createShipment(s, token);
      const bodies = [packageBody(), packageBody(), packageBody()];
      const made: Body[] = [];
      for (const b of bodies) {
        const r = await addPackage(parent.code, b);
        expect(r.status, r.text).toBe(201);
        made.push(r.body);
      }
      made.forEach((p, i) => {
        expect(p).toMatchObject({
          ref: bodies[i]!.ref,
          content: bodies[i]!.content,
          origin: bodies[i]!.origin,
          dimensions: bodies[i]!.dimensions,
          number: i + 1,
          twin: parent.code,
          destination: parent.destination,
          type: parent.type,
          status: 'TO_COLLECT',
          packages: 0,
        });
        expect(p.code).toMatch(CODE_PATTERN);
        expect(p.code).not.toBe(parent.code);
      });
      const after = await get(parent.id);
      expect(after.packages).toBe(3);
      expect(after.status).toBe('TO_COLLECT');
      expect(after.actions).toEqual({ cancel: true, label: true, packages: true, events: true });
      // Packages do not nest.
      expect(made[0]!.actions).toEqual({ cancel: true, label: true, packages: false, events: true });
    });

    it('makes each package a shipment of its own: readable by its code and id, with its own tracking', async () => {
      const parent = await createShipment(s, token);
      const p = (await addPackage(parent.id)).body;
      expect(await get(p.code)).toEqual(p);
      expect(await get(p.id)).toEqual(p);
      expect(await events(p.code)).toEqual([{ id: expect.any(Number), date: p.created_at, status: 'TO_COLLECT' }]);
      const found = await s.request('GET', `/shipments?q=${p.code}`, { token });
      expect(found.body.data.map((x: Body) => x.id)).toEqual([p.id]);
    });

    it('shares ref uniqueness with shipments, both ways', async () => {
      const parent = await createShipment(s, token);
      const dupParent = await addPackage(parent.id, packageBody({ ref: parent.ref }));
      expect(expectProblem(dupParent, 409, 'duplicate_ref').existing).toEqual({ id: parent.id, code: parent.code });
      const p = (await addPackage(parent.id)).body;
      expectProblem(await addPackage(parent.id, packageBody({ ref: p.ref })), 409, 'duplicate_ref');
      const asShipment = await s.request('POST', '/shipments', {
        token,
        body: { ref: p.ref, type: 'DELIVERY', origin: p.origin, destination: p.destination, dimensions: p.dimensions },
      });
      expect(expectProblem(asShipment, 409, 'duplicate_ref').existing).toEqual({ id: p.id, code: p.code });
      expect((await get(parent.id)).packages).toBe(1);
    });

    it.each([
      ['/ref', undefined],
      ['/ref', ''],
      ['/origin', undefined],
      ['/dimensions', undefined],
      ['/dimensions/weight', 0],
      ['/origin/address/country', 'XX'],
      ['/destination', {}],
      ['/type', 'DELIVERY'],
      ['/twin', 'X'],
    ])('answers 400 to %s = %j and adds nothing', async (path, value) => {
      const parent = await createShipment(s, token);
      const r = await addPackage(parent.id, withPath(packageBody(), path, value));
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toContain(path);
      expect((await get(parent.id)).packages).toBe(0);
    });

    it('answers 409 on a canceled parent, and on a package (packages do not nest)', async () => {
      const parent = await createShipment(s, token);
      const p = (await addPackage(parent.id)).body;
      expectProblem(await addPackage(p.code), 409, 'invalid_state');
      expect((await cancel(parent.id)).status).toBe(200);
      expectProblem(await addPackage(parent.id), 409, 'invalid_state');
      expect((await get(parent.id)).packages).toBe(1);
    });

    it("answers 404 for an unknown or another account's parent", async () => {
      const parent = await createShipment(s, token);
      expectProblem(await addPackage('999999'), 404, 'not_found');
      const r = await s.request('POST', `/shipments/${parent.code}/packages`, {
        token: otherToken,
        body: packageBody(),
      });
      expectProblem(r, 404, 'not_found');
      expect((await get(parent.id)).packages).toBe(0);
    });
  });

  describe('cancel', () => {
    it('answers 200 with the shipment now CANCELED and adds one CANCELED event', async () => {
      const c = await createShipment(s, token);
      expect(c.actions).toEqual({ cancel: true, label: true, packages: true, events: true });
      const r = await cancel(c.id);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        ...c,
        status: 'CANCELED',
        updated_at: expect.any(String),
        actions: { cancel: false, label: false, packages: false, events: false },
      });
      expect(await get(c.code)).toEqual(r.body);
      const ev = await events(c.id);
      expect(ev.map((e) => e.status)).toEqual(['TO_COLLECT', 'CANCELED']);
      expect(ev[1]!.date).toBe(r.body.updated_at);
    });

    it('cancels a canceled shipment again with 200 and no new event', async () => {
      const c = await createShipment(s, token);
      const first = await cancel(c.code);
      const again = await cancel(c.code.toLowerCase());
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await events(c.id)).toHaveLength(2);
    });

    it('cancels a RETURN waiting for recovery', async () => {
      const c = await createShipment(s, token, { type: 'RETURN' });
      expect((await cancel(c.id)).body.status).toBe('CANCELED');
      expect((await events(c.id)).map((e) => e.status)).toEqual(['TO_RECOVER', 'CANCELED']);
    });

    it.each([
      [['COLLECTED']],
      [['COLLECTED', 'TO_DELIVER', 'DELIVERED']],
      [['COLLECTED', 'TO_DELIVER', 'TO_RETURN', 'OUT_FOR_RETURN', 'RETURNED']],
    ])('answers 409 invalid_state once %j, and changes nothing', async (path) => {
      const c = await createShipment(s, token);
      await drive(s, token, c.id, path);
      const before = await get(c.id);
      expect(before.actions.cancel).toBe(false);
      const evBefore = await events(c.id);
      expectProblem(await cancel(c.id), 409, 'invalid_state');
      expect(await get(c.id)).toEqual(before);
      expect(await events(c.id)).toEqual(evBefore);
    });

    it('refuses a RETURN already out for recovery', async () => {
      const c = await createShipment(s, token, { type: 'RETURN' });
      await drive(s, token, c.id, ['OUT_FOR_RECOVERY']);
      expectProblem(await cancel(c.id), 409, 'invalid_state');
    });

    it('cascades to the packages, each with its own CANCELED event', async () => {
      const parent = await createShipment(s, token);
      const p1 = (await addPackage(parent.id)).body;
      const p2 = (await addPackage(parent.id)).body;
      await cancel(p1.id); // already canceled: stays as it is, no second event
      expect((await cancel(parent.id)).body.status).toBe('CANCELED');
      for (const p of [p1, p2]) {
        expect((await get(p.id)).status).toBe('CANCELED');
        expect((await events(p.id)).map((e) => e.status)).toEqual(['TO_COLLECT', 'CANCELED']);
      }
    });

    it('cancels nothing when one package is already in the carrier’s hands', async () => {
      const parent = await createShipment(s, token);
      const p1 = (await addPackage(parent.id)).body;
      const p2 = (await addPackage(parent.id)).body;
      await drive(s, token, p2.id, ['COLLECTED']);
      expect((await get(parent.id)).actions.cancel).toBe(false);
      expectProblem(await cancel(parent.id), 409, 'invalid_state');
      expect((await get(parent.id)).status).toBe('TO_COLLECT');
      expect((await get(p1.id)).status).toBe('TO_COLLECT');
      expect(await events(parent.id)).toHaveLength(1);
      expect(await events(p1.id)).toHaveLength(1);
    });

    it('accepts an empty JSON body, refuses a non-JSON one', async () => {
      const c = await createShipment(s, token);
      const empty = await s.request('POST', `/shipments/${c.id}/cancel`, {
        token,
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.status).toBe(200);
      const d = await createShipment(s, token);
      const text = await s.request('POST', `/shipments/${d.id}/cancel`, {
        token,
        rawBody: 'please',
        headers: { 'content-type': 'text/plain' },
      });
      expectProblem(text, 415, 'unsupported_media_type');
      expect((await get(d.id)).status).toBe('TO_COLLECT');
    });

    it("answers 404 for an unknown or another account's shipment", async () => {
      const c = await createShipment(s, token);
      expectProblem(await cancel('999999'), 404, 'not_found');
      expectProblem(await s.request('POST', `/shipments/${c.id}/cancel`, { token: otherToken }), 404, 'not_found');
      expect((await get(c.id)).status).toBe('TO_COLLECT');
    });
  });
});
