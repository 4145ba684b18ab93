import { Type, type Static } from '@sinclair/typebox';
import { Measure, Method, StringEnum } from '../../platform/schemas/common.js';
import { described, named } from '../../shared/schemas/named.js';
import { SIZES } from './ratecard-schema.js';

const parcel = (unit: string) =>
  Measure(
    `The parcel, in ${unit}; with all four of length, width, height and weight the size is the card's smallest that holds it`,
  );

export const QuoteQuery = Type.Object(
  {
    lat: Type.Optional(
      Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the destination; requires lng' }),
    ),
    lng: Type.Optional(
      Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the destination; requires lat' }),
    ),
    zip: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'Postal code; required when lat and lng are not given',
        'x-error': 'must be 1 to 20 characters',
      }),
    ),
    size: Type.Optional(
      StringEnum(
        SIZES,
        'Size of the parcel (limits in the rate card); M when absent; not with length, width, height and weight',
      ),
    ),
    length: Type.Optional(parcel('centimetres')),
    width: Type.Optional(parcel('centimetres')),
    height: Type.Optional(parcel('centimetres')),
    weight: Type.Optional(parcel('kilograms')),
  },
  {
    additionalProperties: false,
    // Where the parcel goes: `lat` and `lng` together, else `zip` (OpenAPI lists query parameters one by one, so
    // the document states this in their descriptions too).
    dependentRequired: { lat: ['lng'], lng: ['lat'] },
    if: { anyOf: [{ required: ['lat'] }, { required: ['lng'] }] },
    else: { required: ['zip'], 'x-error': 'is required when lat and lng are not given' },
  },
);
export type QuoteQueryT = Static<typeof QuoteQuery>;

const OffsetDateTime = (description: string) =>
  Type.String({ format: 'date-time', description: `${description}, ISO 8601 with the origin's UTC offset` });

export const QuoteOption = named(
  'QuoteOption',
  Type.Object({
    method: described(Method, 'The method quoted: pass it as `method` when creating the shipment'),
    name: Type.String(),
    title: Type.String(),
    rate: Type.Number(),
    currency: Type.String({ description: 'ISO 4217' }),
    min_date: OffsetDateTime('Earliest delivery promise'),
    max_date: OffsetDateTime('Latest delivery promise'),
  }),
);

export const QuoteOptions = Type.Array(QuoteOption);
