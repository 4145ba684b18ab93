import type { OfficePlace, OfficeRecord, OfficeStore } from '../../features/offices/store.js';
import { first, rows, type Sql } from './sql.js';

const USABLE = 'active AND parcel';

/** The office directory; nearest offices are ranked by great-circle distance in SQL (earthdistance). */
export function createOfficeStore(sql: Sql): OfficeStore {
  return {
    byId: (id) => first<OfficeRecord>(sql, 'SELECT * FROM offices WHERE id = $1', [id]),
    isEmpty: async () => (await first(sql, 'SELECT 1 FROM offices LIMIT 1')) === undefined,
    idsByCode: async () =>
      new Map(
        (await rows<{ id: number; code: string }>(sql, 'SELECT id, code FROM offices')).map((r) => [
          r.code.toUpperCase(),
          r.id,
        ]),
      ),
    places: (zipKey) =>
      rows<OfficePlace>(
        sql,
        `SELECT city, state, country, count(*)::int AS offices FROM offices WHERE zip_key = $1
          GROUP BY city, state, country ORDER BY offices DESC, city LIMIT 5`,
        [zipKey],
      ),
    countUsable: async (zip) =>
      (await first<{ n: number }>(
        sql,
        `SELECT count(*) AS n FROM offices WHERE ${USABLE} AND ($1::text IS NULL OR zip_key = $1)`,
        [zip ?? null],
      ))!.n,
    pageUsable: (zip, limit, offset) =>
      rows<OfficeRecord>(
        sql,
        `SELECT * FROM offices WHERE ${USABLE} AND ($1::text IS NULL OR zip_key = $1) ORDER BY id LIMIT $2 OFFSET $3`,
        [zip ?? null, limit, offset],
      ),
    nearestUsable: async (p, limit, zip) =>
      (
        await rows<{ id: number; m: number }>(
          sql,
          `SELECT id, earth_distance(ll_to_earth($1, $2), ll_to_earth(lat, lng)) AS m FROM offices
           WHERE ${USABLE} AND ($3::text IS NULL OR zip_key = $3)
           ORDER BY m, id LIMIT $4`,
          [p.lat, p.lng, zip ?? null, limit],
        )
      ).map((r) => ({ id: r.id, km: r.m / 1000 })),
    async upsert(id, r, zipKey, at) {
      const values = [
        r.code,
        r.name,
        r.company,
        r.street,
        r.city,
        r.state,
        r.country,
        r.zip,
        zipKey,
        r.lat,
        r.lng,
        r.active !== false,
        r.parcel_enabled !== false,
        r.opening_hours,
        at,
      ];
      if (id === undefined)
        await sql.query(
          `INSERT INTO offices (code, name, company, street, city, state, country, zip, zip_key, lat, lng, active, parcel,
             opening_hours, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          values,
        );
      else
        await sql.query(
          `UPDATE offices SET code = $1, name = $2, company = $3, street = $4, city = $5, state = $6, country = $7,
             zip = $8, zip_key = $9, lat = $10, lng = $11, active = $12, parcel = $13, opening_hours = $14, updated_at = $15
           WHERE id = $16`,
          [...values, id],
        );
    },
    keyedWith: async () =>
      (await first<{ pattern: string | null }>(sql, 'SELECT pattern FROM office_zip_keys WHERE id = 1'))?.pattern,
    async rekey(pattern, keyOf) {
      const all = await rows<{ id: number; zip: string }>(sql, 'SELECT id, zip FROM offices');
      await sql.query(
        'UPDATE offices o SET zip_key = k.key FROM unnest($1::bigint[], $2::text[]) AS k(id, key) WHERE o.id = k.id',
        [all.map((o) => o.id), all.map((o) => keyOf(o.zip))],
      );
      await sql.query(
        'INSERT INTO office_zip_keys (id, pattern) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET pattern = excluded.pattern',
        [pattern],
      );
    },
    deactivate: async (id, at) =>
      ((await sql.query('UPDATE offices SET active = false, updated_at = $2 WHERE id = $1 AND active', [id, at]))
        .rowCount ?? 0) > 0,
  };
}
