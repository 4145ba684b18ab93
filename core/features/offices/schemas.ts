import { Type, type Static } from '@sinclair/typebox';
import { Country, Page, PageQuery, RequiredText } from '../../platform/schemas/common.js';
import { named } from '../../shared/schemas/named.js';

/**
 * Opening hours in a subset of OpenStreetMap's `opening_hours` syntax, which people and map tools already read:
 * `Mo-Fr 09:00-18:00; Sa 09:00-13:00`, `24/7`, `Mo-Fr 08:00-12:00,16:00-20:00; Su off`.
 */
const day = '(Mo|Tu|We|Th|Fr|Sa|Su|PH)';
const days = `${day}(-${day})?(,${day}(-${day})?)*`;
const span = '([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-4]):[0-5][0-9]';
const rule = `${days} (${span}(,${span})*|off)`;
export const OpeningHours = Type.String({
  pattern: `^(24/7|${rule}(; ?${rule})*)$`,
  maxLength: 500,
  description: 'OpenStreetMap opening_hours subset, e.g. "Mo-Fr 09:00-18:00; Sa 09:00-13:00"',
  'x-error': 'must be opening hours like "Mo-Fr 09:00-18:00; Sa 09:00-13:00"',
  'x-format': 'opening_hours',
});

/** One row of an office import file (JSON array item or CSV line with these column names). */
export const OfficeRecord = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$',
      'x-error': 'must be 1 to 32 letters, digits, ., _ or -',
      'x-format': 'office_code',
    }),
    name: RequiredText('Office name'),
    company: RequiredText('Company operating the office'),
    street: RequiredText('Street and number'),
    city: RequiredText('Locality'),
    state: RequiredText('Province'),
    country: Country,
    zip: Type.String({ minLength: 1, maxLength: 20, 'x-error': 'must be 1 to 20 characters' }),
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    active: Type.Optional(Type.Boolean({ description: 'true when absent' })),
    parcel_enabled: Type.Optional(Type.Boolean({ description: 'Delivers parcels; true when absent' })),
    opening_hours: OpeningHours,
  },
  { additionalProperties: false },
);
export type OfficeRecordT = Static<typeof OfficeRecord>;

export const OfficeAddress = named(
  'OfficeAddress',
  Type.Object({
    street: Type.String(),
    city: Type.String(),
    state: Type.String(),
    country: Type.String(),
    zip: Type.String(),
    lat: Type.Number(),
    lng: Type.Number(),
  }),
);

export const Office = named(
  'Office',
  Type.Object(
    {
      id: Type.Integer({ description: 'Use as `office` when creating a PICKUP shipment' }),
      code: Type.String(),
      name: Type.String(),
      company: Type.String(),
      address: OfficeAddress,
      opening_hours: Type.String({ description: 'OpenStreetMap opening_hours subset' }),
      distance_km: Type.Optional(Type.Number({ description: 'Distance from `near`, kilometres (only with near)' })),
    },
    { description: 'A pickup office: active and delivering parcels' },
  ),
);
export type OfficeT = Static<typeof Office>;

export const OfficePage = Page('OfficePage', Office);

export const OfficeSearch = Type.Object(
  {
    zip: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description:
          "Postal code filter, by postal key: the rate card's `zip_key` reads X5000ABC and 5000 as one code " +
          '(without one: whole codes, case- and space-insensitive)',
        'x-error': 'must be 1 to 20 characters',
      }),
    ),
    near: Type.Optional(
      Type.String({
        pattern: '^\\s*-?\\d{1,2}(\\.\\d+)?\\s*,\\s*-?\\d{1,3}(\\.\\d+)?\\s*$',
        description: 'Addition: `lat,lng`; nearest offices first, each with distance_km',
        'x-error': 'must be lat,lng (e.g. -31.4167,-64.1833)',
        'x-format': 'lat_lng',
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type OfficeSearchT = Static<typeof OfficeSearch>;

export const PlacesQuery = Type.Object(
  {
    zip: Type.String({
      minLength: 1,
      maxLength: 20,
      description: "A postal code, read by the rate card's `zip_key` like the `zip` of GET /offices",
      'x-error': 'must be 1 to 20 characters',
    }),
  },
  { additionalProperties: false },
);

export const Places = named(
  'Places',
  Type.Object({
    data: Type.Array(
      Type.Object({
        city: Type.String(),
        state: Type.String(),
        country: Type.String(),
        offices: Type.Integer({ description: 'Offices of the directory in this place with this postal code' }),
      }),
      { description: 'Most offices first; empty when the directory has none at this postal code' },
    ),
  }),
);
