import type { Clock } from '../clock.js';
import { fieldError, invalidState, notFound } from '../errors.js';
import type { RateCardFileT } from '../quote/ratecard-schema.js';
import type { AddressT, ContactT } from '../schemas/common.js';
import { inTransaction, type Db } from '../store/db.js';
import type { SenderCreateT, SenderT, SenderUpdateT } from './schemas.js';
import { createSenderStore, type SenderRow } from './store.js';

function view(r: SenderRow): SenderT {
  return {
    id: r.id,
    label: r.label,
    is_default: r.is_default === 1,
    contact: JSON.parse(r.contact) as ContactT,
    address: JSON.parse(r.address) as AddressT,
  };
}

const values = (body: SenderCreateT, isDefault: boolean) =>
  ({
    label: body.label,
    is_default: isDefault ? 1 : 0,
    contact: JSON.stringify(body.contact),
    address: JSON.stringify(body.address),
  }) as const;

/** The rate card's origin as a sender: where the station ships from, so that a new desk has a sender at once. */
function fromOrigin(o: RateCardFileT['origin']): SenderCreateT {
  return {
    label: o.name,
    is_default: true,
    contact: { name: o.name },
    address: { street: o.street, city: o.city, state: o.state, country: o.country, zip: o.zip, lat: o.lat, lng: o.lng },
  };
}

/**
 * An account's senders. An account that has senders has exactly one default (the partial unique index holds it
 * too): making one default un-defaults the others, deleting the default hands it on, and the last sender stays.
 */
export function createSenderService(db: Db, clock: Clock, origin: () => RateCardFileT['origin']) {
  const store = createSenderStore(db);

  function existing(accountId: number, id: number): SenderRow {
    const row = store.byId(accountId, id);
    if (!row) throw notFound(`sender ${id}`);
    return row;
  }

  function assertLabelFree(accountId: number, label: string, self?: number): void {
    const other = store.idOfLabel(accountId, label);
    if (other !== undefined && other !== self)
      throw fieldError('/label', 'taken', `is already used by sender ${other}`, { by: other });
  }

  function insert(accountId: number, body: SenderCreateT): SenderT {
    assertLabelFree(accountId, body.label);
    const now = clock.now().getTime();
    const isDefault = body.is_default === true || store.count(accountId) === 0;
    if (isDefault) store.clearDefault(accountId, now);
    return view(existing(accountId, store.insert(accountId, values(body, isDefault), now)));
  }

  return {
    /** Seeds the account's first sender from the rate card's origin when it has none (in the same transaction). */
    list(accountId: number): SenderT[] {
      return inTransaction(db, () => {
        if (store.count(accountId) === 0) insert(accountId, fromOrigin(origin()));
        return store.list(accountId).map(view);
      });
    },

    create: (accountId: number, body: SenderCreateT): SenderT => inTransaction(db, () => insert(accountId, body)),

    update(accountId: number, id: number, body: SenderUpdateT): SenderT {
      return inTransaction(db, () => {
        const row = existing(accountId, id);
        assertLabelFree(accountId, body.label, id);
        if (row.is_default === 1 && !body.is_default)
          throw fieldError(
            '/is_default',
            'const',
            'cannot be false for the default sender: make another sender the default instead',
            { value: true },
          );
        const now = clock.now().getTime();
        if (body.is_default) store.clearDefault(accountId, now);
        store.update(accountId, id, values(body, body.is_default), now);
        return view(existing(accountId, id));
      });
    },

    /** The default passes to the first remaining sender (by label); an account's only sender cannot be deleted. */
    delete(accountId: number, id: number): { deleted: true } {
      return inTransaction(db, () => {
        const row = existing(accountId, id);
        if (store.count(accountId) === 1)
          throw invalidState(`sender ${id} is the account's only sender; change it instead of deleting it`);
        store.remove(accountId, id);
        if (row.is_default === 1) store.setDefault(store.list(accountId)[0]!.id, clock.now().getTime());
        return { deleted: true };
      });
    },
  };
}

export type SenderService = ReturnType<typeof createSenderService>;
