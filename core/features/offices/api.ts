import { defineSpecs } from '../../shared/spec.js';
import { OfficePage, OfficeSearch, Places, PlacesQuery } from './schemas.js';

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
  'offices.places': {
    summary: 'The city and province of a postal code',
    description:
      'Addition: the places the office directory has offices at for this postal code (active or not), most offices first; the desk suggests city and province from it.',
    tags: ['Offices'],
    permission: 'shipments.write',
    http: { method: 'GET', path: '/offices/places' },
    input: { query: PlacesQuery },
    output: Places,
  },
});
