import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE } from '../../core/platform/paths.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';

const ORIGIN = {
  contact: { name: 'Depósito Córdoba', phone: '+5493514000000' },
  address: { street: 'Bv. de los Alemanes 3450', city: 'Córdoba', state: 'Córdoba', country: 'AR', zip: '5008' },
};
const BUYER = { name: 'Lucía Fernández', phone: '+5493415550000', email: 'lucia@example.com' };
let seq = 0;

function pickupBody(office: number, over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    ref: `PICK-${process.pid}-${seq}`,
    type: 'DELIVERY',
    method: 'PICKUP',
    office,
    origin: ORIGIN,
    destination: { contact: BUYER },
    dimensions: { height: 10, width: 20, length: 30, weight: 1.2 },
    ...over,
  };
}

describe('PICKUP shipments against the office directory', () => {
  let s: Station;
  let token: string;
  let office: { id: number; address: Record<string, unknown> };
  const create = (body: unknown) => s.request('POST', '/shipments', { token, body });
  /** The id of an office of the shipped directory that a buyer cannot use (read from the store: the API hides them). */
  const officeIdWhere = (sql: string) => {
    const db = new Database(join(s.dataDir, DB_FILE), { readonly: true });
    try {
      return (db.prepare(`SELECT id FROM offices WHERE ${sql} LIMIT 1`).get() as { id: number }).id;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'shop', ['shipments.write', 'shipments.read'])).token;
    office = (await s.request('GET', '/offices?near=-31.4135,-64.1811&size=1', { token })).body.data[0];
  });
  afterAll(() => s.stop());

  it("fills the destination address with the office's", async () => {
    const r = await create(pickupBody(office.id));
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      method: 'PICKUP',
      office: office.id,
      destination: { contact: BUYER, address: office.address },
    });
    const read = await s.request('GET', `/shipments/${r.body.code}`, { token });
    expect(read.body.destination.address).toEqual(office.address);
  });

  it("accepts the office's own address and refuses another one", async () => {
    const same = await create(pickupBody(office.id, { destination: { contact: BUYER, address: office.address } }));
    expect(same.status, same.text).toBe(201);
    const other = { ...office.address, street: 'Otra Calle 1' };
    const r = await create(pickupBody(office.id, { destination: { contact: BUYER, address: other } }));
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/destination/address');
  });

  it('refuses an inactive office and one that takes no parcels, at /office', async () => {
    for (const where of ['active = 0', 'active = 1 AND parcel = 0']) {
      const id = officeIdWhere(where);
      const r = await create(pickupBody(id));
      expect(r.status, where).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.errors).toEqual([
        { path: '/office', message: expect.stringContaining(`office ${id}`), code: 'unavailable' },
      ]);
    }
  });

  it('answers 404 for an unknown office and stores nothing', async () => {
    const before = (await s.request('GET', '/shipments', { token })).body.items;
    const r = await create(pickupBody(999_999));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'not_found', detail: 'office 999999 not found' });
    expect((await s.request('GET', '/shipments', { token })).body.items).toBe(before);
  });

  it('needs an office, and type DELIVERY', async () => {
    const { office: _omit, ...noOffice } = pickupBody(office.id);
    const r = await create(noOffice);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/office');
    const ret = await create(pickupBody(office.id, { type: 'RETURN' }));
    expect(ret.status).toBe(400);
    expect(ret.body.errors[0].path).toBe('/type');
  });
});
