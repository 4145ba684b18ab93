import { notFound } from '../../shared/errors.js';
import type { ShipmentRecord } from './record.js';
import type { ShipmentStore } from './store.js';

/**
 * How a caller names a shipment, and how each name is found in a store (the reading one, or a transaction's).
 * Another account's shipment is never found.
 */
export function shipmentLookups(store: ShipmentStore) {
  /** The account's shipment with this code, in any letter case. */
  async function byCode(accountId: number, code: string): Promise<ShipmentRecord> {
    const row = await store.byCode(accountId, code.toUpperCase());
    if (!row) throw notFound(`shipment ${code}`);
    return row;
  }

  return {
    byCode,

    /** `{id}` in a path: a number (or digits) is the numeric id, anything else the code. */
    async resolve(accountId: number, idOrCode: number | string): Promise<ShipmentRecord> {
      if (typeof idOrCode === 'string' && !/^\d+$/.test(idOrCode)) return byCode(accountId, idOrCode);
      // An id past the integers a store keeps names no shipment.
      const id = Number(idOrCode);
      const row = Number.isSafeInteger(id) ? await store.byId(accountId, id) : undefined;
      if (!row) throw notFound(`shipment ${idOrCode}`);
      return row;
    },

    /** What an order number or a label's code names, if anything. */
    async find(accountId: number, by: { ref: string } | { code: string }): Promise<ShipmentRecord | undefined> {
      if ('code' in by) return store.byCode(accountId, by.code.toUpperCase());
      const hit = await store.byRef(accountId, by.ref);
      return hit && store.byId(accountId, hit.id);
    },

    /** The account a shipment code belongs to, for tools that act without a token (`station print --to`). */
    async accountOfCode(code: string): Promise<number> {
      const accountId = await store.accountOfCode(code.toUpperCase());
      if (accountId === undefined) throw notFound(`shipment ${code}`);
      return accountId;
    },
  };
}

export type ShipmentLookups = ReturnType<typeof shipmentLookups>;
