import { fieldError, validationError } from '../../shared/errors.js';
import { implement, uses } from '../../platform/operations/types.js';
import type { QuoteService } from './service.js';
import { quoteApi } from './api.js';
import type { Parcel } from './parcel-size.js';
import type { Destination } from './quote.js';
import type { Size } from './ratecard-schema.js';
import type { QuoteQueryT } from './schemas.js';

/**
 * Coordinates when both are given (they place the destination precisely), else the postal code. The schema has
 * made sure that `lat` and `lng` come together, and that `zip` is there without them.
 */
function destinationOf(q: QuoteQueryT): Destination {
  if (q.lat !== undefined && q.lng !== undefined) return { point: { lat: q.lat, lng: q.lng } };
  return { zip: q.zip! };
}

const PARCEL = ['length', 'width', 'height', 'weight'] as const;

/** A size, or the parcel whose size the rate card decides: all four measures, and then no size. */
function sizeOf(q: QuoteQueryT): Size | Parcel {
  const given = PARCEL.filter((k) => q[k] !== undefined);
  if (given.length === 0) return q.size ?? 'M';
  if (q.size !== undefined)
    throw fieldError('/size', 'not_allowed', 'must not be given with the parcel (the rate card decides its size)');
  const missing = PARCEL.filter((k) => q[k] === undefined);
  if (missing.length)
    throw validationError(
      missing.map((k) => ({
        path: `/${k}`,
        message: `is required with ${given.join(', ')}`,
        code: 'required',
        params: { with: given },
      })),
    );
  return { length: q.length!, width: q.width!, height: q.height!, weight: q.weight! };
}

const used = uses<{ quotes: QuoteService }>({ quotes: true });

export const quoteOperations = implement(quoteApi, used, {
  'quote.get': ({ services }, { query }) => services.quotes.quote(destinationOf(query), sizeOf(query)),
});
