import { defineSpecs } from '../operations/spec.js';
import { OfficePage, OfficeSearch } from './schemas.js';

export const officeApi = defineSpecs({
  'offices.search': {
    summary: 'Search pickup offices',
    description:
      'Only active offices that deliver parcels. `zip` filters by postal code. Addition: `near=lat,lng` orders ' +
      'nearest first and adds `distance_km` to each office. Pages count from 1; a page past the end is empty with `last: true`.',
    tags: ['Offices'],
    permission: 'shipments.write',
    http: { method: 'GET', path: '/offices' },
    input: { query: OfficeSearch },
    output: OfficePage,
  },
});
