import { defineSpecs } from '../../shared/spec.js';
import { QuoteOptions, QuoteQuery } from './schemas.js';

export const quoteApi = defineSpecs({
  'quote.get': {
    summary: 'Quote the shipping methods for a destination',
    description:
      'One option per method of the active rate card that serves the destination in this size, cheapest first; ' +
      '`[]` when no zone holds it. Give `zip`, or `lat` and `lng` (coordinates win when both are given): `lat` and `lng` go ' +
      'together, and `zip` is required without them (400 naming the field). ' +
      'The size is `size` (M when absent), or with `length`, `width`, `height` and `weight` the smallest size of the card that holds the parcel; ' +
      'a parcel beyond the largest size is a 400 naming each field that breaks it. ' +
      'Dates count business days from dispatch (today before the cut-off of a working day, else the next working day).',
    tags: ['Quotes'],
    permission: 'rates.read',
    http: { method: 'GET', path: '/quote' },
    input: { query: QuoteQuery },
    output: QuoteOptions,
  },
});
