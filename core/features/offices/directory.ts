import { readFileSync } from 'node:fs';
import type { Clock } from '../../platform/clock.js';
import { fieldError, notFound } from '../../shared/errors.js';
import { postalKey } from '../quote/ratecard.js';
import { pageEnvelope, pageWindow, type AddressT } from '../../platform/schemas/common.js';
import type { PickupOffices } from '../shipments/service.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { LatLng } from '../../platform/geo.js';
import { readOfficeFile } from './import-file.js';
import type { OfficeRecordT, OfficeT } from './schemas.js';
import type { OfficeRecord, OfficeStore } from './store.js';

export function officeView(r: OfficeRecord, distance?: number): OfficeT {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    company: r.company,
    address: { street: r.street, city: r.city, state: r.state, country: r.country, zip: r.zip, lat: r.lat, lng: r.lng },
    opening_hours: r.opening_hours,
    ...(distance === undefined ? {} : { distance_km: Math.round(distance * 1000) / 1000 }),
  };
}

export interface OfficeQuery {
  zip?: string | undefined;
  near?: LatLng | undefined;
  page?: number | undefined;
  size?: number | undefined;
}

export interface ImportSummary {
  added: number;
  updated: number;
  deactivated: number;
}

/**
 * The pickup-office directory: search for buyers, the address of a PICKUP shipment, imports for operators.
 *
 * `zipPattern` gives the active rate card's `zip_key`. A `zip` filter matches offices by postal key, so that a
 * directory that writes `X5000ABC` and a buyer who types `5000` meet. The keys are stored (and indexed) with the
 * pattern they were computed with; the card may change at any time, also from another process, so every search
 * and import first makes sure they follow the active one.
 */
export function createOfficeDirectory(
  db: UnitOfWork<{ offices: OfficeStore }>,
  clock: Clock,
  zipPattern: () => Promise<string | undefined>,
) {
  const store = db.stores.offices;

  /** The stored keys brought up to `pattern` (in `s`, a transaction's store); returns its key function. */
  async function keyedBy(s: OfficeStore, pattern: string | undefined): Promise<(zip: string) => string> {
    const keyOf = postalKey(pattern);
    if ((await s.keyedWith()) !== (pattern ?? null)) await s.rekey(pattern ?? null, keyOf);
    return keyOf;
  }

  /** The key function of the active card, the stored keys brought up to it first. */
  async function currentKeys(): Promise<(zip: string) => string> {
    const pattern = await zipPattern();
    if ((await store.keyedWith()) !== (pattern ?? null)) return db.transaction((tx) => keyedBy(tx.offices, pattern));
    return postalKey(pattern);
  }

  async function search(q: OfficeQuery) {
    // Only a zip filter reads the keys: a search without one need not look at the rate card.
    const zip = q.zip === undefined ? undefined : (await currentKeys())(q.zip);
    const items = await store.countUsable(zip);
    const window = pageWindow(q);
    const { offset, size } = window;
    let data: OfficeT[] = [];
    if (offset < items) {
      if (q.near) {
        const nearest = (await store.nearestUsable(q.near, Math.min(offset + size, items), zip)).slice(offset);
        data = await Promise.all(nearest.map(async (f) => officeView((await store.byId(f.id))!, f.km)));
      } else data = (await store.pageUsable(zip, size, offset)).map((r) => officeView(r));
    }
    return pageEnvelope(data, items, window);
  }

  /**
   * The places a postal code is, as the directory knows them: the desk suggests city and province from the postal
   * code typed. Matched by postal key, like `search`.
   */
  async function places(zip: string) {
    return { data: await store.places((await currentKeys())(zip)) };
  }

  /** Adds new codes and updates known ones in one transaction; `replace` deactivates the codes left out. */
  async function importRecords(
    tx: { offices: OfficeStore },
    records: OfficeRecordT[],
    pattern: string | undefined,
    opts: { replace?: boolean } = {},
  ): Promise<ImportSummary> {
    const at = clock.now().getTime();
    const keyOf = await keyedBy(tx.offices, pattern);
    const ids = await tx.offices.idsByCode();
    const summary: ImportSummary = { added: 0, updated: 0, deactivated: 0 };
    for (const r of records) {
      const key = r.code.toUpperCase();
      const id = ids.get(key);
      await tx.offices.upsert(id, r, keyOf(r.zip), at);
      if (id === undefined) summary.added++;
      else summary.updated++;
      ids.delete(key);
    }
    // Left-out offices are deactivated, not deleted: shipments already sent to them keep their office.
    if (opts.replace) for (const id of ids.values()) if (await tx.offices.deactivate(id, at)) summary.deactivated++;
    return summary;
  }

  const pickupOffices: PickupOffices = {
    async pickupAddress(officeId: number): Promise<AddressT> {
      const o = await store.byId(officeId);
      if (!o) throw notFound(`office ${officeId}`);
      if (!o.active) throw fieldError('/office', 'unavailable', `office ${officeId} is not active`);
      if (!o.parcel) throw fieldError('/office', 'unavailable', `office ${officeId} does not deliver parcels`);
      return {
        street: o.street,
        city: o.city,
        state: o.state,
        country: o.country,
        zip: o.zip,
        lat: o.lat,
        lng: o.lng,
      };
    },
  };

  return {
    ...pickupOffices,
    search,
    places,
    /** Any office by id, usable or not (labels of older shipments still show their office). */
    byId: async (id: number) => {
      const o = await store.byId(id);
      return o ? officeView(o) : undefined;
    },
    /** Validates the whole file first (OfficeImportError names each bad line), then writes it in one go. */
    async importFile(text: string, format: 'json' | 'csv', opts: { replace?: boolean } = {}): Promise<ImportSummary> {
      const records = readOfficeFile(text, format);
      const pattern = await zipPattern();
      return db.transaction((tx) => importRecords(tx, records, pattern, opts));
    },
    /** Loads the directory shipped in resources/ when the station has no office yet (first start). */
    async loadDefaultIfEmpty(file: string): Promise<void> {
      if (!(await store.isEmpty())) return;
      const records = readOfficeFile(readFileSync(file, 'utf8'), 'json');
      const pattern = await zipPattern();
      await db.transaction(async (tx) => {
        // Checked again inside the transaction: another process may have seeded meanwhile.
        if (await tx.offices.isEmpty()) await importRecords(tx, records, pattern);
      });
    },
  };
}

export type OfficeDirectory = ReturnType<typeof createOfficeDirectory>;
