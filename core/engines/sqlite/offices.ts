import { boxAround, distanceKm, type LatLng } from '../../platform/geo.js';
import type { OfficeRecordT } from '../../features/offices/schemas.js';
import type { OfficePlace, OfficeRecord, OfficeStore } from '../../features/offices/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

/** An office as the table holds it: flags as 0/1. */
type OfficeRow = Omit<OfficeRecord, 'active' | 'parcel'> & { active: number; parcel: number };

interface GeoPoint {
  id: number;
  lat: number;
  lng: number;
}

const officeOf = (r: OfficeRow | undefined): OfficeRecord | undefined =>
  r && { ...r, active: r.active === 1, parcel: r.parcel === 1 };

/** First search radius of a near search; it doubles until the page is surely complete. */
const FIRST_RADIUS_KM = 1;
const HALF_EQUATOR_KM = 20_038;

/** "Usable" = what a buyer may pick: active and parcel-enabled (the interface shows only these). */
const USABLE = 'active = 1 AND parcel = 1';

export function createOfficeStore(db: Db): Sync<OfficeStore> {
  const byId = db.prepare<[number], OfficeRow>('SELECT * FROM offices WHERE id = ?');
  const any = db.prepare<[], { id: number }>('SELECT id FROM offices LIMIT 1');
  const codes = db.prepare<[], { id: number; code: string }>('SELECT id, code FROM offices');
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM offices WHERE ${USABLE}`);
  const countZip = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM offices WHERE ${USABLE} AND zip_key = ?`,
  );
  const placesOf = db.prepare<[string], OfficePlace>(
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

  const usableInBox = (b: ReturnType<typeof boxAround>, zip?: string) =>
    zip === undefined
      ? inBox.all(b.minLat, b.maxLat, b.minLng, b.maxLng)
      : inBoxZip.all(b.minLat, b.maxLat, b.minLng, b.maxLng, zip);

  return {
    byId: (id: number) => officeOf(byId.get(id)),
    isEmpty: () => any.get() === undefined,
    idsByCode: () => new Map(codes.all().map((r) => [r.code.toUpperCase(), r.id])),
    places: (zipKey) => placesOf.all(zipKey),
    countUsable: (zip?: string) => (zip === undefined ? count.get()!.n : countZip.get(zip)!.n),
    pageUsable: (zip: string | undefined, limit: number, offset: number) =>
      (zip === undefined ? page.all(limit, offset) : pageZip.all(zip, limit, offset)).map((r) => officeOf(r)!),
    /**
     * An R*Tree box of growing radius gathers candidates; once it holds `limit` offices within the radius, no
     * office outside the box can be nearer than those.
     */
    nearestUsable(p: LatLng, limit: number, zip?: string) {
      for (let r = FIRST_RADIUS_KM; ; r *= 2) {
        const found = usableInBox(boxAround(p, r), zip).map((g) => ({ id: g.id, km: distanceKm(p, g) }));
        const within = found.filter((f) => f.km <= r);
        if (within.length >= limit || r >= HALF_EQUATOR_KM)
          return (r >= HALF_EQUATOR_KM ? found : within).sort((a, b) => a.km - b.km || a.id - b.id).slice(0, limit);
      }
    },
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
    keyedWith: (): string | null | undefined => keyedWith.get()?.pattern,
    rekey(pattern: string | null, keyOf: (zip: string) => string): void {
      for (const o of zips.all()) setKey.run(keyOf(o.zip), o.id);
      setKeyedWith.run(pattern);
    },
    deactivate: (id: number, at: number) => deactivate.run(at, id).changes > 0,
  };
}
