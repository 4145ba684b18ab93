import { fieldError } from '../errors.js';
import { implement } from '../operations/types.js';
import { quoteApi } from './api.js';
import type { Destination } from './quote.js';
import type { QuoteQueryT } from './schemas.js';

/** Coordinates when both are given (they place the destination precisely), else the postal code. */
function destinationOf(q: QuoteQueryT): Destination {
  if (q.lat !== undefined && q.lng === undefined) throw fieldError('/lng', 'is required with lat');
  if (q.lng !== undefined && q.lat === undefined) throw fieldError('/lat', 'is required with lng');
  if (q.lat !== undefined && q.lng !== undefined) return { point: { lat: q.lat, lng: q.lng } };
  if (q.zip === undefined) throw fieldError('/zip', 'is required when lat and lng are not given');
  return { zip: q.zip };
}

export const quoteOperations = implement(quoteApi, {
  'quote.get': ({ services }, { query }) => services.quotes.quote(destinationOf(query), query.size ?? 'M'),
});
