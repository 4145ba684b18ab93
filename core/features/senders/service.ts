import type { Clock } from '../../platform/clock.js';
import { fieldError, invalidState, notFound } from '../../shared/errors.js';
import type { RateCardFileT } from '../quote/ratecard-schema.js';
import { province } from '../../shared/schemas/places.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { SenderCreateT, SenderT, SenderUpdateT } from './schemas.js';
import type { SenderRecord, SenderStore } from './store.js';

const view = (r: SenderRecord): SenderT => ({
  id: r.id,
  label: r.label,
  is_default: r.is_default,
  contact: r.contact,
  address: r.address,
});

/** The rate card's origin as a sender: where the station ships from, so that a new desk has a sender at once. */
function fromOrigin(o: RateCardFileT['origin']): SenderCreateT {
  return {
    label: o.name,
    is_default: true,
    contact: { name: o.name },
    address: { street: o.street, city: o.city, state: o.state, country: o.country, zip: o.zip, lat: o.lat, lng: o.lng },
  };
}

/** A sender's province as the labels and the imports write it: "CABA" is Ciudad Autónoma de Buenos Aires. */
const provinceNamed = <T extends SenderCreateT | SenderUpdateT>(body: T): T => ({
  ...body,
  address: { ...body.address, state: province(body.address.state, body.address.country) },
});

/**
 * An account's senders. An account that has senders has exactly one default (the partial unique index holds it
 * too): making one default un-defaults the others, deleting the default hands it on, and the last sender stays.
 */
export function createSenderService(
  db: UnitOfWork<{ senders: SenderStore }>,
  clock: Clock,
  origin: () => Promise<RateCardFileT['origin']>,
) {
  async function existing(store: SenderStore, accountId: number, id: number): Promise<SenderRecord> {
    const row = await store.byId(accountId, id);
    if (!row) throw notFound(`sender ${id}`);
    return row;
  }

  async function assertLabelFree(store: SenderStore, accountId: number, label: string, self?: number) {
    const other = await store.idOfLabel(accountId, label);
    if (other !== undefined && other !== self)
      throw fieldError('/label', 'taken', `is already used by sender ${other}`, { by: other });
  }

  async function insert(store: SenderStore, accountId: number, body: SenderCreateT): Promise<SenderT> {
    await assertLabelFree(store, accountId, body.label);
    const now = clock.now().getTime();
    const isDefault = body.is_default === true || (await store.count(accountId)) === 0;
    if (isDefault) await store.clearDefault(accountId, now);
    const id = await store.insert(accountId, { ...provinceNamed(body), is_default: isDefault }, now);
    return view(await existing(store, accountId, id));
  }

  return {
    /** Seeds the account's first sender from the rate card's origin when it has none (in the same transaction). */
    async list(accountId: number): Promise<SenderT[]> {
      const seed = fromOrigin(await origin());
      if ((await db.stores.senders.count(accountId)) === 0)
        await db.transaction(async (tx) => {
          if ((await tx.senders.count(accountId)) === 0) await insert(tx.senders, accountId, seed);
        });
      return (await db.stores.senders.list(accountId)).map(view);
    },

    create: (accountId: number, body: SenderCreateT): Promise<SenderT> =>
      db.transaction((tx) => insert(tx.senders, accountId, body)),

    update(accountId: number, id: number, body: SenderUpdateT): Promise<SenderT> {
      return db.transaction(async ({ senders }) => {
        const row = await existing(senders, accountId, id);
        await assertLabelFree(senders, accountId, body.label, id);
        if (row.is_default && !body.is_default)
          throw fieldError(
            '/is_default',
            'const',
            'cannot be false for the default sender: make another sender the default instead',
            { value: true },
          );
        const now = clock.now().getTime();
        if (body.is_default) await senders.clearDefault(accountId, now);
        await senders.update(accountId, id, provinceNamed(body), now);
        return view(await existing(senders, accountId, id));
      });
    },

    /** The default passes to the first remaining sender (by label); an account's only sender cannot be deleted. */
    delete(accountId: number, id: number): Promise<{ deleted: true }> {
      return db.transaction(async ({ senders }) => {
        const row = await existing(senders, accountId, id);
        if ((await senders.count(accountId)) === 1)
          throw invalidState(`sender ${id} is the account's only sender; change it instead of deleting it`);
        await senders.remove(accountId, id);
        if (row.is_default) await senders.setDefault((await senders.list(accountId))[0]!.id, clock.now().getTime());
        return { deleted: true };
      });
    },
  };
}

export type SenderService = ReturnType<typeof createSenderService>;
