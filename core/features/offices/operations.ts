import { rangeError } from '../../shared/errors.js';
import { implement, uses } from '../../platform/operations/types.js';
import type { OfficeDirectory } from './directory.js';
import type { LatLng } from '../../platform/geo.js';
import { officeApi } from './api.js';

/** `near=lat,lng` (its shape is checked by the schema; the ranges here). */
function parseNear(near: string): LatLng {
  const [lat, lng] = near.split(',').map((s) => Number(s.trim())) as [number, number];
  if (lat < -90 || lat > 90) throw rangeError('/near', 'latitude must be from -90 to 90', lat, { min: -90, max: 90 });
  if (lng < -180 || lng > 180)
    throw rangeError('/near', 'longitude must be from -180 to 180', lng, { min: -180, max: 180 });
  return { lat, lng };
}

const used = uses<{ offices: OfficeDirectory }>({ offices: true });

export const officeOperations = implement(officeApi, used, {
  'offices.search': ({ services }, { query }) =>
    services.offices.search({
      zip: query.zip,
      near: query.near === undefined ? undefined : parseNear(query.near),
      page: query.page,
      size: query.size,
    }),
  'offices.places': ({ services }, { query }) => services.offices.places(query.zip),
});
