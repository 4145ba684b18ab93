import type { Db } from '../store/db.js';
import type { OfficeRecordT } from './schemas.js';

export interface OfficeRow {
  id: number;
  code: string;
  name: string;
  company: string;
  street: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  zip_key: string | null;
  lat: number;
  lng: number;
  active: number;
  parcel: number;
  opening_hours: string;
  updated_at: number;
}

export interface GeoPoint {
  id: number;
  lat: number;
  lng: number;
}

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** "Usable" = what a buyer may pick: active and parcel-enabled (the interface shows only these). */
const USABLE = 'active = 1 AND parcel = 1';

/** SQL of the office directory. Callers hold the transaction for writes. */
export function createOfficeStore(db: Db) {
  const byId = db.prepare<[number], OfficeRow>('SELECT * FROM offices WHERE id = ?');
  const any = db.prepare<[], { id: number }>('SELECT id FROM offices LIMIT 1');
  const codes = db.prepare<[], { id: number; code: string }>('SELECT id, code FROM offices');
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM offices WHERE ${USABLE}`);
  const countZip = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM offices WHERE ${USABLE} AND zip_key = ?`,
  );
  // Every office of the directory, active or not: where it stands says which city a postal code is.
  const placesOf = db.prepare<[string], { city: string; state: string; country: string; offices: number }>(
    `SELECT city, state, country, count(*) AS offices FROM offices WHERE zip_key = ?
      GROUP BY city, state, country ORDER BY offices DESC, city LIMIT 5`,
  );
  const page = db.prepare<[number, number], OfficeRow>(
    `SELECT * FROM offices WHERE ${USABLE} ORDER BY id LIMIT ? OFFSET ?`,
  );
  const pageZip = db.prepare<[string, number, number], OfficeRow>(
    `SELECT * FROM offices WHERE ${USABLE} AND zip_key = ? ORDER BY id LIMIT ? OFFSET ?`,
  );
  // offices_geo holds only usable offices (triggers in migration 002), so the box alone filters them.
  // Only id and the exact coordinates (the R*Tree keeps 32-bit floats): rows are read for the final page only.
  const inBox = db.prepare<[number, number, number, number], GeoPoint>(
    `SELECT o.id, o.lat, o.lng FROM offices_geo g JOIN offices o ON o.id = g.id
      WHERE g.max_lat >= ? AND g.min_lat <= ? AND g.max_lng >= ? AND g.min_lng <= ?`,
  );
  const inBoxZip = db.prepare<[number, number, number, number, string], GeoPoint>(
    `SELECT o.id, o.lat, o.lng FROM offices_geo g JOIN offices o ON o.id = g.id
      WHERE g.max_lat >= ? AND g.min_lat <= ? AND g.max_lng >= ? AND g.min_lng <= ? AND o.zip_key = ?`,
  );
  const keyedWith = db.prepare<[], { pattern: string | null }>('SELECT pattern FROM office_zip_keys WHERE id = 1');
  const setKeyedWith = db.prepare<[string | null]>(
    'INSERT INTO office_zip_keys (id, pattern) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET pattern = excluded.pattern',
  );
  const zips = db.prepare<[], { id: number; zip: string }>('SELECT id, zip FROM offices');
  const setKey = db.prepare<[string, number]>('UPDATE offices SET zip_key = ? WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO offices (code, name, company, street, city, state, country, zip, zip_key, lat, lng, active, parcel, opening_hours, updated_at)
     VALUES (@code, @name, @company, @street, @city, @state, @country, @zip, @zip_key, @lat, @lng, @active, @parcel, @opening_hours, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE offices SET code = @code, name = @name, company = @company, street = @street, city = @city, state = @state,
       country = @country, zip = @zip, zip_key = @zip_key, lat = @lat, lng = @lng, active = @active, parcel = @parcel,
       opening_hours = @opening_hours, updated_at = @updated_at
     WHERE id = @id`,
  );
  const deactivate = db.prepare<[number, number]>(
    'UPDATE offices SET active = 0, updated_at = ? WHERE id = ? AND active = 1',
  );

  return {
    byId: (id: number) => byId.get(id),
    isEmpty: () => any.get() === undefined,
    /** Every office's id by upper-case code, to match import rows to the offices they update. */
    idsByCode: () => new Map(codes.all().map((r) => [r.code.toUpperCase(), r.id])),
    /** The cities (with province and country) of the offices at a postal key, most offices first. */
    places: (zipKey: string) => placesOf.all(zipKey),
    countUsable: (zip?: string) => (zip === undefined ? count.get()!.n : countZip.get(zip)!.n),
    pageUsable: (zip: string | undefined, limit: number, offset: number) =>
      zip === undefined ? page.all(limit, offset) : pageZip.all(zip, limit, offset),
    usableInBox: (b: Box, zip?: string) =>
      zip === undefined
        ? inBox.all(b.minLat, b.maxLat, b.minLng, b.maxLng)
        : inBoxZip.all(b.minLat, b.maxLat, b.minLng, b.maxLng, zip),
    upsert(id: number | undefined, r: OfficeRecordT, zipKey: string, at: number): void {
      const row = {
        code: r.code,
        name: r.name,
        company: r.company,
        street: r.street,
        city: r.city,
        state: r.state,
        country: r.country,
        zip: r.zip,
        zip_key: zipKey,
        lat: r.lat,
        lng: r.lng,
        active: r.active === false ? 0 : 1,
        parcel: r.parcel_enabled === false ? 0 : 1,
        opening_hours: r.opening_hours,
        updated_at: at,
      };
      if (id === undefined) insert.run(row);
      else update.run({ ...row, id });
    },
    /** The `zip_key` pattern the stored keys were computed with: null for none, undefined if never keyed. */
    keyedWith: (): string | null | undefined => keyedWith.get()?.pattern,
    /** Recomputes every office's key (callers hold the transaction). */
    rekey(pattern: string | null, keyOf: (zip: string) => string): void {
      for (const o of zips.all()) setKey.run(keyOf(o.zip), o.id);
      setKeyedWith.run(pattern);
    },
    /** Returns whether the office was active before. */
    deactivate: (id: number, at: number) => deactivate.run(at, id).changes > 0,
  };
}

export type OfficeStore = ReturnType<typeof createOfficeStore>;
