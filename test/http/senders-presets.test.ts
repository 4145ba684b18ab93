import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, httpTransport, type StationClient } from '../../core/shared/client/index.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { directAccount } from '../helpers/fixtures.js';
import type { PartyT } from '../../core/platform/schemas/common.js';
import { errorPaths, expectProblem, party as anyParty } from './fixtures.js';

const RW = ['shipments.read', 'shipments.write'];

/** The problem an ApiError carries, or a failed test when the call succeeded. */
async function refused(call: Promise<unknown>) {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiError) return e.problem;
    throw e;
  }
  throw new Error('the call succeeded');
}

/** The fixtures' party, typed as the API's (its address type is a plain string there). */
const party = (...args: Parameters<typeof anyParty>) => anyParty(...args) as PartyT;

/** A stored row as the body that replaces it (everything but its id). */
const bodyOf = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

describe('senders and package presets over HTTP', () => {
  let s: Station;
  let acme: StationClient;
  let rival: StationClient;
  let acmeToken: string;
  let readerToken: string;

  beforeAll(async () => {
    s = await startInProcess();
    acmeToken = (await directAccount(s, 'acme', RW)).token;
    acme = createClient(httpTransport({ baseUrl: s.url, token: acmeToken }));
    rival = createClient(httpTransport({ baseUrl: s.url, token: (await directAccount(s, 'rival', RW)).token }));
    readerToken = (await directAccount(s, 'reader', ['shipments.read'])).token;
  });
  afterAll(() => s.stop());

  describe('senders', () => {
    it("gives a new account one sender at once, made from the rate card's origin, and keeps it", async () => {
      const first = await acme.call('senders.list');
      expect(first.data).toEqual([
        {
          id: expect.any(Number),
          label: 'Depósito Córdoba',
          is_default: true,
          contact: { name: 'Depósito Córdoba' },
          address: {
            street: 'Bv. de los Alemanes 3450',
            city: 'Córdoba',
            state: 'Córdoba',
            country: 'AR',
            zip: '5008',
            lat: -31.3731,
            lng: -64.157,
          },
        },
      ]);
      // Stored, not made up on each read.
      expect((await acme.call('senders.list')).data[0]!.id).toBe(first.data[0]!.id);
    });

    it('keeps exactly one default: a new default un-defaults the others, deleting it hands it on', async () => {
      const origin = (await acme.call('senders.list')).data[0]!;
      const north = await acme.call('senders.create', {
        body: { label: 'Sucursal Norte', ...party('Sucursal Norte', 'Salta', 'A4400') },
      });
      expect(north.is_default).toBe(false);
      const south = await acme.call('senders.create', {
        body: { label: 'Sucursal Sur', is_default: true, ...party('Sucursal Sur') },
      });
      expect(south.is_default).toBe(true);

      let list = (await acme.call('senders.list')).data;
      expect(list.map((x) => [x.label, x.is_default])).toEqual([
        ['Sucursal Sur', true],
        ['Depósito Córdoba', false],
        ['Sucursal Norte', false],
      ]);

      const moved = await acme.call('senders.update', {
        params: { id: String(north.id) },
        body: { ...bodyOf(north), is_default: true },
      });
      expect(moved.is_default).toBe(true);
      expect((await acme.call('senders.list')).data.filter((x) => x.is_default).map((x) => x.id)).toEqual([north.id]);

      const kept = await refused(
        acme.call('senders.update', {
          params: { id: String(north.id) },
          body: { ...bodyOf(north), is_default: false },
        }),
      );
      expect(kept).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(kept.errors?.[0]?.path).toBe('/is_default');

      expect(await acme.call('senders.delete', { params: { id: String(north.id) } })).toEqual({ deleted: true });
      list = (await acme.call('senders.list')).data;
      // The first remaining by label takes the default.
      expect(list.map((x) => [x.label, x.is_default])).toEqual([
        ['Depósito Córdoba', true],
        ['Sucursal Sur', false],
      ]);
      expect(list[0]!.id).toBe(origin.id);
    });

    it('replaces a sender whole and refuses a label the account already uses', async () => {
      const depot = (await acme.call('senders.list')).data.find((x) => x.label === 'Depósito Córdoba')!;
      const body = { label: 'Depósito', is_default: true, ...party('Depósito Córdoba', 'Córdoba', '5008') };
      const changed = await acme.call('senders.update', { params: { id: String(depot.id) }, body });
      expect(changed).toEqual({ id: depot.id, ...body });
      expect((await acme.call('senders.list')).data.find((x) => x.id === depot.id)).toEqual(changed);

      const dup = await refused(
        acme.call('senders.create', { body: { ...body, label: 'Sucursal Sur', is_default: false } }),
      );
      expect(dup.errors).toEqual([
        {
          path: '/label',
          message: expect.stringMatching(/^is already used by sender \d+$/),
          code: 'taken',
          params: { by: expect.any(Number) },
        },
      ]);
    });

    it("cannot delete an account's only sender", async () => {
      const list = (await rival.call('senders.list')).data;
      expect(list).toHaveLength(1);
      const only = await refused(rival.call('senders.delete', { params: { id: String(list[0]!.id) } }));
      expect(only).toMatchObject({ status: 409, code: 'invalid_state' });
      expect((await rival.call('senders.list')).data).toEqual(list);
    });

    it("hides another account's senders", async () => {
      const mine = (await acme.call('senders.list')).data[0]!;
      const theirs = (await rival.call('senders.list')).data;
      expect(theirs.map((x) => x.id)).not.toContain(mine.id);
      const params = { id: String(mine.id) };
      expect(
        await refused(rival.call('senders.update', { params, body: { ...bodyOf(mine), label: 'stolen' } })),
      ).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await refused(rival.call('senders.delete', { params }))).toMatchObject({ status: 404, code: 'not_found' });
      expect((await acme.call('senders.list')).data[0]).toEqual(mine);
    });

    it('names each bad field and changes nothing', async () => {
      const before = (await acme.call('senders.list')).data;
      const r = await s.request('POST', '/senders', {
        token: acmeToken,
        body: {
          label: '',
          contact: { name: 'x', phone: '123' },
          address: { ...party().address, country: 'XX' },
          extra: 1,
        },
      });
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r).sort()).toEqual(['/address/country', '/contact/phone', '/extra', '/label']);
      const badId = await s.request('PUT', '/senders/abc', {
        token: acmeToken,
        body: { label: 'x', is_default: true, ...party() },
      });
      expectProblem(badId, 400, 'validation_failed');
      expect(errorPaths(badId)).toEqual(['/id']);
      expect((await acme.call('senders.list')).data).toEqual(before);
    });

    it('reads with shipments.read and changes with shipments.write', async () => {
      expect((await s.request('GET', '/senders', { token: readerToken })).status).toBe(200);
      const denied = await s.request('POST', '/senders', { token: readerToken, body: { label: 'x', ...party() } });
      expect(expectProblem(denied, 403, 'forbidden').permission).toBe('shipments.write');
    });
  });

  describe('package presets', () => {
    it('starts empty, saves boxes by key (weight optional) and lists them by key', async () => {
      expect(await acme.call('presets.list')).toEqual({ data: [] });
      const big = await acme.call('presets.create', {
        body: { name: 'Caja grande', key: 'g', length: 60, width: 40, height: 40 },
      });
      const small = await acme.call('presets.create', {
        body: { name: 'Sobre', key: '1', length: 30, width: 20, height: 1, weight: 0.2 },
      });
      expect(big).toEqual({ id: expect.any(Number), name: 'Caja grande', key: 'g', length: 60, width: 40, height: 40 });
      expect(small.weight).toBe(0.2);
      expect((await acme.call('presets.list')).data).toEqual([small, big]);
      // Seeds nothing for another account, and hides these from it.
      expect(await rival.call('presets.list')).toEqual({ data: [] });
      expect(await refused(rival.call('presets.delete', { params: { id: String(big.id) } }))).toMatchObject({
        status: 404,
      });
    });

    it('keeps each key to one preset of the account; another account may use it', async () => {
      const [small, big] = (await acme.call('presets.list')).data;
      const taken = await refused(
        acme.call('presets.create', { body: { name: 'Otra', key: 'g', length: 1, width: 1, height: 1 } }),
      );
      expect(taken.errors).toEqual([
        { path: '/key', message: `g is already the key of preset ${big!.id}`, code: 'taken', params: { by: big!.id } },
      ]);
      const moved = await refused(
        acme.call('presets.update', { params: { id: String(small!.id) }, body: { ...bodyOf(small!), key: 'g' } }),
      );
      expect(moved.errors?.[0]?.path).toBe('/key');
      expect(
        (await rival.call('presets.create', { body: { name: 'Suya', key: 'g', length: 1, width: 1, height: 1 } })).key,
      ).toBe('g');

      // Replacing keeps its own key, and drops a weight left out.
      const { id } = small!;
      const { weight: _dropped, ...noWeight } = bodyOf(small!);
      const replaced = await acme.call('presets.update', {
        params: { id: String(id) },
        body: { ...noWeight, name: 'Sobre A4' },
      });
      expect(replaced).toEqual({ id, ...noWeight, name: 'Sobre A4' });
    });

    it('deletes a preset, and refuses bad keys and sizes naming each field', async () => {
      const before = (await acme.call('presets.list')).data;
      for (const key of ['G', 'ab', '', '-', 'ñ']) {
        const r = await s.request('POST', '/presets', {
          token: acmeToken,
          body: { name: 'x', key, length: 1, width: 1, height: 1 },
        });
        expect(errorPaths(r), key).toEqual(['/key']);
      }
      const sizes = await s.request('POST', '/presets', {
        token: acmeToken,
        body: { name: 'x', key: 'z', length: 0, width: -1, height: 'a', weight: 0 },
      });
      expect(errorPaths(sizes).sort()).toEqual(['/height', '/length', '/weight', '/width']);
      expect((await acme.call('presets.list')).data).toEqual(before);

      expect(await acme.call('presets.delete', { params: { id: String(before[0]!.id) } })).toEqual({ deleted: true });
      expect((await acme.call('presets.list')).data).toEqual(before.slice(1));
      expect(await refused(acme.call('presets.delete', { params: { id: String(before[0]!.id) } }))).toMatchObject({
        status: 404,
      });
    });
  });
});
