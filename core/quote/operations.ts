import { fieldError } from '../errors.js';
import { defineOperation } from '../operations/types.js';
import type { Destination } from './quote.js';
import { QuoteOptions, QuoteQuery, type QuoteQueryT } from './schemas.js';

/** Coordinates when both are given (they place the destination precisely), else the postal code. */
function destinationOf(q: QuoteQueryT): Destination {
  if (q.lat !== undefined && q.lng === undefined) throw fieldError('/lng', 'is required with lat');
  if (q.lng !== undefined && q.lat === undefined) throw fieldError('/lat', 'is required with lng');
  if (q.lat !== undefined && q.lng !== undefined) return { point: { lat: q.lat, lng: q.lng } };
  if (q.zip === undefined) throw fieldError('/zip', 'is required when lat and lng are not given');
  return { zip: q.zip };
}

export const quoteOperations = [
  defineOperation({
    name: 'quote.get',
    summary: 'Quote the shipping methods for a destination',
    description:
      'One option per method of the active rate card that serves the destination in this size, cheapest first; ' +
      '`[]` when no zone holds it. Give `zip`, or `lat` and `lng` (coordinates win when both are given). ' +
      'Dates count business days from dispatch (today before the cut-off of a working day, else the next working day).',
    tags: ['Quotes'],
    permission: 'rates.read',
    input: { query: QuoteQuery },
    output: QuoteOptions,
    handler: ({ services }, { query }) => services.quotes.quote(destinationOf(query), query.size ?? 'M'),
  }),
];
