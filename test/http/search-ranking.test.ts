import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment, party, type Body } from './fixtures.js';

/**
 * The operator's complaints about `q` (issue 17): every shipment leaves from the station's own address in Córdoba,
 * so `cordoba` matched them all; a ref typed whole (`LNRJ6-3`) matched by its parts anywhere, street numbers too.
 */
describe('search: ranking and the side searched (station serve)', () => {
  let s: Station;
  let token: string;
  const refs = (r: { body: { data: Body[] } }) => r.body.data.map((x) => x.ref as string);
  const search = async (query: string) => {
    const r = await s.request('GET', `/shipments?${query}`, { token });
    expect(r.status, r.text).toBe(200);
    return r;
  };
  const made: Record<string, Body> = {};

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('desk'), ALL_PERMISSIONS)).token;
    await a.close();
    const station = party('Depósito Córdoba', 'Córdoba', 'X5008');
    const to = (name: string, city: string, zip: string, street: string) => {
      const p = party(name, city, zip);
      return { ...p, address: { ...p.address, street, state: city === 'Córdoba' ? 'Córdoba' : 'Buenos Aires' } };
    };
    // Oldest first: LNRJ6-3 is the oldest, so newest-first puts it last unless typed whole.
    const rows: Array<[string, Body]> = [
      ['LNRJ6-3', to('Ana Ruiz', 'Rosario', 'S2000', 'Mitre 45')],
      ['LNRJ6-30', to('Beto Gil', 'Mendoza', 'M5500', 'San Juan 77')],
      ['LNRJ6-4', to('Carla Paz', 'Córdoba', 'X5000', 'Colón 3')],
      ['LNRJ7-1', to('Dora Sosa', 'Salta', 'A4400', 'Belgrano 3')],
      ['LNRJ6-5', to('Eva Luna', 'Córdoba', 'X5001', 'Sarmiento 31')],
    ];
    for (const [ref, destination] of rows)
      made[ref] = await createShipment(s, token, { ref, origin: station, destination });
    for (let i = 0; i < 30; i++)
      await createShipment(s, token, {
        ref: `FILL-${i}`,
        origin: station,
        destination: to('Fede', 'Tandil', 'B7000', 'Av. 3'),
      });
  });
  afterAll(() => s?.stop());

  it('searches the receiver’s side when asked: the station’s own city no longer matches every shipment', async () => {
    expect((await search('q=cordoba&size=100')).body.items).toBe(35);
    const receivers = await search('q=cordoba&party=RECEIVER&size=100');
    expect(refs(receivers).sort()).toEqual(['LNRJ6-4', 'LNRJ6-5']);
    expect(receivers.body.items).toBe(2);
    expect((await search('q=deposito&party=RECEIVER')).body.items).toBe(0);
    expect((await search('q=deposito&party=SENDER&size=1')).body.items).toBe(35);
    // Ref and code are searched on either side.
    expect(refs(await search(`q=${made['LNRJ7-1']!.code}&party=SENDER`))).toEqual(['LNRJ7-1']);
  });

  it('finds a ref typed whole first, and its parts only side by side (no street number matches)', async () => {
    const r = await search('q=LNRJ6-3');
    // LNRJ6-30 goes on from LNRJ6-3; Colón 3 and Belgrano 3 are not LNRJ6 followed by 3.
    expect(refs(r)).toEqual(['LNRJ6-3', 'LNRJ6-30']);
    expect(r.body.items).toBe(2);
    expect(refs(await search('q=lnrj6-3&sort=OLDEST'))).toEqual(['LNRJ6-3', 'LNRJ6-30']);
    expect(refs(await search('q=LNRJ6-30'))).toEqual(['LNRJ6-30']);
  });

  it('puts the shipment of a code typed whole first whatever the sort, and pages the rest after it once', async () => {
    const code = made['LNRJ6-3']!.code as string;
    expect(refs(await search(`q=${code.toLowerCase()}`))[0]).toBe('LNRJ6-3');
    // `lnrj6` matches four shipments; typed as a ref it is none, so the order is the sort's.
    expect(refs(await search('q=lnrj6'))).toEqual(['LNRJ6-5', 'LNRJ6-4', 'LNRJ6-30', 'LNRJ6-3']);
    expect(refs(await search('q=LNRJ6-3&party=RECEIVER&size=1&page=1'))).toEqual(['LNRJ6-3']);
    expect(refs(await search('q=LNRJ6-3&party=RECEIVER&size=1&page=2'))).toEqual(['LNRJ6-30']);
    const last = await search('q=LNRJ6-3&size=1&page=3');
    expect(last.body).toMatchObject({ data: [], items: 2, pages: 2, last: true });
    // Other filters still apply to it.
    expect(refs(await search('q=LNRJ6-3&status=COLLECTED'))).toEqual([]);
  });

  it('refuses an unknown party by naming the field', async () => {
    const r = await s.request('GET', '/shipments?q=x&party=BOTH', { token });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/party');
  });
});
