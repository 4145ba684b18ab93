import { readFileSync } from 'node:fs';
import type { Clock } from '../clock.js';
import { fieldError, notFound } from '../errors.js';
import { postalKey } from '../quote/ratecard.js';
import { pageEnvelope, pageWindow, type AddressT } from '../schemas/common.js';
import type { PickupOffices } from '../shipments/service.js';
import { inTransaction, type Db } from '../store/db.js';
import { boxAround, distanceKm, type LatLng } from '../geo.js';
import { readOfficeFile } from './import-file.js';
import type { OfficeRecordT, OfficeT } from './schemas.js';
import { createOfficeStore, type OfficeRow } from './store.js';

export function officeView(r: OfficeRow, distance?: number): OfficeT {
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

/** First search radius of `near`; it doubles until the page is surely complete. */
const FIRST_RADIUS_KM = 1;
const HALF_EQUATOR_KM = 20_038;

/**
 * The pickup-office directory: search for buyers, the address of a PICKUP shipment, imports for operators.
 *
 * `zipPattern` gives the active rate card's `zip_key`. A `zip` filter matches offices by postal key, so that a
 * directory that writes `X5000ABC` and a buyer who types `5000` meet. The keys are stored (and indexed) with the
 * pattern they were computed with; the card may change at any time, also from another process, so every search
 * and import first makes sure they follow the active one.
 */
export function createOfficeDirectory(db: Db, clock: Clock, zipPattern: () => string | undefined) {
  const store = createOfficeStore(db);

  function currentKeys(): (zip: string) => string {
    const pattern = zipPattern();
    const keyOf = postalKey(pattern);
    const stored = pattern ?? null;
    if (store.keyedWith() !== stored)
      inTransaction(db, () => {
        if (store.keyedWith() !== stored) store.rekey(stored, keyOf);
      });
    return keyOf;
  }

  /**
   * The `limit` usable offices nearest to `p`. An R*Tree box of growing radius gathers candidates; once it
   * holds `limit` offices within the radius, no office outside the box can be nearer than those.
   */
  function nearest(p: LatLng, limit: number, zip: string | undefined): Array<{ id: number; km: number }> {
    for (let r = FIRST_RADIUS_KM; ; r *= 2) {
      const found = store.usableInBox(boxAround(p, r), zip).map((g) => ({ id: g.id, km: distanceKm(p, g) }));
      const within = found.filter((f) => f.km <= r);
      if (within.length >= limit || r >= HALF_EQUATOR_KM) {
        return (r >= HALF_EQUATOR_KM ? found : within).sort((a, b) => a.km - b.km || a.id - b.id).slice(0, limit);
      }
    }
  }

  function search(q: OfficeQuery) {
    // Only a zip filter reads the keys: a search without one need not look at the rate card.
    const zip = q.zip === undefined ? undefined : currentKeys()(q.zip);
    const items = store.countUsable(zip);
    const window = pageWindow(q);
    const { offset, size } = window;
    let data: OfficeT[] = [];
    if (offset < items) {
      data = q.near
        ? nearest(q.near, Math.min(offset + size, items), zip)
            .slice(offset)
            .map((f) => officeView(store.byId(f.id)!, f.km))
        : store.pageUsable(zip, size, offset).map((r) => officeView(r));
    }
    return pageEnvelope(data, items, window);
  }

  /**
   * The places a postal code is, as the directory knows them: the desk suggests city and province from the postal
   * code typed. Matched by postal key, like `search`.
   */
  function places(zip: string) {
    return { data: store.places(currentKeys()(zip)) };
  }

  /** Adds new codes and updates known ones in one transaction; `replace` deactivates the codes left out. */
  function importRecords(records: OfficeRecordT[], opts: { replace?: boolean } = {}): ImportSummary {
    const at = clock.now().getTime();
    return inTransaction(db, () => {
      const keyOf = currentKeys();
      const ids = store.idsByCode();
      const summary: ImportSummary = { added: 0, updated: 0, deactivated: 0 };
      for (const r of records) {
        const key = r.code.toUpperCase();
        const id = ids.get(key);
        store.upsert(id, r, keyOf(r.zip), at);
        if (id === undefined) summary.added++;
        else summary.updated++;
        ids.delete(key);
      }
      // Left-out offices are deactivated, not deleted: shipments already sent to them keep their office.
      if (opts.replace) for (const id of ids.values()) if (store.deactivate(id, at)) summary.deactivated++;
      return summary;
    });
  }

  const pickupOffices: PickupOffices = {
    pickupAddress(officeId: number): AddressT {
      const o = store.byId(officeId);
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
    byId: (id: number) => {
      const o = store.byId(id);
      return o ? officeView(o) : undefined;
    },
    /** Validates the whole file first (OfficeImportError names each bad line), then writes it in one go. */
    importFile(text: string, format: 'json' | 'csv', opts: { replace?: boolean } = {}): ImportSummary {
      return importRecords(readOfficeFile(text, format), opts);
    },
    /** Loads the directory shipped in resources/ when the station has no office yet (first start). */
    loadDefaultIfEmpty(file: string): void {
      if (!store.isEmpty()) return;
      const records = readOfficeFile(readFileSync(file, 'utf8'), 'json');
      inTransaction(db, () => {
        // Checked again inside the write lock: another process may have seeded meanwhile.
        if (store.isEmpty()) importRecords(records);
      });
    },
  };
}

export type OfficeDirectory = ReturnType<typeof createOfficeDirectory>;
